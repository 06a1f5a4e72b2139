import argon2 from 'argon2';

/** argon2id with the library's OWASP-aligned defaults (SECURITY.md 13). */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });
export const verifyPassword = async (hash: string, password: string) => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};
