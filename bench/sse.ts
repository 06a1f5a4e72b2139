/**
 * Open server-sent-event streams held at once by one server process: `count` customers' live notification
 * streams (`GET /api/user/notifications/stream`, bearer tokens of `tokens` in turn), opened `batch` at a
 * time; a stream counts as open once its `ready` event came. The server's memory (VmRSS) is read before
 * and after, with the streams still open.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** The resident and peak memory of process `pid`, in MB (Linux /proc), the resident split anonymous / file-backed. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  const mb = (v: number) => Math.round((v / 1024) * 10) / 10;
  // RssFile: pages of the node binary (ICU's data), libraries and files, shared and given back under pressure.
  return { rssMb: mb(kb('VmRSS')), peakMb: mb(kb('VmHWM')), anonMb: mb(kb('RssAnon')), fileMb: mb(kb('RssFile')) };
}

/**
 * Where a server's memory is, from its own `GET /metrics` (prom-client's process metrics, ADR 0025), in MB:
 * V8's heap (used of its size), the memory outside it that V8 tracks (buffers), and the rest of the RSS (code,
 * stacks and what malloc holds for compression, TLS and sockets). Null when the metrics cannot be read.
 */
export async function memoryParts(port: number, rssMb: number) {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
    const heapUsedMb = Math.round(metric('nodejs_heap_size_used_bytes'));
    const heapMb = Math.round(metric('nodejs_heap_size_total_bytes'));
    const externalMb = Math.round(metric('nodejs_external_memory_bytes'));
    if ([heapUsedMb, heapMb, externalMb].some(Number.isNaN)) return null;
    return { heapUsedMb, heapMb, externalMb, restMb: Math.round(rssMb - heapMb - externalMb) };
  } catch {
    return null;
  }
}

export type SseResult = {
  asked: number;
  open: number;
  failed: number;
  openSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  perConnectionKb: number;
  firstError?: string;
};

export async function holdStreams(
  port: number,
  pid: number,
  tokens: string[],
  count: number,
  batch = 250,
): Promise<SseResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let failed = 0;
  let firstError: string | undefined;
  await new Promise((r) => setTimeout(r, 1000));
  const before = memoryOf(pid).rssMb;
  const started = Date.now();
  const openOne = (i: number) =>
    new Promise<boolean>((resolve) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/user/notifications/stream',
          agent,
          headers: { accept: 'text/event-stream', authorization: `Bearer ${tokens[i % tokens.length]}` },
        },
        (res) => {
          if (res.statusCode !== 200) {
            firstError ??= `HTTP ${res.statusCode}`;
            res.resume();
            return resolve(false);
          }
          let seen = '';
          const onData = (chunk: Buffer) => {
            seen += chunk.toString();
            if (seen.includes('event: ready')) {
              res.off('data', onData);
              res.resume();
              resolve(true);
            }
          };
          res.on('data', onData);
        },
      );
      req.on('error', (err) => {
        firstError ??= err.message;
        resolve(false);
      });
      requests.push(req);
    });
  let open = 0;
  for (let i = 0; i < count; i += batch) {
    const results = await Promise.all(Array.from({ length: Math.min(batch, count - i) }, (_, k) => openOne(i + k)));
    for (const ok of results) {
      if (ok) open++;
      else failed++;
    }
  }
  const openSeconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = memoryOf(pid).rssMb;
  for (const req of requests) req.destroy();
  agent.destroy();
  return {
    asked: count,
    open,
    failed,
    openSeconds: Math.round(openSeconds * 10) / 10,
    rssBeforeMb: before,
    rssAfterMb: after,
    perConnectionKb: open ? Math.round(((after - before) * 1024) / open) : 0,
    ...(firstError ? { firstError } : {}),
  };
}
