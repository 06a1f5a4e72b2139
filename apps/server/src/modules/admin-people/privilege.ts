/**
 * Privilege (SECURITY.md 33), in one place: the rules that keep an admin from
 * raising anyone's rights above their own. No admin edits their own role or
 * status or the role they hold, grants a permission they do not hold (in a
 * role, or by giving someone a role), and the super admins' role keeps every
 * permission. The general manager (is_super) is edited only by themselves.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { ALL_PERMISSIONS, type RoleInput } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';

const { admins: a, rolePermissions: rp } = tables;

type AdminRow = typeof a.$inferSelect;
/** The signed-in admin doing the change, with the permissions their role holds. */
export type Actor = { id: number; roleId: number | null; isSuper: boolean; permissions: Set<string> };

const refused = (key: string) => new AppError('forbidden', `people.${key}`);
const superProtected = () => new AppError('forbidden', 'people.super_protected');

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
export async function assertMayAssign(db: Db, actor: Actor, roleId: number) {
  if (actor.isSuper) return;
  assertHolds(actor, (await isSuperRole(db, roleId)) ? ALL_PERMISSIONS : await permissionsOf(db, roleId));
}

/** Editing an admin: the general manager only by themselves, keeping their role; no admin changes their own role. */
export function assertMayEdit(actor: Actor, target: AdminRow, roleChanges: boolean) {
  if (target.isSuper && (actor.id !== target.id || roleChanges)) throw superProtected();
  if (actor.id === target.id && roleChanges) throw refused('self_role_forbidden');
}

/** Block or delete: never the general manager, never oneself. */
export function assertMayBlockOrDelete(actor: Actor, target: AdminRow) {
  if (target.isSuper) throw superProtected();
  if (target.id === actor.id) throw new AppError('forbidden', 'people.self_forbidden');
}

/**
 * A new role may hold only permissions the actor holds; an edited role may not gain one the
 * actor lacks, is never the actor's own role, and the super admins' role keeps every permission.
 */
export async function checkRoleSave(db: Db, actor: Actor, id: number | null, input: RoleInput) {
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
