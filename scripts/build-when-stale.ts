/**
 * `npm start`'s first half: builds the site and the server (`npm run build`) when either build is missing
 * or older than any of its sources; the second half starts the built server on the embedded database
 * with demo data (package.json). `npm run dev` serves the sources through Vite instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENTRY } from '../apps/server/src/runtime.ts';
import { ROOT as root, serverWorkspaces } from './server-workspaces.ts';

/** What the build makes: the site's server entry and the server's own (scripts/build-server.ts). */
const BUILT = ['apps/web/build/server/index.js', SERVER_ENTRY];
/** What the build is made from: the server and its packages, the web app, their settings and the lock file. */
const SOURCES = [
  ...serverWorkspaces().flatMap((workspace) => [
    `${workspace}/src`,
    `${workspace}/package.json`,
    `${workspace}/tsconfig.build.json`,
  ]),
  'apps/web/app',
  'apps/web/public',
  // The web build's settings and plugins (vite.config.ts, react-router.config.ts, mantine-styles.ts, …).
  ...readdirSync(join(root, 'apps/web'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `apps/web/${name}`),
  'apps/web/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const builtAt = Math.min(
  ...BUILT.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
);
const stale = SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
if (stale) {
  console.log(
    builtAt ? 'The code changed since its build: building it again…' : 'Building the site and the server (once)…',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
