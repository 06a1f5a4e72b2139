/**
 * The dashboard's admins: the list and one admin (with any sign-in lock), and
 * adding, editing, blocking and deleting one under the privilege rules
 * (privilege.ts). A new password, another role, a block or a delete signs the
 * admin out.
 */
import { and, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import type { AdminCreateInput, AdminEditInput, AdminItem, AdminListQuery, Lang } from '@pool/contracts';
import { activeLocks } from '../admin-auth/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeAdminTokens } from '../../lib/sessions.ts';
import { contains } from '../../lib/like.ts';
import { PER_PAGE, named, pageOf } from './listing.ts';
import { assertMayAssign, assertMayBlockOrDelete, assertMayEdit, type Actor } from './privilege.ts';

const { admins: a, roles: r } = tables;

type AdminRow = typeof a.$inferSelect;

function toAdminItem(
  row: AdminRow,
  role: typeof r.$inferSelect | null,
  lang: Lang,
  lockedUntil: Date | undefined,
): AdminItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    country_code: row.countryCode,
    phone: row.phone,
    image: row.image,
    role: role ? { id: role.id, name: named(lang, role) } : null,
    is_super: row.isSuper,
    is_blocked: row.isBlocked,
    locked_until: lockedUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const liveAdmin = (id: number) => and(eq(a.id, id), isNull(a.deletedAt));

export async function listAdmins(db: Db, query: AdminListQuery, lang: Lang) {
  const where = and(
    isNull(a.deletedAt),
    query.q
      ? or(
          ilike(a.name, contains(query.q)),
          ilike(a.email, contains(query.q)),
          ilike(sql`${a.countryCode} || coalesce(${a.phone}, '')`, contains(query.q.replace(/^\+/, ''))),
        )
      : undefined,
    query.status ? eq(a.isBlocked, query.status === 'blocked') : undefined,
    query.role_id ? eq(a.roleId, query.role_id) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(a).where(where);
  const rows = await db
    .select({ admin: a, role: r })
    .from(a)
    .leftJoin(r, eq(r.id, a.roleId))
    .where(where)
    .orderBy(desc(a.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  const locks = await activeLocks(
    db,
    rows.map((x) => x.admin.id),
  );
  return {
    data: rows.map((x) => toAdminItem(x.admin, x.role, lang, locks.get(x.admin.id))),
    pagination: pageOf(total, query.page),
  };
}

async function findAdmin(db: Db, id: number) {
  const [row] = await db.select().from(a).where(liveAdmin(id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getAdmin(db: Db, id: number, lang: Lang): Promise<AdminItem> {
  const [row] = await db.select({ admin: a, role: r }).from(a).leftJoin(r, eq(r.id, a.roleId)).where(liveAdmin(id));
  if (!row) throw notFound();
  return toAdminItem(row.admin, row.role, lang, (await activeLocks(db, [id])).get(id));
}

/** The checks that need the database, run before an image is stored: a known role, a free e-mail. */
async function checkAdminInput(db: Db, input: { email: string; role_id: number }, exceptId?: number) {
  const [role] = await db.select({ id: r.id }).from(r).where(eq(r.id, input.role_id)).limit(1);
  if (!role) throw fieldError('role_id', 'people.role_missing');
  const [taken] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(sql`lower(${a.email})`, input.email), isNull(a.deletedAt), exceptId ? ne(a.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw fieldError('email', 'people.email_taken');
}

/** A concurrent twin slipping past `checkAdminInput` still meets the unique index. */
async function emailGuard<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('email', 'people.email_taken');
    throw e;
  }
}

/** Before an image is stored: the input's checks, and the actor may give the role. */
export async function checkAdminCreate(db: Db, actor: Actor, input: AdminCreateInput) {
  await checkAdminInput(db, input);
  await assertMayAssign(db, actor, input.role_id);
}

export async function createAdmin(db: Db, actor: Actor, input: AdminCreateInput, image: string | null) {
  await checkAdminCreate(db, actor, input);
  const [row] = await emailGuard(
    db
      .insert(a)
      .values({
        name: input.name,
        email: input.email,
        countryCode: input.country_code,
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
        roleId: input.role_id,
        image,
      })
      .returning({ id: a.id }),
  );
  return row!.id;
}

/**
 * The general manager (is_super) is edited only by themselves and keeps their role; no admin
 * changes their own role; a role given must not hold more than the actor does.
 */
export async function checkAdminEdit(db: Db, actor: Actor, id: number, input: AdminEditInput) {
  const target = await findAdmin(db, id);
  const roleChanges = input.role_id !== target.roleId;
  assertMayEdit(actor, target, roleChanges);
  await checkAdminInput(db, input, id);
  if (roleChanges) await assertMayAssign(db, actor, input.role_id);
  return target;
}

/** A new password or another role signs the admin out everywhere. Returns the replaced image, if any. */
export async function updateAdmin(db: Db, actor: Actor, id: number, input: AdminEditInput, image: string | null) {
  const target = await checkAdminEdit(db, actor, id, input);
  await emailGuard(
    db
      .update(a)
      .set({
        name: input.name,
        email: input.email,
        countryCode: input.country_code,
        phone: input.phone,
        roleId: input.role_id,
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        ...(image ? { image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(a.id, id)),
  );
  if (input.password) await revokeAdminTokens(db, id, 'password');
  else if (input.role_id !== target.roleId) await revokeAdminTokens(db, id, 'role');
  return image ? target.image : null;
}

/** Block or delete: never the general manager, never oneself. */
async function guardedTarget(db: Db, actor: Actor, id: number) {
  const target = await findAdmin(db, id);
  assertMayBlockOrDelete(actor, target);
  return target;
}

/** A blocked admin is refused on the next request (the auth plugin reads is_blocked) and signed out. */
export async function setAdminBlocked(db: Db, actor: Actor, id: number, blocked: boolean) {
  await guardedTarget(db, actor, id);
  await db.update(a).set({ isBlocked: blocked, updatedAt: new Date() }).where(eq(a.id, id));
  if (blocked) await revokeAdminTokens(db, id, 'blocked');
}

/** Soft delete: the e-mail becomes free again, the tokens stop working. */
export async function deleteAdmin(db: Db, actor: Actor, id: number) {
  const target = await guardedTarget(db, actor, id);
  await db.update(a).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(a.id, id));
  await revokeAdminTokens(db, id, 'deleted');
  return target.image;
}
