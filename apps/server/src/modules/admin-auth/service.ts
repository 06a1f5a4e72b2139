/** Admin sign-in with e-mail and password (SECURITY.md 13) and the admin profile. */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { ALL_PERMISSIONS, type AdminProfile, type Lang } from '@pool/contracts';
import { AppError, tooMany } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { issueAdminToken } from '../../lib/sessions.ts';

/** Failed sign-ins allowed per window (ours, SECURITY.md 13). */
export const ADMIN_LOGIN_LIMITS = { perEmail: 5, perIp: 20, windowMs: 15 * 60_000 };
const ACTION = 'admin_login_fail';

type AdminRow = typeof tables.admins.$inferSelect;

/**
 * Verified against when the e-mail is unknown, so both cases cost one argon2
 * verify. Made at start-up (of a random password) so no request pays for it.
 */
const dummyHash = hashPassword(randomBytes(18).toString('base64url'));

export async function adminProfile(
  db: Db,
  admin: AdminRow,
  granted: Iterable<string>,
  lang: Lang,
): Promise<AdminProfile> {
  const role = admin.roleId
    ? (await db.select().from(tables.roles).where(eq(tables.roles.id, admin.roleId)).limit(1))[0]
    : undefined;
  const held = new Set(granted);
  return {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    image: admin.image,
    role: role ? { id: role.id, name: lang === 'en' ? role.nameEn : role.nameAr } : null,
    is_super: admin.isSuper,
    // In the fixed order of ALL_PERMISSIONS; codes no longer defined are dropped.
    permissions: admin.isSuper ? [...ALL_PERMISSIONS] : ALL_PERMISSIONS.filter((p) => held.has(p)),
  };
}

async function rolePermissions(db: Db, roleId: number | null) {
  if (!roleId) return [];
  const rows = await db
    .select({ p: tables.rolePermissions.permission })
    .from(tables.rolePermissions)
    .where(eq(tables.rolePermissions.roleId, roleId));
  return rows.map((r) => r.p);
}

/**
 * Each attempt is first recorded as a failure and counted, so parallel
 * attempts cannot slip past the limit; a successful one removes its records.
 */
export async function login(db: Db, input: { email: string; password: string; ip: string; lang: Lang }) {
  const e = tables.rateEvents;
  const subjects = { email: `email:${input.email}`, ip: `ip:${input.ip}` };
  const recorded = await db
    .insert(e)
    .values([
      { action: ACTION, subject: subjects.email },
      { action: ACTION, subject: subjects.ip },
    ])
    .returning({ id: e.id });
  const since = new Date(Date.now() - ADMIN_LOGIN_LIMITS.windowMs);
  const failures = (subject: string) =>
    db
      .select({ n: count() })
      .from(e)
      .where(and(eq(e.action, ACTION), eq(e.subject, subject), gt(e.createdAt, since)))
      .then((r) => r[0]?.n ?? 0);
  const [byEmail, byIp] = await Promise.all([failures(subjects.email), failures(subjects.ip)]);
  if (byEmail > ADMIN_LOGIN_LIMITS.perEmail || byIp > ADMIN_LOGIN_LIMITS.perIp) throw tooMany();

  const a = tables.admins;
  const [admin] = await db
    .select()
    .from(a)
    .where(and(eq(sql`lower(${a.email})`, input.email), isNull(a.deletedAt)))
    .limit(1);
  const valid = admin
    ? await verifyPassword(admin.passwordHash, input.password)
    : (await verifyPassword(await dummyHash, input.password)) && false;
  if (!admin || !valid) throw new AppError('fail', 'server.admin_login_failed');

  await db.delete(e).where(
    inArray(
      e.id,
      recorded.map((r) => r.id),
    ),
  );
  if (admin.isBlocked) throw new AppError('blocked', 'server.blocked');
  const token = await issueAdminToken(db, admin.id);
  const profile = await adminProfile(db, admin, await rolePermissions(db, admin.roleId), input.lang);
  return { ...profile, token };
}

export async function revokeAdminToken(db: Db, tokenId: number) {
  const t = tables.adminTokens;
  await db
    .update(t)
    .set({ revokedAt: new Date() })
    .where(and(eq(t.id, tokenId), isNull(t.revokedAt)));
}
