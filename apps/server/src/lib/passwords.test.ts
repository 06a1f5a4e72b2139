/** Password hashing holds its memory cost while it runs: one hash or verification at a time (lib/passwords.ts). */
import type * as Argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';

/** argon2 calls running now, and the most seen at once. */
const runs = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock('argon2', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof Argon2 }>()).default;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      runs.most = Math.max(runs.most, ++runs.now);
      try {
        return await run(...args);
      } finally {
        runs.now--;
      }
    };
  return { default: { ...real, hash: counted(real.hash), verify: counted(real.verify) } };
});

// Fresh modules: the fork may have loaded passwords.ts with the real argon2 for an earlier file (vitest.config.ts).
vi.resetModules();
const { hashPassword, verifyPassword } = await import('./passwords.ts');

describe('password hashing', () => {
  it('runs one hash or verification at a time, and each still answers right', async () => {
    const hash = await hashPassword('Admin-password-1');
    runs.most = 0;
    const answers = await Promise.all([
      verifyPassword(hash, 'Admin-password-1'),
      verifyPassword(hash, 'wrong-password'),
      hashPassword('Another-password-2').then((h) => verifyPassword(h, 'Another-password-2')),
      verifyPassword('not an argon2 hash', 'Admin-password-1'),
      verifyPassword(hash, 'Admin-password-1'),
    ]);
    expect(answers).toEqual([true, false, true, false, true]);
    expect(runs.most).toBe(1);
    expect(runs.now).toBe(0);
  });
});
