/**
 * `npm start`: the production build of the site on the embedded database with demo data. Builds the
 * site first when the build is missing or older than any of its sources, then starts the server
 * (apps/server/src/main.ts) in this process. `npm run dev` serves the sources through Vite instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const built = join(root, 'apps/web/build/server/index.js');
/** What the build is made from: the web app and the packages it bundles, their settings and the lock file. */
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/i18n/src',
  'package-lock.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const stale = SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
if (stale) {
  console.log(builtAt ? 'The site changed since its build: building it again…' : 'Building the site (once)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../apps/server/src/main.ts');
