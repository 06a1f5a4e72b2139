import { defineConfig } from 'vitest/config';

/**
 * The cluster test alone (`npm run test:cluster`): it starts its own PostgreSQL, Redis, S3 store,
 * three app processes and HAProxy, so it runs by itself, one file, never in `vitest run`.
 */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    testTimeout: 420_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
