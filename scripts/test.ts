/**
 * `npm test`: every test, in order of speed.
 *   1. typecheck of every workspace, lint and format check, and that the web app's generated API types
 *      (apps/web/app/lib/api-schema.d.ts) match the server's OpenAPI document (`npm run api:types -- --check`)
 *   2. unit and API tests (Vitest; real PostgreSQL: TEST_DATABASE_URL or a throwaway embedded server)
 *   3. production build of the site, and that no customer page of it loads a dashboard text or
 *      schema (scripts/check-client-bundles.ts, ADR 0014)
 *   4. end-to-end tests in Chromium (Playwright) against that build
 * `npm test -- --only=unit` (or typecheck, lint, e2e) runs one step.
 */
import { spawnSync } from 'node:child_process';

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
  e2e: [['npm', ['test', '--silent', '-w', '@pool/e2e']]],
};

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const order = only === 'e2e' ? ['build', 'e2e'] : only ? [only] : Object.keys(steps);

for (const name of order) {
  const step = steps[name];
  if (!step) {
    console.error(`unknown step ${name}; steps: ${Object.keys(steps).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name}`);
  const started = Date.now();
  let status: number | null = 0;
  for (const [command, args] of step) {
    status = spawnSync(command, args, { stdio: 'inherit', env: process.env }).status;
    if (status !== 0) break;
  }
  console.log(`== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
