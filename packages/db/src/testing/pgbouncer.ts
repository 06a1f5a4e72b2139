/**
 * PgBouncer (Debian's package) in transaction mode in front of the test PostgreSQL, on a free
 * loopback port, with a configuration of its own in a temporary folder: what a deployment with a
 * transaction pooler looks like (issue 14). Missing, it fails with how to install it: CI installs it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './embedded-postgres.ts';

export type PgBouncer = {
  /** `targetUrl` with its host and port replaced by PgBouncer's. */
  url: string;
  /** PgBouncer's SHOW STATS row of the database: transactions and queries it passed on. */
  stats: () => Promise<{ xacts: number; queries: number }>;
  /** What PgBouncer wrote. */
  output: () => string;
  close: () => Promise<void>;
};

/** The pgbouncer binary: on the PATH, or where Debian puts it (/usr/sbin is not on every PATH). */
export function pgbouncerBinary(): string {
  for (const candidate of ['pgbouncer', '/usr/sbin/pgbouncer']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error(
    'pgbouncer is not installed: `apt-get install -y pgbouncer` (Debian; .ci/run installs it). ' +
      'The PgBouncer test is never skipped.',
  );
}

export async function startPgBouncer(targetUrl: string, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  const target = new URL(targetUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const database = target.pathname.slice(1);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pool-pgbouncer-'));
  const ini = join(dir, 'pgbouncer.ini');
  const users = join(dir, 'users.txt');
  writeFileSync(users, `"${user}" "${decodeURIComponent(target.password)}"\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // The test server trusts loopback connections; PgBouncer passes the password on when there is one.
      'auth_type = trust',
      `auth_file = ${users}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 10}`,
      'max_client_conn = 500',
      'server_reset_query =',
      'logfile =',
      'pidfile =',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: it switches to `nobody`, which must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    chmodSync(ini, 0o644);
    chmodSync(users, 0o644);
  }
  const child: ChildProcess = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));

  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const admin = new URL(url);
  admin.pathname = '/pgbouncer';

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${output}`);
    const client = new pg.Client({ connectionString: url.toString() });
    const up = await client.connect().then(
      () => client.query('select 1').then(() => true),
      () => false,
    );
    await client.end().catch(() => undefined);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url: url.toString(),
    output: () => output,
    async stats() {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        // The admin console speaks the simple protocol only (a query without parameters).
        const { rows } = await client.query<Record<string, string>>('SHOW STATS');
        const row = rows.find((r) => r.database === database);
        return { xacts: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
      } finally {
        await client.end();
      }
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
