/**
 * Customer sign-in, sign-up, profile and phone change (spec sections 3-4,
 * SECURITY.md 1-12). Every step that sends a code runs in one transaction
 * holding the number's advisory lock, so limits hold across processes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type CodeSent,
  type Lang,
  type Session,
  type User,
} from '@pool/contracts';

export type { CodeSent };
import { translate } from '@pool/i18n';
import type { Config } from '../../config.ts';
import type { SmsDriver } from '../../integrations/sms/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { issueUserToken, revokeUserTokens, type SessionOrigin } from '../../lib/sessions.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { registerDevice } from '../notifications/index.ts';
import { assertCanCheck, assertCanSend, recordFailedCheck, recordSend, SMS_PAUSED } from './limits.ts';
import { consumeCode, issueCode, type CheckResult, type OtpPurpose } from './otp.ts';

export type UserRow = typeof tables.users.$inferSelect;
export type Deps = {
  db: Db;
  config: Config;
  sms: SmsDriver;
  log: FastifyBaseLogger;
  /** Told when the hourly cap of all SMS refuses a code (the admins are notified). */
  smsCapReached?: () => Promise<void>;
};

const users = tables.users;
const REGISTRATION_TTL_SECONDS = 15 * 60;

/** The one mapping of a users row to the API's `User`. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    country_code: row.countryCode,
    full_phone: `${row.countryCode}${row.phone}`,
    email: row.email,
    image: row.image,
    lang: row.lang === 'en' ? 'en' : 'ar',
    is_notify: row.isNotify,
    tax_number: row.taxNumber,
    commercial_record: row.commercialRecord,
    bank_account_name: row.bankAccountName,
    bank_name: row.bankName,
    iban: row.iban,
    bank_account_number: row.bankAccountNumber,
    city_id: row.cityId,
  };
}

export const toSession = (row: UserRow, token: string): Session => ({ ...toUser(row), token, is_guest: false });

// ---------------------------------------------------------------- phones

/** A number as stored: calling code + national number, and both joined (what SMS and codes use). */
export type Phone = { countryCode: string; phone: string; full: string };

/** Saudi numbers are typed with a trunk 0 (0500000001); it is not part of the international number. */
export function normalizePhone(input: { phone: string; country_code: string }): Phone {
  const countryCode = input.country_code;
  const phone = countryCode === '966' ? input.phone.replace(/^0/, '') : input.phone;
  return { countryCode, phone, full: `${countryCode}${phone}` };
}

const samePhone = (p: Phone) =>
  and(eq(users.countryCode, p.countryCode), eq(users.phone, p.phone), isNull(users.deletedAt));

async function findUserByPhone(db: Db, p: Phone): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(samePhone(p)).limit(1);
  return row;
}

/** Serializes everything that sends to, or assigns, one number (held until the transaction ends). */
const lockPhone = (tx: Db, p: Phone) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${p.full}))`);

/** SECURITY.md 7: the country must allow SMS both in the database and in the configuration. */
export async function assertSmsAllowed(db: Db, config: Config, countryCode: string) {
  const [row] = await db
    .select({ id: tables.countries.id })
    .from(tables.countries)
    .where(
      and(
        eq(tables.countries.key, countryCode),
        eq(tables.countries.smsAllowed, true),
        eq(tables.countries.active, true),
      ),
    )
    .limit(1);
  if (!row || !config.SMS_ALLOWED_COUNTRY_CODES.includes(countryCode)) {
    throw fieldError('country_code', 'server.country_not_allowed');
  }
}

async function deliver(deps: Deps, to: string, text: string) {
  try {
    await deps.sms.send(to, text);
  } catch (err) {
    deps.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'sms not sent');
    throw new AppError('exception', 'server.sms_failed', { status: 503 });
  }
}

// ---------------------------------------------------------------- codes

export type SendInput = { phone: Phone; purpose: OtpPurpose; userId: number | null; ip: string; lang: Lang };

/**
 * Sends a new code (voiding the previous one) after the limits allow it.
 * Known and unknown numbers do the same work; only a blocked account's number is
 * told so (`blocked`), and costs no SMS.
 * `within` runs inside the locked transaction once the limits passed.
 */
export async function sendCode(deps: Deps, input: SendInput, within?: (tx: Db) => Promise<void>): Promise<CodeSent> {
  const { phone } = input;
  await assertSmsAllowed(deps.db, deps.config, phone.countryCode);
  if (input.purpose === 'login' && (await findUserByPhone(deps.db, phone))?.isBlocked) {
    throw new AppError('blocked', 'server.blocked');
  }
  const subject = { fullPhone: phone.full, countryCode: phone.countryCode, ip: input.ip };
  const code = await deps.db
    .transaction(async (tx) => {
      await lockPhone(tx, phone);
      await assertCanSend(tx, deps.config, subject);
      await within?.(tx);
      const issued = await issueCode(tx, deps.config.otpSecret, {
        phone: phone.full,
        purpose: input.purpose,
        userId: input.userId,
      });
      await recordSend(tx, subject);
      return issued;
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError && err.msgKey === SMS_PAUSED) await deps.smsCapReached?.();
      throw err;
    });
  await deliver(deps, phone.full, translate(input.lang, 'server.sms_code', { code }));
  return {
    phone: phone.phone,
    country_code: phone.countryCode,
    resend_after: OTP_RESEND_SECONDS,
    expires_in: OTP_TTL_SECONDS,
  };
}

const codeError = (result: Exclude<CheckResult, 'ok'>) =>
  fieldError('code', result === 'invalid' ? 'server.code_invalid' : 'server.code_expired');

/**
 * Checks a code inside `tx`. A wrong code is counted even though the caller's
 * work is skipped, so callers return the failure and throw after the commit.
 */
async function consume(tx: Db, deps: Deps, p: Phone, purpose: OtpPurpose, userId: number | null, code: string) {
  const result = await consumeCode(tx, deps.config.otpSecret, { phone: p.full, purpose, userId }, code);
  if (result === 'invalid') await recordFailedCheck(tx, p.full);
  return result;
}

export type LoginOutcome =
  | { kind: 'session'; session: Session }
  | { kind: 'register'; data: { phone: string; country_code: string; registration_token: string } };

/** check-code: signs in (activating a pending account) or hands out a registration token. */
export async function checkLoginCode(
  deps: Deps,
  input: { phone: Phone; code: string; deviceType: string; deviceId?: string; origin: SessionOrigin },
): Promise<LoginOutcome> {
  const p = input.phone;
  await assertCanCheck(deps.db, p.full);
  type Done =
    | { result: Exclude<CheckResult, 'ok'> }
    | { result: 'ok'; registrationToken: string }
    | { result: 'ok'; blocked: true }
    | { result: 'ok'; session: Session };
  const outcome = await deps.db.transaction(async (tx): Promise<Done> => {
    const result = await consume(tx, deps, p, 'login', null, input.code);
    if (result !== 'ok') return { result };
    let user = await findUserByPhone(tx, p);
    if (!user) {
      const registrationToken = newToken();
      await tx.insert(tables.phoneVerifications).values({
        tokenHash: sha256(registrationToken),
        countryCode: p.countryCode,
        phone: p.phone,
        expiresAt: sql`now() + make_interval(secs => ${REGISTRATION_TTL_SECONDS})`,
      });
      return { result, registrationToken };
    }
    if (user.isBlocked) return { result, blocked: true };
    if (!user.isActive) {
      [user] = await tx.update(users).set({ isActive: true }).where(eq(users.id, user.id)).returning();
    }
    const token = await issueUserToken(tx, user!.id, input.deviceType, input.origin);
    if (input.deviceId) await registerDevice(tx, user!.id, input.deviceId, input.deviceType);
    return { result, session: toSession(user!, token) };
  });
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  if ('blocked' in outcome) throw new AppError('blocked', 'server.blocked');
  if ('session' in outcome) return { kind: 'session', session: outcome.session };
  return {
    kind: 'register',
    data: { phone: p.phone, country_code: p.countryCode, registration_token: outcome.registrationToken },
  };
}

// ---------------------------------------------------------------- sign-up and profile

export type ProfileInput = {
  name: string;
  email?: string;
  tax_number?: string;
  commercial_record?: string;
  bank_account_name?: string;
  bank_name?: string;
  iban?: string;
  bank_account_number?: string;
};

/** The form sends every field: an omitted optional field clears it. */
const profileColumns = (b: ProfileInput) => ({
  name: b.name,
  email: b.email ?? null,
  taxNumber: b.tax_number ?? null,
  commercialRecord: b.commercial_record ?? null,
  bankAccountName: b.bank_account_name ?? null,
  bankName: b.bank_name ?? null,
  iban: b.iban ?? null,
  bankAccountNumber: b.bank_account_number ?? null,
});

export type SignUpInput = {
  profile: ProfileInput;
  phone: Phone;
  deviceType: string;
  registrationToken?: string;
  /** Public path of the stored image, when one was sent. */
  image: string | null;
  origin: SessionOrigin;
  lang: Lang;
};

/** `imageUsed` is false when the account already existed (the caller removes the unused file). */
export type SignUpOutcome = ({ kind: 'session'; session: Session } | { kind: 'code'; data: CodeSent }) & {
  imageUsed: boolean;
};

/**
 * With a valid registration token: the active account and a session.
 * Otherwise a pending account (an existing active one is left untouched,
 * with the same answer) and a code to activate it.
 */
export async function signUp(deps: Deps, input: SignUpInput): Promise<SignUpOutcome> {
  const p = input.phone;
  const values = { ...profileColumns(input.profile), ...(input.image ? { image: input.image } : {}) };
  if (input.registrationToken) {
    const tokenHash = sha256(input.registrationToken);
    const outcome = await deps.db.transaction(async (tx) => {
      await lockPhone(tx, p);
      const v = tables.phoneVerifications;
      const [verified] = await tx
        .update(v)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(v.tokenHash, tokenHash),
            eq(v.countryCode, p.countryCode),
            eq(v.phone, p.phone),
            isNull(v.usedAt),
            gt(v.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: v.id });
      if (!verified) return null;
      let user = await findUserByPhone(tx, p);
      if (user?.isBlocked) return { blocked: true } as const;
      const imageUsed = !user?.isActive;
      if (!user) {
        [user] = await tx
          .insert(users)
          .values({ ...values, countryCode: p.countryCode, phone: p.phone, lang: input.lang, isActive: true })
          .returning();
      } else if (!user.isActive) {
        [user] = await tx
          .update(users)
          .set({ ...values, lang: input.lang, isActive: true })
          .where(eq(users.id, user.id))
          .returning();
      }
      const token = await issueUserToken(tx, user!.id, input.deviceType, input.origin);
      return { session: toSession(user!, token), imageUsed } as const;
    });
    if (outcome && 'blocked' in outcome) throw new AppError('blocked', 'server.blocked');
    if (outcome) return { kind: 'session', session: outcome.session, imageUsed: outcome.imageUsed };
    // An unknown, used or expired token: verify the number again with a code.
  }
  let imageUsed = false;
  const data = await sendCode(
    deps,
    { phone: p, purpose: 'login', userId: null, ip: input.origin.ip, lang: input.lang },
    async (tx) => {
      const user = await findUserByPhone(tx, p);
      imageUsed = !user?.isActive;
      if (!user) {
        await tx
          .insert(users)
          .values({ ...values, countryCode: p.countryCode, phone: p.phone, lang: input.lang, isActive: false });
      } else if (!user.isActive) {
        await tx
          .update(users)
          .set({ ...values, lang: input.lang })
          .where(eq(users.id, user.id));
      }
    },
  );
  return { kind: 'code', data, imageUsed };
}

export async function updateProfile(db: Db, userId: number, profile: ProfileInput, image: string | null) {
  const [row] = await db
    .update(users)
    .set({ ...profileColumns(profile), ...(image ? { image } : {}) })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Soft delete: the number is free again (the unique index ignores deleted rows); every token dies. */
export async function deleteAccount(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeUserTokens(tx, userId, 'deleted');
    await tx.delete(tables.devices).where(eq(tables.devices.userId, userId));
  });
}

// ---------------------------------------------------------------- phone change

/** Another live, verified account holds the number. (A pending one gives way on confirmation.) */
async function phoneTaken(db: Db, p: Phone, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(samePhone(p), ne(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return Boolean(row);
}

async function assertNewPhone(db: Db, user: UserRow, p: Phone) {
  if (user.countryCode === p.countryCode && user.phone === p.phone) throw fieldError('phone', 'server.phone_same');
  if (await phoneTaken(db, p, user.id)) throw fieldError('phone', 'server.phone_in_use');
}

export async function sendPhoneChangeCode(deps: Deps, user: UserRow, p: Phone, ip: string, lang: Lang) {
  await assertNewPhone(deps.db, user, p);
  return sendCode(deps, { phone: p, purpose: 'phone_change', userId: user.id, ip, lang });
}

/**
 * Moves the account to the verified new number, revokes every token, issues
 * a new one and tells the old number.
 */
export async function confirmPhoneChange(
  deps: Deps,
  input: { user: UserRow; phone: Phone; code: string; tokenId: number | null; origin: SessionOrigin; lang: Lang },
): Promise<Session> {
  const { user, phone: p } = input;
  await assertNewPhone(deps.db, user, p);
  await assertCanCheck(deps.db, p.full);
  const outcome = await deps.db.transaction(async (tx) => {
    await lockPhone(tx, p);
    const result = await consume(tx, deps, p, 'phone_change', user.id, input.code);
    if (result !== 'ok') return { result } as const;
    if (await phoneTaken(tx, p, user.id)) return { result, taken: true } as const;
    // A pending (never verified) sign-up holding the number gives way to its verified owner.
    await tx
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(and(samePhone(p), ne(users.id, user.id)));
    const [row] = await tx
      .update(users)
      .set({ countryCode: p.countryCode, phone: p.phone })
      .where(eq(users.id, user.id))
      .returning();
    const t = tables.userTokens;
    const [current] = input.tokenId
      ? await tx.select({ deviceType: t.deviceType }).from(t).where(eq(t.id, input.tokenId))
      : [];
    await revokeUserTokens(tx, user.id, 'phone_change');
    const token = await issueUserToken(tx, user.id, current?.deviceType ?? 'web', input.origin);
    return { result, session: toSession(row!, token) } as const;
  });
  if (outcome.result !== 'ok') throw codeError(outcome.result);
  if ('taken' in outcome) throw fieldError('phone', 'server.phone_in_use');
  const oldFull = `${user.countryCode}${user.phone}`;
  try {
    await deps.sms.send(oldFull, translate(input.lang, 'server.sms_phone_changed', { last: p.phone.slice(-3) }));
  } catch (err) {
    // The change is done; a failed notice must not undo it.
    deps.log.error(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'phone change notice not sent',
    );
  }
  return outcome.session;
}
