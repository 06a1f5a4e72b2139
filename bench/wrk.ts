/**
 * The load generator: wrk (Debian's package `wrk`), one thread, in a process of its own. autocannon, used
 * before, read every answer's body into a JavaScript string in the bench's own thread: on a 2-core machine
 * a page (30 to 240 KB, Arabic) then measured the client more than the server (a bare route's 27 KB of
 * random bytes: 2,100 answers/s through autocannon, 12,800 for 27 KB of ASCII; our cached English home
 * 2,089 through autocannon, 5,351 through wrk, in the same minute).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type LoadOptions = {
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Header sets taken in turn, one per request (several customers' sessions). */
  rotate?: Record<string, string>[];
  /** The status every answer should have; the others are counted. */
  expect: number;
};

export type Load = {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Connections refused, reset or timed out. */
  errors: number;
  /** Answers whose status was not the one expected (200, or 304 for a conditional request). */
  unexpected: number;
  bytesPerAnswer: number;
};

/** A Lua string literal of an ASCII text (headers are). */
function lua(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not a printable ASCII header: ${text}`);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * wrk's script: the rotated headers, the unexpected statuses, the figures as one JSON line. Each hook costs
 * per request, so a script has only those it needs: `request` only to rotate headers, `response` (which makes
 * wrk copy every answer into Lua) only when the status expected is not 200; for 200 wrk's own count of
 * statuses over 399 serves.
 */
function script(o: LoadOptions): string {
  const sets = (o.rotate ?? [])
    .map(
      (set) =>
        `{${Object.entries(set)
          .map(([k, v]) => `[${lua(k)}]=${lua(v)}`)
          .join(',')}}`,
    )
    .join(',\n');
  const rotate = `
local sets = {${sets}}
n = 0
function request()
  n = n + 1
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  for k, v in pairs(sets[(n % #sets) + 1]) do headers[k] = v end
  return wrk.format(nil, nil, headers)
end
`;
  const count = `
function response(status) if status ~= ${o.expect} then unexpected = unexpected + 1 end end
`;
  return `
local threads = {}
unexpected = 0
function setup(thread) table.insert(threads, thread) end
${o.rotate?.length ? rotate : ''}${o.expect === 200 ? '' : count}
function done(summary, latency)
  local e = summary.errors
  local wrong = ${o.expect === 200 ? 'e.status' : '0'}
  for _, t in ipairs(threads) do wrong = wrong + t:get("unexpected") end
  io.write(string.format('\\n{"requests":%d,"us":%d,"bytes":%d,"errors":%d,"p50":%d,"p99":%d,"unexpected":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), wrong))
end
`;
}

const dir = mkdtempSync(join(tmpdir(), 'pool-bench-wrk-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
let scripts = 0;

/** `seconds` of load on `url` from `connections` connections. */
export async function load(url: string, o: LoadOptions): Promise<Load> {
  const file = join(dir, `load-${++scripts}.lua`);
  writeFileSync(file, script(o));
  const headers = Object.entries(o.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--timeout', '10s', '-s', file, ...headers, url];
  const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 });
  const line = stdout.trim().split('\n').at(-1)!;
  const r = JSON.parse(line) as Record<'requests' | 'us' | 'bytes' | 'errors' | 'p50' | 'p99' | 'unexpected', number>;
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    rps: Math.round(r.requests / (r.us / 1e6)),
    p50: ms(r.p50),
    p99: ms(r.p99),
    errors: r.errors,
    unexpected: r.unexpected,
    bytesPerAnswer: r.requests ? Math.round(r.bytes / r.requests) : 0,
  };
}

/** Fails at once with the way to install wrk when it is not there (`wrk --version` prints its name and exits 1). */
export async function checkWrk() {
  const printed = await run('wrk', ['--version']).then(
    (r) => r.stdout,
    (err: { stdout?: string }) => String(err.stdout ?? ''),
  );
  if (!printed.includes('wrk'))
    throw new Error('The bench loads the server with wrk: apt-get install -y wrk (Debian).');
}
