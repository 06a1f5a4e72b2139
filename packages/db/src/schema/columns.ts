import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tz = (name: string) => timestamp(name, { withTimezone: true });

/** Why a session token stopped working (customers', admins' and staff's tokens). */
export type RevokeReason = 'sign_out' | 'blocked' | 'deleted' | 'phone_change' | 'password' | 'role' | 'expired';
