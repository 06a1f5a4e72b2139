/**
 * `npm test`: every test, in order of speed.
 *   1. typecheck of every workspace, lint and format check
 *   2. unit and API tests (Vitest; real PostgreSQL: TEST_DATABASE_URL or a throwaway embedded server)
 *   3. production build of the site
 *   4. end-to-end tests in Chromium (Playwright) against that build
 * `npm test -- --only=unit` (or typecheck, lint, e2e) runs one step.
 */
import { spawnSync } from 'node:child_process';

const steps: Record<string, [string, string[]]> = {
  typecheck: ['npm', ['run', 'typecheck', '--silent']],
  lint: ['npm', ['run', 'check:style', '--silent']],
  unit: ['node_modules/.bin/vitest', ['run']],
  build: ['npm', ['run', 'build', '--silent']],
  e2e: ['npm', ['test', '--silent', '-w', '@pool/e2e']],
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
  const result = spawnSync(step[0], step[1], { stdio: 'inherit', env: process.env });
  console.log(
    `== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
