/**
 * Staff sign in with the customers' mobile-number code (the same limits and
 * SMS driver), for a code of their own purpose (`staff_login`), so a
 * customer's code never opens a staff session. A number with no staff account
 * gets the same answer and costs no SMS; a blocked one answers `blocked`.
 */
import type { App } from '../../app-type.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type CodeSent, type Lang, type StaffSession } from '@pool/contracts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SessionOrigin } from '../../lib/sessions.ts';
import { assertCanCheck, recordFailedCheck } from '../account/index.ts';
import { consumeCode } from '../account/index.ts';
import { assertSmsAllowed, sendCode, type Phone } from '../account/index.ts';
import { registerDevice } from '../push/index.ts';
import { getStaff } from './service.ts';
import { issueStaffToken } from './sessions.ts';

const s = tables.staff;

async function staffByPhone(db: Db, p: Phone) {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.countryCode, p.countryCode), eq(s.phone, p.phone), isNull(s.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function sendStaffCode(app: App, phone: Phone, ip: string, lang: Lang): Promise<CodeSent> {
  await assertSmsAllowed(app.db, app.config, phone.countryCode);
  const member = await staffByPhone(app.db, phone);
  if (member?.isBlocked) throw new AppError('blocked', 'server.blocked');
  if (!member) {
    return {
      phone: phone.phone,
      country_code: phone.countryCode,
      resend_after: OTP_RESEND_SECONDS,
      expires_in: OTP_TTL_SECONDS,
    };
  }
  return sendCode(app, { phone, purpose: 'staff_login', userId: null, ip, lang });
}

export async function checkStaffCode(
  app: App,
  input: { phone: Phone; code: string; deviceType: string; deviceId?: string; origin: SessionOrigin; lang: Lang },
): Promise<StaffSession> {
  const p = input.phone;
  await assertCanCheck(app.db, p.full);
  const outcome = await app.db.transaction(async (tx) => {
    const result = await consumeCode(
      tx,
      app.config.otpSecret,
      { phone: p.full, purpose: 'staff_login', userId: null },
      input.code,
    );
    if (result === 'invalid') await recordFailedCheck(tx, p.full);
    if (result !== 'ok') return { result } as const;
    const member = await staffByPhone(tx, p);
    if (!member) return { result: 'invalid' } as const;
    if (member.isBlocked) return { result, blocked: true } as const;
    const token = await issueStaffToken(tx, member.id, input.deviceType, input.origin);
    if (input.deviceId) {
      const device = { deviceId: input.deviceId, deviceType: input.deviceType, lang: input.lang };
      await registerDevice(tx, { staffId: member.id }, device);
    }
    return { result, token, staffId: member.id } as const;
  });
  if (outcome.result !== 'ok') {
    throw fieldError('code', outcome.result === 'invalid' ? 'server.code_invalid' : 'server.code_expired');
  }
  if ('blocked' in outcome) throw new AppError('blocked', 'server.blocked');
  const { open_orders: _open, is_blocked: _blocked, ...staff } = await getStaff(app.db, outcome.staffId, input.lang);
  return { token: outcome.token, staff };
}
