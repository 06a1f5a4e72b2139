/**
 * Starts the built server as every launcher does (apps/server/src/runtime.ts): V8's flags and the malloc settings
 * count only from a process's start, so this process becomes the server (`process.execve`: the same process,
 * its signals reach the server, which drains and exits). `npm start` (after scripts/build-when-stale.ts) and
 * `npm run start:prod`.
 */
import { join } from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, mallocEnv } from '../apps/server/src/runtime.ts';
import { ROOT } from './server-workspaces.ts';

process.execve(process.execPath, [process.execPath, ...SERVER_NODE_FLAGS, join(ROOT, SERVER_ENTRY)], {
  ...process.env,
  ...mallocEnv(),
});
