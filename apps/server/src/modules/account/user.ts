/** A customer's users row as the API shows it: the `User`, and the `Session` that adds its token. */
import type { tables } from '@pool/db';
import type { Session, User } from '@pool/contracts';

export type UserRow = typeof tables.users.$inferSelect;

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
