/**
 * One-time codes (SECURITY.md 1-5, 9): 4 digits from `crypto.randomInt`,
 * stored only as HMAC(secret, phone|purpose|code), 5 minutes, 5 wrong
 * attempts, single use. Consuming is one conditional UPDATE, so parallel
 * checks of one code (on any number of connections) succeed exactly once.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@pool/contracts';
import { hmac, safeEqualHex } from '../../lib/tokens.ts';

const t = tables.otpCodes;

export type OtpPurpose = 'login' | 'phone_change' | 'staff_login';
/** `phone` is the full number (country code + national number). */
export type OtpTarget = { phone: string; purpose: OtpPurpose; userId: number | null };
export type CheckResult = 'ok' | 'invalid' | 'expired';

export const codeHash = (secret: string, target: OtpTarget, code: string) =>
  hmac(secret, `${target.phone}|${target.purpose}|${code}`);

const live = (target: OtpTarget) =>
  and(
    eq(t.phone, target.phone),
    eq(t.purpose, target.purpose),
    target.userId === null ? isNull(t.userId) : eq(t.userId, target.userId),
    isNull(t.consumedAt),
    isNull(t.voidedAt),
  );

/** Voids the target's live codes and stores a new one; returns the code (for the SMS only). */
export async function issueCode(db: Db, secret: string, target: OtpTarget): Promise<string> {
  await db
    .update(t)
    .set({ voidedAt: sql`now()` })
    .where(and(eq(t.phone, target.phone), eq(t.purpose, target.purpose), isNull(t.consumedAt), isNull(t.voidedAt)));
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await db.insert(t).values({
    phone: target.phone,
    purpose: target.purpose,
    userId: target.userId,
    codeHash: codeHash(secret, target, code),
    expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})`,
  });
  return code;
}

/**
 * Checks `code` against the newest live code of the target. `ok` consumes it;
 * `invalid` counts an attempt (the 5th voids the code); `expired` means there
 * is no usable code (none, expired, voided, used, or taken by a parallel check).
 */
export async function consumeCode(db: Db, secret: string, target: OtpTarget, code: string): Promise<CheckResult> {
  const [row] = await db
    .select({ id: t.id, codeHash: t.codeHash })
    .from(t)
    .where(and(live(target), gt(t.expiresAt, sql`now()`)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(1);
  if (!row) return 'expired';
  const usable = and(eq(t.id, row.id), isNull(t.consumedAt), isNull(t.voidedAt));
  if (safeEqualHex(row.codeHash, codeHash(secret, target, code))) {
    const taken = await db
      .update(t)
      .set({ consumedAt: sql`now()` })
      .where(and(usable, gt(t.expiresAt, sql`now()`)))
      .returning({ id: t.id });
    return taken.length ? 'ok' : 'expired';
  }
  const counted = await db
    .update(t)
    .set({
      attempts: sql`${t.attempts} + 1`,
      voidedAt: sql`case when ${t.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then now() end`,
    })
    .where(usable)
    .returning({ id: t.id });
  return counted.length ? 'invalid' : 'expired';
}
