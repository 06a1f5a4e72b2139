/**
 * A TCP proxy for fault tests: the app talks to PostgreSQL through it, and the
 * test cuts the network where it wants to: every open connection at once, the
 * connection that sends a given statement (mid-transaction), or everything for
 * a while (refused, or silently dropped as a broken network would).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** `url` with its host and port replaced by the proxy's. */
  url: string;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Resets every open connection, as a restarted server or a failover would. */
  cut: () => void;
  /**
   * Resets the connection on which the client sends text matching `pattern`, before that message
   * reaches the server (once); resolves when it happened.
   */
  cutOn: (pattern: RegExp) => Promise<void>;
  /**
   * The server out of reach until `restore`: `refuse` resets open connections and refuses new ones;
   * `silent` lets nothing through either way and leaves new connections hanging (a network partition).
   */
  down: (mode: 'refuse' | 'silent') => void;
  /** Back to normal: connections held by a silent outage are reset, new ones go through. */
  restore: () => void;
  close: () => Promise<void>;
};

type Pair = { client: Socket; server: Socket | null };

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const pairs = new Set<Pair>();
  let mode: 'up' | 'refuse' | 'silent' = 'up';
  const triggers: { pattern: RegExp; fire: () => void }[] = [];

  const reset = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.server?.resetAndDestroy();
    pairs.delete(pair);
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, server: null };
    client.on('error', () => undefined);
    if (mode === 'refuse') return void client.resetAndDestroy();
    pairs.add(pair);
    client.on('close', () => {
      pair.server?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'silent') return; // accepted, never answered
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
    pair.server = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('data', (chunk) => {
      if (mode === 'up') client.write(chunk);
    });
    client.on('data', (chunk) => {
      if (mode !== 'up') return;
      const text = chunk.toString('latin1');
      const hit = triggers.findIndex((t) => t.pattern.test(text));
      if (hit >= 0) {
        const [trigger] = triggers.splice(hit, 1);
        reset(pair);
        trigger!.fire();
        return;
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    get open() {
      return pairs.size;
    },
    cut: () => [...pairs].forEach(reset),
    cutOn: (pattern) => new Promise<void>((fire) => triggers.push({ pattern, fire })),
    down(next) {
      mode = next;
      if (next === 'refuse') [...pairs].forEach(reset);
    },
    restore() {
      if (mode === 'silent') [...pairs].forEach(reset);
      mode = 'up';
    },
    close: async () => {
      [...pairs].forEach(reset);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
