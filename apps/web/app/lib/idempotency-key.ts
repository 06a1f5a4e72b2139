/**
 * A fresh `Idempotency-Key` for one attempt of a payment or order (a double submit of the same attempt starts
 * one); `randomUUID` is missing on plain-HTTP pages of older browsers.
 */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
