/**
 * A throwaway Redis for tests: TEST_REDIS_URL when set, otherwise Debian's `redis-server`
 * started on a free port (nothing kept on disk). Never downloaded at run time.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '@pool/db/embedded-postgres';

export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, stop: async () => undefined };
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (err) =>
      reject(
        new Error(`redis-server could not start (${err.message}): install Debian's redis-server or set TEST_REDIS_URL`),
      ),
    ),
  );
  const deadline = Date.now() + 10_000;
  const up = async () => {
    while (Date.now() < deadline) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(true));
        socket.on('error', () => resolve(false));
        socket.on('connect', () => socket.destroy());
      });
      if (open) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start within 10 s');
  };
  await Promise.race([up(), failed]);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
