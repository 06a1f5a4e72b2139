/**
 * How every launcher starts a server process: the compiled server, V8's flags and glibc's malloc setting,
 * given before the process starts (none can be set from inside it). `npm start`, `npm run start:prod` and
 * the Dockerfile repeat them as literals, checked against these by scripts/deploy.test.ts; the bench, the
 * cluster test and the end-to-end tests import them.
 * - The server as JavaScript (scripts/build-server.ts, ADR 0030), its packages' builds chosen by the
 *   `pool-build` export condition: Node's type stripper is never loaded.
 * - 16 MB semi-spaces: V8 would give the young generation 134 MB on a large host.
 * - An old generation of at most 512 MB: with no limit V8 sizes it from the host's memory (4 GB here) and
 *   lets it grow to about four times what is live before a full collection; under a limit this small it
 *   grows by about 1.3 to 1.4 times, which is what keeps a process near its live 100-150 MB.
 * - Two malloc arenas: glibc makes one per thread that allocates (libuv's pool, V8's helpers) up to
 *   eight per core, each keeping what it freed.
 */
export const SERVER_NODE_FLAGS = [
  '--conditions=pool-build',
  '--max-semi-space-size=16',
  '--max-old-space-size=512',
] as const;
/** The compiled server's entry, from the repository's root (`npm run build` makes it). */
export const SERVER_ENTRY = 'apps/server/build/main.js';
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;
