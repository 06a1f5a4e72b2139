/**
 * Codes by SMS (SECURITY.md 1-12): sending one after the limits allow it, in a
 * transaction holding the number's advisory lock so limits hold across
 * processes, and checking one (a wrong code is counted).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@pool/db';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type CodeSent, type Lang } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { Config } from '../../config.ts';
import type { SmsDriver } from '../../integrations/sms/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { assertCanSend, recordFailedCheck, recordSend, SMS_PAUSED } from './limits.ts';
import { consumeCode, issueCode, type CheckResult, type OtpPurpose } from './otp.ts';
import { assertSmsAllowed, findUserByPhone, lockPhone, type Phone } from './phones.ts';

export type { CodeSent };

/** What sending a code needs, and so every account step that sends or checks one. */
export type Deps = {
  db: Db;
  config: Config;
  sms: SmsDriver;
  log: FastifyBaseLogger;
  /** Told when the hourly cap of all SMS refuses a code (the admins are notified). */
  smsCapReached?: () => Promise<void>;
};

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

export const codeError = (result: Exclude<CheckResult, 'ok'>) =>
  fieldError('code', result === 'invalid' ? 'server.code_invalid' : 'server.code_expired');

/**
 * Checks a code inside `tx`. A wrong code is counted even though the caller's
 * work is skipped, so callers return the failure and throw after the commit.
 */
export async function consume(tx: Db, deps: Deps, p: Phone, purpose: OtpPurpose, userId: number | null, code: string) {
  const result = await consumeCode(tx, deps.config.otpSecret, { phone: p.full, purpose, userId }, code);
  if (result === 'invalid') await recordFailedCheck(tx, p.full);
  return result;
}
