import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { jemallocPath } from '../../apps/server/src/runtime.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Runs `node scripts/start-server.ts` (what `npm start` runs after its build) with `env`; resolves with its
 * output once `until` matches or it exits.
 */
function runServer(env: Record<string, string>, until: RegExp) {
  const child = spawn(process.execPath, ['scripts/start-server.ts'], { cwd: ROOT, env: { ...process.env, ...env } });
  let output = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const ready = new Promise<string>((resolveReady) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) resolveReady(output);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => resolveReady(output));
  });
  return { child, ready, exited, output: () => output };
}

test('the start command prints the addresses and demo sign-ins, answers, and stops cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pool-start-'));
  const server = runServer(
    { PORT: '3987', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    /API docs:.*\n(.|\n)*Customer:/,
  );
  const printed = await server.ready;
  expect(printed).toContain('Site (Arabic):   http://127.0.0.1:3987/');
  expect(printed).toContain('Site (English):  http://127.0.0.1:3987/en');
  expect(printed).toContain('Admin:           http://127.0.0.1:3987/admin');
  expect(printed).toContain('API docs:        http://127.0.0.1:3987/api/docs');
  expect(printed).toContain('(demo data loaded)');
  expect(printed).toMatch(/Admin sign-in: {3}admin@masabeh\.com \/ \S+/);
  expect(printed).toContain('Customer:        +966 500000001');

  const ready = await fetch('http://127.0.0.1:3987/api/ready');
  expect(ready.status).toBe(200);
  // The launcher became the server (the same process), with its flags and, where the host has it, jemalloc.
  const pid = server.child.pid!;
  expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--conditions=pool-build');
  const jemalloc = jemallocPath();
  if (jemalloc) expect(readFileSync(`/proc/${pid}/maps`, 'utf8')).toContain(jemalloc);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});

test('a wrong configuration stops the start with the list of problems', async () => {
  const server = runServer(
    { PORT: 'eighty', DATABASE_URL: 'nope', DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-bad-')) },
    /$^/,
  );
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('Invalid configuration');
  expect(server.output()).toContain('PORT');
  expect(server.output()).toContain('DATABASE_URL');
});
