/**
 * People and permissions of the dashboard: admins, roles, app users, the audit
 * log and the admin's own profile. Rules live here; routes parse and shape.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import {
  ALL_PERMISSIONS,
  PERMISSION_GROUPS,
  type AdminCreateInput,
  type AdminEditInput,
  type AdminItem,
  type AdminListQuery,
  type OwnProfileInput,
  type ReportListQuery,
  type RoleInput,
  type UserListQuery,
  type AppUserDetail,
  type Lang,
  type Pagination,
  type PermissionGroupItem,
  type ReportItem,
  type RoleDetail,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import { subjectKeysMatching, subjectText } from '../../lib/audit-subject.ts';
import { activeLocks } from '../admin-auth/index.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { revokeAdminTokens, revokeUserTokens } from '../../lib/sessions.ts';

export const PER_PAGE = 20;

const a = tables.admins;
const r = tables.roles;
const rp = tables.rolePermissions;
const u = tables.users;
const log = tables.auditLogs;

type AdminRow = typeof a.$inferSelect;
/** The signed-in admin doing the change, with the permissions their role holds. */
export type Actor = { id: number; roleId: number | null; isSuper: boolean; permissions: Set<string> };

const pageOf = (total: number, page: number): Pagination => ({
  total_items: total,
  per_page: PER_PAGE,
  total_pages: Math.max(1, Math.ceil(total / PER_PAGE)),
  current_page: page,
});

/** `%q%` for ILIKE, with the pattern characters of `q` taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

const named = (lang: Lang, row: { nameAr: string; nameEn: string }) => (lang === 'en' ? row.nameEn : row.nameAr);

// ---------------------------------------------------------------- admins

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

// ---------------------------------------------------------------- privilege (SECURITY.md 33)

/**
 * The rules that keep an admin from raising anyone's rights above their own: no admin edits
 * their own role or status or the role they hold, grants a permission they do not hold (in a
 * role, or by giving someone a role), and the super admins' role keeps every permission.
 */
const refused = (key: string) => new AppError('forbidden', `people.${key}`);

async function permissionsOf(db: Db, roleId: number) {
  return (await db.select({ p: rp.permission }).from(rp).where(eq(rp.roleId, roleId))).map((x) => x.p as string);
}

/** Whether a super admin holds the role: it then has every permission, whatever its rows say. */
async function isSuperRole(db: Db, roleId: number) {
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.roleId, roleId), eq(a.isSuper, true), isNull(a.deletedAt)))
    .limit(1);
  return !!row;
}

function assertHolds(actor: Actor, permissions: Iterable<string>) {
  if (actor.isSuper) return;
  for (const p of permissions) if (!actor.permissions.has(p)) throw refused('grant_forbidden');
}

/** Giving `roleId` to an admin grants its permissions: the actor must hold them all. */
async function assertMayAssign(db: Db, actor: Actor, roleId: number) {
  if (actor.isSuper) return;
  assertHolds(actor, (await isSuperRole(db, roleId)) ? ALL_PERMISSIONS : await permissionsOf(db, roleId));
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
  if (target.isSuper && (actor.id !== target.id || roleChanges)) throw superProtected();
  if (actor.id === target.id && roleChanges) throw refused('self_role_forbidden');
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

const superProtected = () => new AppError('forbidden', 'people.super_protected');

/** Block or delete: never the general manager, never oneself. */
async function guardedTarget(db: Db, actor: Actor, id: number) {
  const target = await findAdmin(db, id);
  if (target.isSuper) throw superProtected();
  if (target.id === actor.id) throw new AppError('forbidden', 'people.self_forbidden');
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

// ---------------------------------------------------------------- roles

export function permissionGroups(lang: Lang): PermissionGroupItem[] {
  const label = (l: Lang, key: string) => translate(l, key);
  return Object.entries(PERMISSION_GROUPS).map(([key, actions]) => ({
    key,
    name: label(lang, `admin.group_${key}`),
    name_ar: label('ar', `admin.group_${key}`),
    name_en: label('en', `admin.group_${key}`),
    permissions: actions.map((action) => ({
      code: `${key}.${action}`,
      action,
      name: label(lang, `people.action_${action}`),
      name_ar: label('ar', `people.action_${action}`),
      name_en: label('en', `people.action_${action}`),
    })),
  }));
}

const roleCounts = (db: Db) =>
  db
    .select({
      role: r,
      // Spelt out: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
      permissions: sql<number>`(select count(*) from role_permissions p where p.role_id = roles.id)::int`,
      admins: sql<number>`(select count(*) from admins x where x.role_id = roles.id and x.deleted_at is null)::int`,
      isSuper: sql<boolean>`exists (select 1 from admins x where x.role_id = roles.id and x.is_super and x.deleted_at is null)`,
    })
    .from(r);

type RoleCounts = { role: typeof r.$inferSelect; permissions: number; admins: number; isSuper: boolean };

const toRoleItem = (x: RoleCounts, lang: Lang) => ({
  id: x.role.id,
  name: named(lang, x.role),
  name_ar: x.role.nameAr,
  name_en: x.role.nameEn,
  permissions_count: x.isSuper ? ALL_PERMISSIONS.length : x.permissions,
  admins_count: x.admins,
  is_super: x.isSuper,
  created_at: x.role.createdAt.toISOString(),
});

export async function listRoles(db: Db, lang: Lang) {
  const rows = await roleCounts(db).orderBy(asc(r.id));
  return rows.map((x) => toRoleItem(x, lang));
}

export async function getRole(db: Db, id: number, lang: Lang): Promise<RoleDetail> {
  const [row] = await roleCounts(db).where(eq(r.id, id));
  if (!row) throw notFound();
  const held = new Set(
    (await db.select({ p: rp.permission }).from(rp).where(eq(rp.roleId, id))).map((x) => x.p as string),
  );
  // In the fixed order of ALL_PERMISSIONS; retired codes are not shown.
  const permissions = row.isSuper ? [...ALL_PERMISSIONS] : ALL_PERMISSIONS.filter((p) => held.has(p));
  return { ...toRoleItem(row, lang), permissions };
}

/**
 * A new role may hold only permissions the actor holds; an edited role may not gain one the
 * actor lacks, is never the actor's own role, and the super admins' role keeps every permission.
 */
async function checkRoleSave(db: Db, actor: Actor, id: number | null, input: RoleInput) {
  const current = id === null ? [] : await permissionsOf(db, id);
  if (id !== null) {
    if (id === actor.roleId) throw refused('own_role_forbidden');
    if ((await isSuperRole(db, id)) && ALL_PERMISSIONS.some((p) => !input.permissions.includes(p)))
      throw refused('super_role_protected');
  }
  assertHolds(
    actor,
    input.permissions.filter((p) => !current.includes(p)),
  );
}

export async function saveRole(db: Db, actor: Actor, id: number | null, input: RoleInput) {
  if (id !== null && !(await db.select({ id: r.id }).from(r).where(eq(r.id, id))).length) throw notFound();
  await checkRoleSave(db, actor, id, input);
  return db.transaction(async (tx) => {
    let roleId = id;
    if (roleId === null) {
      const [row] = await tx.insert(r).values({ nameAr: input.name_ar, nameEn: input.name_en }).returning({ id: r.id });
      roleId = row!.id;
    } else {
      const done = await tx
        .update(r)
        .set({ nameAr: input.name_ar, nameEn: input.name_en, updatedAt: new Date() })
        .where(eq(r.id, roleId))
        .returning({ id: r.id });
      if (!done.length) throw notFound();
      await tx.delete(rp).where(eq(rp.roleId, roleId));
    }
    if (input.permissions.length)
      await tx.insert(rp).values(input.permissions.map((permission) => ({ roleId: roleId!, permission })));
    return roleId;
  });
}

export async function deleteRole(db: Db, id: number) {
  await db.transaction(async (tx) => {
    // Locks the role so an admin cannot be given it between the check and the delete.
    const [role] = await tx.select({ id: r.id }).from(r).where(eq(r.id, id)).for('update');
    if (!role) throw notFound();
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(a)
      .where(and(eq(a.roleId, id), isNull(a.deletedAt)));
    if (n > 0) throw new AppError('fail', 'people.role_in_use', { status: 409 });
    await tx.delete(r).where(eq(r.id, id));
  });
}

// ---------------------------------------------------------------- app users

const c = tables.cities;
type UserRow = typeof u.$inferSelect;

const toUserItem = (row: UserRow, city: typeof c.$inferSelect | null, lang: Lang) => ({
  id: row.id,
  name: row.name,
  country_code: row.countryCode,
  phone: row.phone,
  email: row.email,
  image: row.image,
  city: city ? { id: city.id, name: named(lang, city) } : null,
  is_active: row.isActive,
  is_blocked: row.isBlocked,
  created_at: row.createdAt.toISOString(),
});

export async function listUsers(db: Db, query: UserListQuery, lang: Lang) {
  const q = query.q?.replace(/^\+/, '');
  const where = and(
    isNull(u.deletedAt),
    q ? or(ilike(u.name, contains(q)), ilike(sql`${u.countryCode} || ${u.phone}`, contains(q))) : undefined,
    query.status ? eq(u.isBlocked, query.status === 'blocked') : undefined,
    query.city_id ? eq(u.cityId, query.city_id) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(u).where(where);
  const rows = await db
    .select({ user: u, city: c })
    .from(u)
    .leftJoin(c, eq(c.id, u.cityId))
    .where(where)
    .orderBy(desc(u.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  return { data: rows.map((x) => toUserItem(x.user, x.city, lang)), pagination: pageOf(total, query.page) };
}

export async function getUser(db: Db, id: number, lang: Lang): Promise<AppUserDetail> {
  const [row] = await db
    .select({
      user: u,
      city: c,
      notifications: sql<number>`(select count(*) from notifications n where n.user_id = users.id)::int`,
      devices: sql<number>`(select count(*) from devices d where d.user_id = users.id)::int`,
    })
    .from(u)
    .leftJoin(c, eq(c.id, u.cityId))
    .where(and(eq(u.id, id), isNull(u.deletedAt)));
  if (!row) throw notFound();
  return {
    ...toUserItem(row.user, row.city, lang),
    lang: row.user.lang,
    is_notify: row.user.isNotify,
    tax_number: row.user.taxNumber,
    commercial_record: row.user.commercialRecord,
    notifications_count: row.notifications,
    devices_count: row.devices,
  };
}

/**
 * Blocking revokes the customer's sessions with the reason `blocked`, so their next
 * call answers `blocked` (not a sign-in prompt) and they sign in again once unblocked.
 * A change of state stores a notification of type `block` / `un_blocked`.
 */
export async function setUserBlocked(db: Db, id: number, blocked: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isBlocked: u.isBlocked })
      .from(u)
      .where(and(eq(u.id, id), isNull(u.deletedAt)))
      .for('update');
    if (!row) throw notFound();
    if (row.isBlocked === blocked) return null;
    await tx.update(u).set({ isBlocked: blocked, updatedAt: new Date() }).where(eq(u.id, id));
    if (blocked) await revokeUserTokens(tx, id, 'blocked');
    const type = blocked ? 'block' : 'un_blocked';
    const [notice] = await tx
      .insert(tables.notifications)
      .values({
        userId: id,
        type,
        titleAr: translate('ar', `events.${type}_title`),
        titleEn: translate('en', `events.${type}_title`),
        bodyAr: translate('ar', `events.${type}_body`),
        bodyEn: translate('en', `events.${type}_body`),
      })
      .returning();
    return notice ?? null;
  });
}

// ---------------------------------------------------------------- reports (audit log)

/** A day alone means its whole day (UTC): `from` at its start, `to` up to its end. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const fromDate = (v: string) => new Date(DAY.test(v) ? `${v}T00:00:00Z` : v);
const toDateExclusive = (v: string) =>
  DAY.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(Date.parse(v) + 1);

const toReport = (
  row: typeof log.$inferSelect,
  admin: { id: number; name: string } | null,
  lang: Lang,
): ReportItem => ({
  id: row.id,
  admin: admin?.id ? { id: admin.id, name: admin.name } : null,
  subject: subjectText(lang, row.subject),
  url: row.url,
  method: row.method,
  ip: row.ip,
  agent: row.agent,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

/** `q` matches the stored subject, the subjects whose text in `lang` contains it, or the url. */
const reportSearch = (q: string, lang: Lang) => {
  const keys = subjectKeysMatching(lang, q);
  return or(
    ilike(log.subject, contains(q)),
    keys.length ? inArray(log.subject, keys) : undefined,
    ilike(log.url, contains(q)),
  );
};

export async function listReports(db: Db, query: ReportListQuery, lang: Lang) {
  const conditions: (SQL | undefined)[] = [
    query.admin_id ? eq(log.adminId, query.admin_id) : undefined,
    query.method ? eq(log.method, query.method) : undefined,
    query.from ? gte(log.createdAt, fromDate(query.from)) : undefined,
    query.to ? lt(log.createdAt, toDateExclusive(query.to)) : undefined,
    query.q ? reportSearch(query.q, lang) : undefined,
  ];
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(log).where(where);
  const rows = await db
    .select({ log, admin: { id: a.id, name: a.name } })
    .from(log)
    .leftJoin(a, eq(a.id, log.adminId))
    .where(where)
    .orderBy(desc(log.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  return { data: rows.map((x) => toReport(x.log, x.admin, lang)), pagination: pageOf(total, query.page) };
}

export async function getReport(db: Db, id: number, lang: Lang) {
  const [row] = await db
    .select({ log, admin: { id: a.id, name: a.name } })
    .from(log)
    .leftJoin(a, eq(a.id, log.adminId))
    .where(eq(log.id, id));
  if (!row) throw notFound();
  return toReport(row.log, row.admin, lang);
}

// ---------------------------------------------------------------- own profile

/**
 * Name, image and, with the current password, a new password (which signs out
 * the admin's other sessions). Returns the updated row and the replaced image.
 */
export async function updateOwnProfile(
  db: Db,
  admin: AdminRow,
  tokenId: number,
  input: OwnProfileInput,
  image: string | null,
) {
  if (input.password && !(await verifyPassword(admin.passwordHash, input.current_password ?? '')))
    throw fieldError('current_password', 'people.current_password_wrong');
  const [row] = await db
    .update(a)
    .set({
      name: input.name,
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      ...(image ? { image } : {}),
      updatedAt: new Date(),
    })
    .where(eq(a.id, admin.id))
    .returning();
  if (input.password) await revokeAdminTokens(db, admin.id, 'password', tokenId);
  return { row: row!, replaced: image ? admin.image : null };
}
