/** The closed set of response keys of the API envelope (ARCHITECTURE.md, spec section 4). */
export const RESPONSE_KEYS = [
  'success',
  'fail',
  'needActive',
  'needCompleteInfo',
  'blocked',
  'unauthenticated',
  'forbidden',
  'notFound',
  'tooManyRequests',
  'exception',
  'unavailable',
] as const;
export type ResponseKey = (typeof RESPONSE_KEYS)[number];

/** Default HTTP status of each key; `fail` is 422 for field errors and 400 otherwise. */
export const KEY_STATUS: Record<ResponseKey, number> = {
  success: 200,
  fail: 400,
  needActive: 403,
  needCompleteInfo: 200,
  blocked: 403,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  exception: 500,
  /** The database (or another service the answer needs) is out of reach for now: try again. */
  unavailable: 503,
};
