/**
 * Codes by SMS (SECURITY.md 1-12): sending one after the limits allow it, in a
 * transaction holding the number's advisory lock so limits hold across
 * processes, and checking one (a wrong code is counted).
 */
import type { Db } from '@pool/db';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type CodeSent, type Lang } from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { assertCanSend, recordFailedCheck, recordSend, SMS_PAUSED } from './limits.ts';
import { consumeCode, issueCode, type CheckResult, type OtpPurpose } from './otp.ts';
import { assertSmsAllowed, findUserByPhone, lockPhone, type Phone } from './phones.ts';
import { alertSmsCapReached } from './sms-cap.ts';

export type { CodeSent };

async function deliver(app: App, to: string, text: string) {
  try {
    await app.sms.send(to, text);
  } catch (err) {
    app.log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'sms not sent');
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
export async function sendCode(app: App, input: SendInput, within?: (tx: Db) => Promise<void>): Promise<CodeSent> {
  const { phone } = input;
  await assertSmsAllowed(app.db, app.config, phone.countryCode);
  if (input.purpose === 'login' && (await findUserByPhone(app.db, phone))?.isBlocked) {
    throw new AppError('blocked', 'server.blocked');
  }
  const subject = { fullPhone: phone.full, countryCode: phone.countryCode, ip: input.ip };
  const code = await app.db
    .transaction(async (tx) => {
      await lockPhone(tx, phone);
      await assertCanSend(tx, app.config, subject);
      await within?.(tx);
      const issued = await issueCode(tx, app.config.otpSecret, {
        phone: phone.full,
        purpose: input.purpose,
        userId: input.userId,
      });
      await recordSend(tx, subject);
      return issued;
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError && err.msgKey === SMS_PAUSED) await alertSmsCapReached(app);
      throw err;
    });
  await deliver(app, phone.full, translate(input.lang, 'server.sms_code', { code }));
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
export async function consume(tx: Db, app: App, p: Phone, purpose: OtpPurpose, userId: number | null, code: string) {
  const result = await consumeCode(tx, app.config.otpSecret, { phone: p.full, purpose, userId }, code);
  if (result === 'invalid') await recordFailedCheck(tx, p.full);
  return result;
}
