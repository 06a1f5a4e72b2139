import argon2 from 'argon2';
import pLimit from 'p-limit';

/**
 * argon2id with the library's OWASP-aligned defaults (SECURITY.md 13). The test
 * runner (vitest.config.ts) asks for a cheap profile: the same algorithm with
 * little memory and time, so hundreds of sign-ins take seconds, not minutes.
 */
const COST =
  process.env.PASSWORD_HASH_PROFILE === 'test' && process.env.NODE_ENV !== 'production'
    ? { memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : {};
/**
 * One hash or verification at a time in a process. Each holds its memory cost (64 MB) for about a tenth of a
 * second: a burst of admin sign-ins would hold 64 MB each at once, up to libuv's four threads (256 MB), with
 * compression and file reads waiting behind them. Sign-in attempts are limited per account and address, so
 * the line stays short.
 */
const oneAtATime = pLimit(1);

export const hashPassword = (password: string) =>
  oneAtATime(() => argon2.hash(password, { type: argon2.argon2id, ...COST }));
export const verifyPassword = async (hash: string, password: string) => {
  try {
    return await oneAtATime(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
};
