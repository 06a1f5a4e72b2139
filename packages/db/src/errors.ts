/**
 * What a database error means, read through the wrappers around it: Drizzle
 * throws its own query error with the driver's error as `cause`.
 */

/** The error and the errors it wraps, outermost first (bounded: a cause chain may loop). */
export function* errorChain(err: unknown): Generator<object> {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e && typeof e === 'object'; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The first SQLSTATE (`23505`, `40001`…) or Node error code (`ECONNRESET`) found in the chain. */
export function errorCode(err: unknown): string | undefined {
  for (const e of errorChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Whether some error in the chain carries one of `codes`. */
export const hasErrorCode = (err: unknown, codes: ReadonlySet<string>) =>
  [...errorChain(err)].some((e) => codes.has(String((e as { code?: unknown }).code)));

/**
 * SQLSTATEs of a lost or refused server: connection exceptions (class 08), the server shutting down or
 * starting (57P01-57P03), too many connections, statement timeout (57014) and idle-in-transaction
 * timeout (25P03); and the socket errors of a server out of reach.
 */
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '25P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a lost connection or a timeout with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
];

/** Whether `err` says the database is out of reach (503), not that the request was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (UNAVAILABLE_CODES.has(String((e as { code?: unknown }).code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

/** Whether `err` is a unique violation (23505), of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of errorChain(err)) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23505' && (constraint === undefined || pg.constraint === constraint)) return true;
  }
  return false;
}
