/**
 * The server and the packages it imports as JavaScript (ADR 0030): each workspace's `src` into its own
 * `build`, at the same depth, so paths made from `import.meta.dirname` hold in either. A production
 * process runs `apps/server/build/main.js` with `--conditions=pool-build` (apps/server/src/runtime.ts),
 * under which the packages' exports name their builds: no TypeScript is left to strip at run time, and
 * Node's type stripper (a WebAssembly module, 15-20 MB of a process) is never loaded. Types are checked
 * by `npm run typecheck`, not here (`noCheck`).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serverWorkspaces } from './server-workspaces.ts';

const tsc = join(ROOT, 'node_modules/.bin/tsc');

for (const workspace of serverWorkspaces()) {
  // A source deleted since the last build must not leave its JavaScript behind.
  rmSync(join(ROOT, workspace, 'build'), { recursive: true, force: true });
  const run = spawnSync(tsc, ['-p', join(ROOT, workspace, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
