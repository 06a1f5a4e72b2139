/** A customer's change of phone number: a code to the new number, then the move (every token revoked, the old number told). */
import type { App } from '../../app-type.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { Lang, Session } from '@pool/contracts';
import { translate } from '@pool/i18n';
import { fieldError } from '../../lib/errors.ts';
import { issueUserToken, revokeUserTokens, type SessionOrigin } from '../../lib/sessions.ts';
import { assertCanCheck } from './limits.ts';
import { lockPhone, samePhone, type Phone } from './phones.ts';
import { codeError, consume, sendCode } from './sms-codes.ts';
import { toSession, type UserRow } from './user.ts';

const users = tables.users;

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

export async function sendPhoneChangeCode(app: App, user: UserRow, p: Phone, ip: string, lang: Lang) {
  await assertNewPhone(app.db, user, p);
  return sendCode(app, { phone: p, purpose: 'phone_change', userId: user.id, ip, lang });
}

/**
 * Moves the account to the verified new number, revokes every token, issues
 * a new one and tells the old number.
 */
export async function confirmPhoneChange(
  app: App,
  input: { user: UserRow; phone: Phone; code: string; tokenId: number | null; origin: SessionOrigin; lang: Lang },
): Promise<Session> {
  const { user, phone: p } = input;
  await assertNewPhone(app.db, user, p);
  await assertCanCheck(app.db, p.full);
  const outcome = await app.db.transaction(async (tx) => {
    await lockPhone(tx, p);
    const result = await consume(tx, app, p, 'phone_change', user.id, input.code);
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
    await app.sms.send(oldFull, translate(input.lang, 'server.sms_phone_changed', { last: p.phone.slice(-3) }));
  } catch (err) {
    // The change is done; a failed notice must not undo it.
    app.log.error(
      { err: { name: (err as Error).name, message: (err as Error).message } },
      'phone change notice not sent',
    );
  }
  return outcome.session;
}
