import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SmsError, taqnyatSms } from './taqnyat.ts';

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: unknown };

/** A local stand-in for Taqnyat's `POST /v1/messages`. */
describe('Taqnyat SMS driver', () => {
  let server: Server;
  let baseUrl: string;
  let seen: Seen[];
  let answer: { status: number; body: unknown; delayMs?: number };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: raw ? JSON.parse(raw) : null });
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    answer = { status: 201, body: { statusCode: 201, messageId: 1 } };
  });

  it('posts the message as JSON with the bearer token', async () => {
    const sms = taqnyatSms({ baseUrl, token: 'secret-token', sender: 'Masabeh' });
    expect(sms.name).toBe('taqnyat');
    await sms.send('966500000001', 'رمز التحقق 1234');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/messages',
      headers: { authorization: 'Bearer secret-token', 'content-type': 'application/json' },
      body: { recipients: ['966500000001'], body: 'رمز التحقق 1234', sender: 'Masabeh' },
    });
  });

  it.each([400, 401, 500])('turns status %i into an SmsError', async (status) => {
    answer = { status, body: { message: 'refused' } };
    const sms = taqnyatSms({ baseUrl, token: 't', sender: 's' });
    const error = await sms.send('966500000001', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as SmsError).status).toBe(status);
  });

  it('gives up after its timeout', async () => {
    answer = { status: 201, body: {}, delayMs: 500 };
    const sms = taqnyatSms({ baseUrl, token: 't', sender: 's', timeoutMs: 50 });
    await expect(sms.send('966500000001', 'x')).rejects.toThrow();
  });
});
