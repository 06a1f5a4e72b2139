/**
 * A kept answer's best Brotli form (plugins/public-cache.ts): made again off the event loop after the quick one,
 * one entry at a time (each holds about 12 MB of Brotli's tables while it runs; ADR 0024).
 */
import type * as Zlib from 'node:zlib';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { until } from '../testing/until.ts';
import type { CachedAnswer } from './public-cache.ts';

/** Brotli compressions running in zlib's pool now, and the most seen at once. */
const runs = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const real = await importOriginal<typeof Zlib>();
  const brotliCompress = (input: Buffer, options: object, done: (err: Error | null, out: Buffer) => void) => {
    runs.most = Math.max(runs.most, ++runs.now);
    real.brotliCompress(input, options, (err, out) => {
      runs.now--;
      done(err, out);
    });
  };
  return { ...real, brotliCompress };
});

// Fresh modules: the fork may have loaded the cache with the real zlib for an earlier file (vitest.config.ts).
vi.resetModules();
const { sendCached } = await import('./public-cache.ts');

/** What sendCached uses of a reply; `sent` is the body it sent. */
function fakeReply() {
  const reply = {
    sent: undefined as unknown,
    headers: () => reply,
    header: () => reply,
    code: () => reply,
    send(body: unknown) {
      reply.sent = body;
      return reply;
    },
  };
  return reply;
}

const asked = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } } as unknown as FastifyRequest;
const page = (n: number) =>
  Buffer.from(Array.from({ length: 3000 }, (_, i) => `<li>منتج ${n}-${i} ${(i * 7919) % 1000}</li>`).join(''));
const best = (body: Buffer) =>
  brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } });

describe('the best Brotli forms of kept answers', () => {
  it('are made one at a time, each replacing its quick form when done', async () => {
    const answers = [1, 2, 3].map((n): CachedAnswer => ({ status: 200, headers: {}, body: page(n), etag: `W/"${n}"` }));
    const quick = answers.map((answer) => {
      const reply = fakeReply();
      sendCached(asked, reply as unknown as FastifyReply, answer);
      return reply.sent as Buffer;
    });
    for (const [i, answer] of answers.entries()) {
      expect(brotliDecompressSync(quick[i]!).equals(answer.body)).toBe(true);
      const bestForm = best(answer.body);
      expect(bestForm.length).toBeLessThan(quick[i]!.length);
      await until(async () => answer.br?.equals(bestForm) ?? false, 5000);
    }
    expect(runs.most).toBe(1);
  });
});
