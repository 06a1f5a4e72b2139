/** Admin sign-in with e-mail and password (SECURITY.md 13) and the admin profile. */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { ALL_PERMISSIONS, type AdminProfile, type Lang } from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { secondsToWait } from '../../plugins/rate-limits.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { issueAdminToken, type SessionOrigin } from '../../lib/sessions.ts';

type AdminRow = typeof tables.admins.$inferSelect;

/**
 * Verified against when the e-mail is unknown, so both cases cost one argon2
 * verify. Made (of a random password) by the process's first sign-in, whichever
 * case it is, so that one costs the same either way too; not at start-up: a
 * hash holds 64 MB for its moment, and most processes never sign an admin in.
 */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(18).toString('base64url')));

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
 * Sign-in limits (SECURITY.md 13, 34), ours: an account is locked for one address after
 * `failures` wrong passwords within `windowSeconds`, for `firstLockSeconds`, doubled at each
 * further lock within a day up to `maxLockSeconds`; an address that fails `perAddress` times
 * (on any accounts) waits out the window. The real admin elsewhere still signs in.
 */
export const ADMIN_LOGIN_LIMITS = {
  failures: 5,
  perAddress: 20,
  windowSeconds: 15 * 60,
  firstLockSeconds: 5 * 60,
  maxLockSeconds: 24 * 3600,
};

const L = ADMIN_LOGIN_LIMITS;
const limiters = (app: App) => ({
  /** Wrong passwords per account and address. */
  failures: app.limiter('admin_login', { points: L.failures, seconds: L.windowSeconds }),
  /** Wrong passwords per address, any account. */
  address: app.limiter('admin_login_ip', { points: L.perAddress, seconds: L.windowSeconds }),
  /** Locks of one account and address within a day: each one lasts twice the one before. */
  locks: app.limiter('admin_lock', { points: 1_000, seconds: 24 * 3600 }),
});
const keyOf = (email: string, ip: string) => `${email}|${ip}`;

/** Locks `email` for `ip` (growing), notes it for the dashboard and in the audit log. */
async function lock(app: App, email: string, admin: AdminRow | undefined, origin: SessionOrigin) {
  const key = keyOf(email, origin.ip);
  const { failures, locks } = limiters(app);
  const nth = (await locks.consume(key)).consumedPoints;
  const seconds = Math.min(L.firstLockSeconds * 2 ** (nth - 1), L.maxLockSeconds);
  await failures.block(key, seconds);
  const lockedUntil = new Date(Date.now() + seconds * 1000);
  await app.db.insert(tables.adminLoginLocks).values({ email, adminId: admin?.id ?? null, ip: origin.ip, lockedUntil });
  if (admin) {
    await recordAudit(app.db, {
      adminId: admin.id,
      subject: 'admin_auth.locked',
      url: '/api/admin/login',
      method: 'POST',
      ...origin,
      status: 429,
    });
  }
}

/**
 * Each attempt counts as a failure before the password is checked, so parallel attempts cannot
 * slip past the limit; the right password takes it back.
 */
export async function login(app: App, input: { email: string; password: string; origin: SessionOrigin; lang: Lang }) {
  const { db } = app;
  const { failures, address } = limiters(app);
  const key = keyOf(input.email, input.origin.ip);
  for (const [limiter, k] of [
    [address, input.origin.ip],
    [failures, key],
  ] as const) {
    const wait = await secondsToWait(limiter, k);
    if (wait !== null) {
      throw new AppError('tooManyRequests', 'server.admin_locked', { data: { retry_after: wait } });
    }
  }

  const a = tables.admins;
  const [admin] = await db
    .select()
    .from(a)
    .where(and(eq(sql`lower(${a.email})`, input.email), isNull(a.deletedAt)))
    .limit(1);
  const unknownHash = await dummyHash();
  const valid = admin
    ? await verifyPassword(admin.passwordHash, input.password)
    : (await verifyPassword(unknownHash, input.password)) && false;
  if (!admin || !valid) {
    const counted = await failures.get(key);
    if ((counted?.consumedPoints ?? 0) >= L.failures) await lock(app, input.email, admin, input.origin);
    throw new AppError('fail', 'server.admin_login_failed');
  }

  await Promise.all([failures.delete(key), address.reward(input.origin.ip, 1)]);
  if (admin.isBlocked) throw new AppError('blocked', 'server.blocked');
  const token = await issueAdminToken(db, admin.id, input.origin);
  const profile = await adminProfile(db, admin, await rolePermissions(db, admin.roleId), input.lang);
  return { ...profile, token };
}

/** The account's locks still running (any address), for the dashboard. */
export async function activeLocks(db: Db, adminIds: number[]) {
  const k = tables.adminLoginLocks;
  if (!adminIds.length) return new Map<number, Date>();
  const rows = await db
    .select({ adminId: k.adminId, until: sql<Date>`max(${k.lockedUntil})` })
    .from(k)
    .where(and(inArray(k.adminId, adminIds), gt(k.lockedUntil, new Date()), isNull(k.liftedAt)))
    .groupBy(k.adminId);
  return new Map(rows.map((r) => [r.adminId!, new Date(r.until)]));
}

/** A super admin lifts every running lock of an admin (all addresses); answers how many. */
export async function liftLocks(app: App, actor: { id: number; isSuper: boolean }, adminId: number) {
  if (!actor.isSuper) throw new AppError('forbidden', 'people.super_only');
  const k = tables.adminLoginLocks;
  const { failures, locks } = limiters(app);
  const running = await app.db
    .select()
    .from(k)
    .where(and(eq(k.adminId, adminId), gt(k.lockedUntil, new Date()), isNull(k.liftedAt)));
  for (const row of running) {
    const key = keyOf(row.email, row.ip);
    await Promise.all([failures.delete(key), locks.delete(key)]);
  }
  if (running.length) {
    await app.db
      .update(k)
      .set({ liftedAt: new Date(), liftedBy: actor.id })
      .where(
        inArray(
          k.id,
          running.map((r) => r.id),
        ),
      );
  }
  return running.length;
}
