import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, mallocEnv } from '../apps/server/src/runtime.ts';

/** A fresh data folder per run: PGlite database, SMS outbox, uploads. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pool-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 3999);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * A second server, for settings the main one must not have. The address map (tests/checkout-map.spec.ts):
 * `MAPS_API_KEY` set, so the CSP allows Google's hosts and the site loads the Maps API (answered by a
 * fake in the test). The page limits (tests/limits.spec.ts): the default API limit and a small page
 * limit. Kept cheap to boot: its own PGlite folder inside the run's, no demo store.
 */
const mapsPort = Number(process.env.E2E_MAPS_PORT ?? port + 1);
const mapsDataDir = join(dataDir, 'maps-server');
mkdirSync(mapsDataDir, { recursive: true });
// Where the spec finds that server's sign-in codes (workers inherit the runner's environment).
process.env.E2E_MAPS_DATA_DIR = mapsDataDir;
const SECOND_SERVER_SPECS = /(checkout-map|limits)\.spec\.ts$/;
/** The app's server on `port`, with the run's common settings and `env` on top. */
const server = (port: number, env: Record<string, string>) => ({
  // The compiled server, as every launcher starts it (`npm test` builds it first).
  command: ['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' '),
  cwd: resolve(import.meta.dirname, '..'),
  url: `http://127.0.0.1:${port}/api/ready`,
  // A first start draws the demo store's pictures (AVIF and WebP at three widths): a minute on a busy machine.
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: process.env.E2E_SERVER_LOG ? ('pipe' as const) : ('ignore' as const),
  stderr: 'pipe' as const,
  env: {
    ...mallocEnv(),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    SITE_RATE_LIMIT_PER_MINUTE: '100000',
    // Each test sends its own X-Forwarded-For (a documentation address), so per-IP sign-in limits apply per test.
    TRUST_PROXY_HOPS: '1',
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry, reported as "flaky" in the list: a test that fails twice fails the run.
  // Two whole CI runs were lost to single timing failures on a loaded 2-core machine.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    // Arabic is the default; tests of English use /en or their own locale.
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    // A trace records every action's page (a DOM snapshot and a screenshot each): 15-18 % of the run's time
    // here when kept for every test. The retry of a failed test records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: SECOND_SERVER_SPECS },
    { name: 'second', testMatch: SECOND_SERVER_SPECS, use: { baseURL: `http://127.0.0.1:${mapsPort}` } },
  ],
  webServer: [
    server(port, {
      DATA_DIR: dataDir,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    }),
    server(mapsPort, {
      DATA_DIR: mapsDataDir,
      SEED_DEMO: 'false',
      MAPS_API_KEY: 'AIza-e2e-fake-browser-key',
      MAPS_MAP_ID: 'e2e-map-id',
      RATE_LIMIT_PER_MINUTE: '300',
      SITE_RATE_LIMIT_PER_MINUTE: '150',
    }),
  ],
});

// Only the runner's own process removes the data folder: worker processes load this file too,
// and a worker replaced after a failing test must not delete what the running server uses.
if (!process.env.TEST_WORKER_INDEX) {
  process.on('exit', () => {
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  });
}
