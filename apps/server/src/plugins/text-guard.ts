/**
 * Text PostgreSQL cannot store, refused before any route runs (SECURITY.md 30): a NUL
 * character (0x00 is not allowed in text) or a lone UTF-16 surrogate anywhere in the
 * query, the path parameters or the body of an API request answers 400 in the request's language.
 */
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const MAX_DEPTH = 32;

/** Whether a string, or any key or string inside an object or array, is not storable text. */
export function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0') || !value.isWellFormed();
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasBadText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasBadText(k) || hasBadText(v, depth + 1));
}

export default fp(async (app) => {
  // After the body parsers and the multipart plugin's own preValidation (registered before this one).
  // Pages are left to the site, whose own calls to the API meet this guard.
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    if (hasBadText(req.params) || hasBadText(req.query) || hasBadText(req.body)) {
      throw new AppError('fail', 'server.bad_characters', { status: 400 });
    }
  });
});
