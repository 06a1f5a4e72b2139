import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['packages/db/src/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Cheap argon2 settings in tests only (lib/passwords.ts): hashing is not what they test.
    env: { PASSWORD_HASH_PROFILE: 'test' },
  },
});
