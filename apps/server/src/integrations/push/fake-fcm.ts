/** Test helper: a local stand-in for Google's token endpoint and FCM HTTP v1. */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Seen = { url: string; headers: Record<string, string | string[] | undefined>; body: string };

/** A local stand-in for Google's token endpoint and FCM HTTP v1 `messages:send`. */
export async function fakeFcm() {
  const seen = { token: [] as Seen[], send: [] as Seen[] };
  const answer = { send: { status: 200, body: { name: 'projects/p/messages/1' } as unknown }, tokenStatus: 200 };
  let issued = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const entry = { url: req.url ?? '', headers: req.headers, body: raw };
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        seen.token.push(entry);
        res.statusCode = answer.tokenStatus;
        return res.end(JSON.stringify({ access_token: `access-${++issued}`, expires_in: 3600, token_type: 'Bearer' }));
      }
      seen.send.push(entry);
      res.statusCode = answer.send.status;
      res.end(JSON.stringify(answer.send.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    seen,
    answer,
    publicKey: keys.publicKey,
    /** The PEM as it arrives in a one-line environment variable. */
    config: {
      FCM_PROJECT_ID: 'pool-test',
      FCM_CLIENT_EMAIL: 'push@pool-test.iam.gserviceaccount.com',
      FCM_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'),
      FCM_API_URL: base,
      FCM_TOKEN_URL: `${base}/token`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
