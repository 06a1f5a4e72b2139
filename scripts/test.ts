/**
 * `npm test`: every test, in order of speed.
 *   1. typecheck of every workspace, and side by side lint and format check, and that the generated API types
 *      of the web app (apps/web/app/lib/api-schema.d.ts) match the server's OpenAPI document (`npm run api:types -- --check`)
 *   2. unit and API tests (Vitest; real PostgreSQL: TEST_DATABASE_URL or a throwaway embedded server)
 *   3. production build of the site, and that no customer page of it loads a dashboard text or
 *      schema (scripts/check-client-bundles.ts, ADR 0014)
 *   4. the cluster test (`npm run test:cluster`, issue 14): PostgreSQL, Redis, S3, three app processes on
 *      that build and HAProxy, under a mixed load while a process is killed and the database cut
 *   5. end-to-end tests in Chromium (Playwright) against that build
 * `npm test -- --only=unit` (or typecheck, lint, cluster, e2e) runs one step; cluster and e2e build first.
 */
import { spawn } from 'node:child_process';

const steps: Record<string, [string, string[]][]> = {
  typecheck: [['npm', ['run', 'typecheck', '--silent']]],
  lint: [
    ['npm', ['run', 'check:style', '--silent']],
    ['npm', ['run', 'api:types', '--silent', '--', '--check']],
  ],
  unit: [['node_modules/.bin/vitest', ['run']]],
  build: [
    ['npm', ['run', 'build', '--silent']],
    ['node', ['scripts/check-client-bundles.ts']],
  ],
  cluster: [['npm', ['run', 'test:cluster', '--silent']]],
  e2e: [['npm', ['test', '--silent', '-w', '@pool/e2e']]],
};

/** Steps run side by side (each mostly one busy core): their output is printed as each ends. */
const SIDE_BY_SIDE = [['typecheck', 'lint']];

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const order = only === 'e2e' || only === 'cluster' ? ['build', only] : only ? [only] : Object.keys(steps);
for (const name of order) {
  if (!steps[name]) {
    console.error(`unknown step ${name}; steps: ${Object.keys(steps).join(', ')}`);
    process.exit(2);
  }
}

/** Runs a step's commands in turn; `live`: their output as it comes, else kept and printed at the end. */
async function runStep(name: string, live: boolean): Promise<number> {
  const started = Date.now();
  let output = '';
  const write = (text: string) => (live ? process.stdout.write(text) : (output += text));
  write(`\n== ${name}\n`);
  let status = 0;
  for (const [command, args] of steps[name]!) {
    status = await new Promise<number>((done) => {
      const child = spawn(command, args, { env: process.env, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (d: Buffer) => (output += d));
      child.stderr?.on('data', (d: Buffer) => (output += d));
      child.on('close', (code) => done(code ?? 1));
    });
    if (status !== 0) break;
  }
  write(`== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  if (!live) process.stdout.write(output);
  return status;
}

for (let i = 0; i < order.length; i++) {
  const group = SIDE_BY_SIDE.find((g) => g[0] === order[i] && g.every((n, k) => order[i + k] === n));
  const names = group ?? [order[i]!];
  const statuses = await Promise.all(names.map((name) => runStep(name, names.length === 1)));
  i += names.length - 1;
  const failed = statuses.find((s) => s !== 0);
  if (failed !== undefined) process.exit(failed);
}
