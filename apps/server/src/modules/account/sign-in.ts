/** Customer sign-in by code (check-code): a session, or a registration token for a new number. */
import type { App } from '../../app-type.ts';
import { eq, sql } from 'drizzle-orm';
import { tables } from '@pool/db';
import type { Session } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';
import { issueUserToken, type SessionOrigin } from '../../lib/sessions.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { registerDevice } from '../push/index.ts';
import { assertCanCheck } from './limits.ts';
import type { CheckResult } from './otp.ts';
import { findUserByPhone, type Phone } from './phones.ts';
import { codeError, consume } from './sms-codes.ts';
import { toSession } from './user.ts';

const users = tables.users;
const REGISTRATION_TTL_SECONDS = 15 * 60;

export type LoginOutcome =
  | { kind: 'session'; session: Session }
  | { kind: 'register'; data: { phone: string; country_code: string; registration_token: string } };

/** check-code: signs in (activating a pending account) or hands out a registration token. */
export async function checkLoginCode(
  app: App,
  input: { phone: Phone; code: string; deviceType: string; deviceId?: string; origin: SessionOrigin },
): Promise<LoginOutcome> {
  const p = input.phone;
  await assertCanCheck(app.db, p.full);
  type Done =
    | { result: Exclude<CheckResult, 'ok'> }
    | { result: 'ok'; registrationToken: string }
    | { result: 'ok'; blocked: true }
    | { result: 'ok'; session: Session };
  const outcome = await app.db.transaction(async (tx): Promise<Done> => {
    const result = await consume(tx, app, p, 'login', null, input.code);
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
    if (input.deviceId) {
      const lang = user!.lang === 'en' ? 'en' : 'ar';
      await registerDevice(tx, { userId: user!.id }, { deviceId: input.deviceId, deviceType: input.deviceType, lang });
    }
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
