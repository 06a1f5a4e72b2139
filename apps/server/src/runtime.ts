import { existsSync } from 'node:fs';

/**
 * How every launcher starts a server process: the compiled server, V8's flags and the malloc settings,
 * given before the process starts (none can be set from inside it). `npm start` and `npm run start:prod`
 * (scripts/start-server.ts), the bench, the cluster test and the end-to-end tests import them; the Dockerfile
 * repeats them as literals, checked against these by scripts/deploy.test.ts.
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

/**
 * jemalloc in place of glibc's malloc where the host has it (Debian's `libjemalloc2`; the image installs it):
 * glibc keeps what the threads of a long-running process freed, fragmented, where jemalloc gives it back (sharp's
 * own documentation asks for it on glibc). Dirty pages go back after a second, through its background thread.
 * In A/Bs of the same build (ADR 0031) a process held 259-271 MB after the signed-in pages and public reads
 * against 303-340 MB with glibc, at the same throughput.
 */
export const JEMALLOC_CONF = 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0';
const MULTIARCH: Partial<Record<NodeJS.Architecture, string>> = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' };

/** Debian's jemalloc on this host, or null (another system, or the package not installed). */
export function jemallocPath(): string | null {
  const triple = MULTIARCH[process.arch];
  const path = triple && `/usr/lib/${triple}/libjemalloc.so.2`;
  return path && existsSync(path) ? path : null;
}

/** The malloc settings of a server process: glibc's two arenas, or jemalloc where the host has it. */
export function mallocEnv(jemalloc = jemallocPath()): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: '2',
    ...(jemalloc ? { LD_PRELOAD: jemalloc, MALLOC_CONF: JEMALLOC_CONF } : {}),
  };
}
