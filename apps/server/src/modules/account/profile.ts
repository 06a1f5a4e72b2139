/**
 * The customer's profile: signing up with it (straight to a session with a
 * registration token, else a pending account and a code), editing it, and
 * deleting the account.
 */
import type { App } from '../../app-type.ts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { CodeSent, Lang, Session } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';
import { issueUserToken, revokeUserTokens, type SessionOrigin } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findUserByPhone, lockPhone, type Phone } from './phones.ts';
import { sendCode } from './sms-codes.ts';
import { toSession } from './user.ts';

const users = tables.users;

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
export async function signUp(app: App, input: SignUpInput): Promise<SignUpOutcome> {
  const p = input.phone;
  const values = { ...profileColumns(input.profile), ...(input.image ? { image: input.image } : {}) };
  if (input.registrationToken) {
    const tokenHash = sha256(input.registrationToken);
    const outcome = await app.db.transaction(async (tx) => {
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
    app,
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
