/** Test helpers: a listening app on a database, a POST on its own connection, a server-sent events stream read with fetch. */
import { request } from 'node:http';
import type { Database } from '@pool/db';
import { buildAppOver } from '../../testing/app.ts';

export type SseEvent = { event: string; data: unknown; id?: string };

export type SseClient = {
  status: number;
  headers: Headers;
  /** Resolves with the next event named `event` (earlier ones of other names are skipped). */
  next: (event: string, timeoutMs?: number) => Promise<SseEvent>;
  /** Raw text received so far. */
  raw: () => string;
  /** Resolves when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close: () => void;
};

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const queue: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let text = '';
  let buffer = '';
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const s = decoder.decode(chunk, { stream: true });
        text += s;
        buffer += s;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = sseFields(block);
          if (fields.event) queue.push({ event: fields.event, data: JSON.parse(fields.data ?? 'null'), id: fields.id });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    raw: () => text,
    ended,
    close: () => controller.abort(),
    async next(event, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((e) => e.event === event);
        if (i >= 0) return queue.splice(0, i + 1).at(-1)!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${event}" event within ${timeoutMs} ms; got: ${text.slice(-500)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

/** An app listening on a free port over `database`, as one of several processes would be. */
export async function serve(database: Database) {
  const app = await buildAppOver(database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${port}/api` };
}

/** A POST on its own connection (fetch's pool would keep one open and delay the servers' close). */
export function postJson(url: string, token: string, body: object) {
  return new Promise<unknown>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: 'en' },
    });
    req.on('response', (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve(JSON.parse(data)));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The fields of one event block of a server-sent events stream (`event`, `data`, `id`, `retry`). */
export function sseFields(block: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^(\w+): ?(.*)$/.exec(line);
    if (m) fields[m[1]!] = m[2]!;
  }
  return fields;
}
