import argon2 from 'argon2';

/**
 * argon2id with the library's OWASP-aligned defaults (SECURITY.md 13). The test
 * runner (vitest.config.ts) asks for a cheap profile: the same algorithm with
 * little memory and time, so hundreds of sign-ins take seconds, not minutes.
 */
const COST =
  process.env.PASSWORD_HASH_PROFILE === 'test' && process.env.NODE_ENV !== 'production'
    ? { memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : {};
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id, ...COST });
export const verifyPassword = async (hash: string, password: string) => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};
