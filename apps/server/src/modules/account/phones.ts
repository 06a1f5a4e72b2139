/**
 * Customers' phone numbers: a number as stored, the account holding one, the
 * lock that serializes everything sent to or assigned to one number, and
 * whether its country may receive SMS (SECURITY.md 7).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { Config } from '../../config.ts';
import { fieldError } from '../../lib/errors.ts';
import type { UserRow } from './user.ts';

const users = tables.users;

/** A number as stored: calling code + national number, and both joined (what SMS and codes use). */
export type Phone = { countryCode: string; phone: string; full: string };

/** Saudi numbers are typed with a trunk 0 (0500000001); it is not part of the international number. */
export function normalizePhone(input: { phone: string; country_code: string }): Phone {
  const countryCode = input.country_code;
  const phone = countryCode === '966' ? input.phone.replace(/^0/, '') : input.phone;
  return { countryCode, phone, full: `${countryCode}${phone}` };
}

export const samePhone = (p: Phone) =>
  and(eq(users.countryCode, p.countryCode), eq(users.phone, p.phone), isNull(users.deletedAt));

export async function findUserByPhone(db: Db, p: Phone): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(samePhone(p)).limit(1);
  return row;
}

/** Serializes everything that sends to, or assigns, one number (held until the transaction ends). */
export const lockPhone = (tx: Db, p: Phone) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${p.full}))`);

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
