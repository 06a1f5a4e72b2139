import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tz, updatedAt, type RevokeReason } from './columns.ts';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Permission codes come from `ALL_PERMISSIONS` in @pool/contracts. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    countryCode: varchar('country_code', { length: 4 }).notNull().default('966'),
    phone: varchar('phone', { length: 12 }),
    passwordHash: text('password_hash').notNull(),
    image: text('image'),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** The seeded owner account: every permission, cannot be blocked or deleted. */
    isSuper: boolean('is_super').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admins_email_unique')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const adminTokens = pgTable(
  'admin_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    /** Why it stopped working: `blocked` answers with the blocked key, anything else as signed out. */
    revokedReason: varchar('revoked_reason', { length: 16 }).$type<RevokeReason>(),
    /** Where the session began (the visitor's own address and browser, also through server rendering). */
    ip: varchar('ip', { length: 64 }),
    agent: text('agent'),
  },
  (t) => [index('admin_tokens_admin_idx').on(t.adminId)],
);
