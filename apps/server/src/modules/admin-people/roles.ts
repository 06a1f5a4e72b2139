/**
 * Roles and the permissions they hold: the permission groups the system
 * defines, the roles with their counts, one role, and saving (under the
 * privilege rules of privilege.ts) or deleting one.
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import {
  ALL_PERMISSIONS,
  PERMISSION_GROUPS,
  type Lang,
  type PermissionGroupItem,
  type RoleDetail,
  type RoleInput,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import { AppError, notFound } from '../../lib/errors.ts';
import { named } from './listing.ts';
import { checkRoleSave, type Actor } from './privilege.ts';

const { admins: a, roles: r, rolePermissions: rp } = tables;

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
