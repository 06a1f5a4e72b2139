/**
 * Sign-in limits of SECURITY.md 5-7, counted in the `rate_events` table so
 * they hold across processes and restarts. Windows are measured with the
 * database clock (`now()`), the one clock every process shares.
 */
import { and, desc, eq, gt, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { OTP_RESEND_SECONDS } from '@pool/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

const t = tables.rateEvents;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The numbers of SECURITY.md 5-7 (ours). */
export const LIMITS = {
  resendSeconds: OTP_RESEND_SECONDS,
  phoneSends: [
    { window: 10 * 60, max: 3 },
    { window: DAY, max: 5 },
  ],
  failedChecks: { window: DAY, max: 10 },
  ipSends: { window: HOUR, max: 10 },
  ipPhones: { window: HOUR, max: 5 },
  capWindow: HOUR,
} as const;

/** Event names (`rate_events.action`). */
export const EVENTS = {
  /** One per SMS code sent; subject = full number. */
  phoneSend: 'sms.phone',
  /** One per SMS code sent; subject = client IP, detail = full number. */
  ipSend: 'sms.ip',
  /** One per SMS code sent; subject = calling code (also counted for the global cap). */
  prefixSend: 'sms.prefix',
  /** One per wrong code; subject = full number. */
  failedCheck: 'otp.fail',
} as const;

const since = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
/** Whole seconds until an event at `createdAt` leaves a window of `seconds` (at least 1). */
const waitSql = (seconds: number) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${t.createdAt} + make_interval(secs => ${seconds}) - now()))))::int`;

/**
 * When `max` events already happened within `window` seconds: the seconds
 * until one of them leaves the window; otherwise null.
 */
export async function limitWait(db: Db, action: string, subject: string | null, window: number, max: number) {
  const where: SQL[] = [eq(t.action, action), gt(t.createdAt, since(window))];
  if (subject !== null) where.push(eq(t.subject, subject));
  const [row] = await db
    .select({ wait: waitSql(window) })
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt))
    .offset(max - 1)
    .limit(1);
  return row ? row.wait : null;
}

export async function recordEvents(db: Db, events: { action: string; subject: string; detail?: string }[]) {
  if (events.length) await db.insert(t).values(events);
}

const limited = (retryAfter: number, msgKey = 'server.too_many_requests') =>
  new AppError('tooManyRequests', msgKey, { data: { retry_after: retryAfter } });

/** The refusal when the hourly cap of all SMS is reached: nobody's fault, and the admins are told. */
export const SMS_PAUSED = 'server.sms_paused';

export type SendSubject = { fullPhone: string; countryCode: string; ip: string };

/**
 * Throws 429 when a code may not be sent now. Run it inside the transaction
 * that holds the phone's advisory lock, then `recordSend` in the same one.
 */
export async function assertCanSend(db: Db, config: Config, s: SendSubject) {
  const resend = await limitWait(db, EVENTS.phoneSend, s.fullPhone, LIMITS.resendSeconds, 1);
  if (resend !== null) {
    throw new AppError('tooManyRequests', 'server.resend_wait', {
      params: { seconds: resend },
      data: { retry_after: resend },
    });
  }
  type Check = [action: string, subject: string | null, window: number, max: number, msgKey?: string];
  const checks: Check[] = [
    ...LIMITS.phoneSends.map((l): Check => [EVENTS.phoneSend, s.fullPhone, l.window, l.max]),
    [EVENTS.failedCheck, s.fullPhone, LIMITS.failedChecks.window, LIMITS.failedChecks.max],
    [EVENTS.ipSend, s.ip, LIMITS.ipSends.window, LIMITS.ipSends.max],
    [EVENTS.prefixSend, s.countryCode, LIMITS.capWindow, config.SMS_HOURLY_CAP_PER_PREFIX],
    [EVENTS.prefixSend, null, LIMITS.capWindow, config.SMS_HOURLY_CAP_GLOBAL, SMS_PAUSED],
  ];
  for (const [action, subject, window, max, msgKey] of checks) {
    const wait = await limitWait(db, action, subject, window, max);
    if (wait !== null) throw limited(wait, msgKey);
  }
  // Distinct numbers per IP: a number already asked for from this IP is not a new one.
  const numbers = await db
    .select({ phone: t.detail, wait: sql<number>`max(${waitSql(LIMITS.ipPhones.window)})` })
    .from(t)
    .where(
      and(
        eq(t.action, EVENTS.ipSend),
        eq(t.subject, s.ip),
        gt(t.createdAt, since(LIMITS.ipPhones.window)),
        isNotNull(t.detail),
      ),
    )
    .groupBy(t.detail);
  if (numbers.length >= LIMITS.ipPhones.max && !numbers.some((n) => n.phone === s.fullPhone)) {
    throw limited(Math.min(...numbers.map((n) => n.wait)));
  }
}

export async function recordSend(db: Db, s: SendSubject) {
  await recordEvents(db, [
    { action: EVENTS.phoneSend, subject: s.fullPhone },
    { action: EVENTS.ipSend, subject: s.ip, detail: s.fullPhone },
    { action: EVENTS.prefixSend, subject: s.countryCode },
  ]);
}

/** 429 once a number collected 10 wrong codes in 24 h. */
export async function assertCanCheck(db: Db, fullPhone: string) {
  const wait = await limitWait(db, EVENTS.failedCheck, fullPhone, LIMITS.failedChecks.window, LIMITS.failedChecks.max);
  if (wait !== null) throw limited(wait);
}

export const recordFailedCheck = (db: Db, fullPhone: string) =>
  recordEvents(db, [{ action: EVENTS.failedCheck, subject: fullPhone }]);

/** Deletes events older than every window (for a periodic job). */
export async function pruneRateEvents(db: Db, olderThanSeconds = 2 * DAY) {
  await db.delete(t).where(lt(t.createdAt, since(olderThanSeconds)));
}
