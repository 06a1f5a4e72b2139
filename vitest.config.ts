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
    // Each fork runs its files one after another on the modules it has loaded: every file importing the
    // server anew took 40 % of the step's time (500 s -> 240 s here). So tests must leave no state in modules:
    // each builds its own app and database, restores the globals it stubs, and a file that mocks a module
    // imports what uses it after `vi.resetModules()`.
    isolate: false,
    // Cheap argon2 settings in tests only (lib/passwords.ts): hashing is not what they test.
    env: { PASSWORD_HASH_PROFILE: 'test' },
  },
});
