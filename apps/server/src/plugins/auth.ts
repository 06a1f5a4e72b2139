/**
 * Bearer authentication for customers, guests, admins and staff (engineers and
 * technicians): each holds tokens of its own table, so a token reaches its own
 * routes only. Every check reads
 * the database, so a logout, block or removed permission takes effect on the
 * very next request (SECURITY.md 11, 16); tokens also expire (34, lib/sessions.ts).
 * A token revoked because its owner was blocked answers `blocked`, not a sign-in prompt.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, getTableName, isNull, lt, or, sql } from 'drizzle-orm';
import { prepared, tables } from '@pool/db';
import {
  ADMIN_COOKIE,
  authCookieOptions,
  decodeAuthCookie,
  encodeAuthCookie,
  SITE_HEADER,
  STAFF_COOKIE,
  type Permission,
  type StoredAuth,
} from '@pool/contracts';
import { AppError } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';
import { oncePerPage } from '../lib/page-sessions.ts';
import {
  adminTokenExpired,
  revokeAdminToken,
  revokeToken,
  staffTokenExpired,
  userTokenExpired,
} from '../lib/sessions.ts';
import { revokeStaffToken } from '../modules/staff/sessions.ts';

type UserRow = typeof tables.users.$inferSelect;
type AdminRow = typeof tables.admins.$inferSelect;
type StaffRow = typeof tables.staff.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer; null for a guest or a visitor. */
    user: UserRow | null;
    isGuest: boolean;
    tokenId: number | null;
    admin: (AdminRow & { permissions: Set<string> }) | null;
    /** The signed-in engineer or technician (`/api/staff`). */
    staff: StaffRow | null;
  }
  interface FastifyReply {
    /** On the site's own calls (`SITE_HEADER`), stores the session in the `auth` cookie. */
    setSiteSession(auth: StoredAuth): FastifyReply;
    /** On the site's own calls, removes the `auth` cookie. */
    clearSiteSession(): FastifyReply;
  }
  interface FastifyInstance {
    /** preHandler: a signed-in, active, unblocked customer (guests too when `guest` is true). */
    requireUser: (options?: { guest?: boolean }) => (req: FastifyRequest) => Promise<void>;
    /** preHandler: reads a customer or guest token when one is sent; never refuses. */
    optionalUser: (req: FastifyRequest) => Promise<void>;
    /** preHandler: a signed-in admin holding `permission`, or one of several (any admin when omitted). */
    requireAdmin: (permission?: Permission | readonly Permission[]) => AdminGuard;
    /** preHandler: a signed-in engineer or technician, not blocked or deleted. */
    requireStaff: () => (req: FastifyRequest) => Promise<void>;
  }
}

/**
 * The guard names its permission (null: any admin) so plugins/audit.ts can expose it per route;
 * `anyOf` lists every permission that opens the route (empty: any admin).
 */
export type AdminGuard = ((req: FastifyRequest) => Promise<void>) & {
  permission: Permission | null;
  anyOf: readonly Permission[];
};

const TOUCH_AFTER_MS = 5 * 60_000;

// The session lookups of every signed-in request, built once (packages/db/src/prepared.ts).
const hash = sql.placeholder('hash');
const userByToken = prepared((db) =>
  db
    .select({ token: tables.userTokens, user: tables.users })
    .from(tables.userTokens)
    .leftJoin(tables.users, eq(tables.users.id, tables.userTokens.userId))
    .where(eq(tables.userTokens.tokenHash, hash))
    .limit(1),
);
const adminByToken = prepared((db) =>
  db
    .select({ token: tables.adminTokens, admin: tables.admins })
    .from(tables.adminTokens)
    .innerJoin(tables.admins, eq(tables.admins.id, tables.adminTokens.adminId))
    .where(eq(tables.adminTokens.tokenHash, hash))
    .limit(1),
);
const staffByToken = prepared((db) =>
  db
    .select({ token: tables.staffTokens, staff: tables.staff })
    .from(tables.staffTokens)
    .innerJoin(tables.staff, eq(tables.staff.id, tables.staffTokens.staffId))
    .where(eq(tables.staffTokens.tokenHash, hash))
    .limit(1),
);
const permissionsOfRole = prepared((db) =>
  db
    .select({ p: tables.rolePermissions.permission })
    .from(tables.rolePermissions)
    .where(eq(tables.rolePermissions.roleId, sql.placeholder('role'))),
);

const fromSite = (req: FastifyRequest) => req.headers[SITE_HEADER] === '1';

/** The admin's bearer token, or on the dashboard's same-origin calls the `admin_auth` cookie. */
export function adminBearer(req: FastifyRequest): string | null {
  if (!req.headers.authorization && fromSite(req)) return req.cookies?.[ADMIN_COOKIE] || null;
  return bearer(req);
}

/** The staff member's bearer token, or on the staff view's same-origin calls the `staff_auth` cookie (never `auth`). */
export function staffBearer(req: FastifyRequest): string | null {
  if (!req.headers.authorization && fromSite(req)) return req.cookies?.[STAFF_COOKIE] || null;
  return bearer(req);
}

/** The bearer token, or on the site's same-origin calls the token of the `auth` cookie. */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return fromSite(req) ? (decodeAuthCookie(req.cookies?.auth)?.token ?? null) : null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(h.trim());
  return m ? m[1]! : null;
}

const unauthenticated = () => new AppError('unauthenticated', 'server.unauthenticated');
const expired = () => new AppError('unauthenticated', 'server.session_expired');

type TokenState = { revokedAt: Date | null; revokedReason: string | null };
/** A revoked token: `blocked` while its owner is blocked for it, else signed out (sign in again). */
const revokedError = (t: TokenState, ownerBlocked: boolean) =>
  t.revokedReason === 'blocked' && ownerBlocked ? new AppError('blocked', 'server.blocked') : unauthenticated();

export default fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('isGuest', false);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('staff', null);

  const cookieOptions = () => {
    const { name, ...options } = authCookieOptions(app.config.isProduction);
    return { name, options };
  };
  app.decorateReply('setSiteSession', function (this: FastifyReply, auth: StoredAuth) {
    if (!fromSite(this.request)) return this;
    const { name, options } = cookieOptions();
    return this.setCookie(name, encodeAuthCookie(auth), options);
  });
  app.decorateReply('clearSiteSession', function (this: FastifyReply) {
    if (!fromSite(this.request)) return this;
    const { name, options } = cookieOptions();
    return this.clearCookie(name, { path: options.path });
  });

  /** Notes the use of a token, at most every few minutes (what idle expiry reads). */
  async function touch(
    t: typeof tables.userTokens | typeof tables.adminTokens | typeof tables.staffTokens,
    id: number,
    lastUsedAt: Date | null,
  ) {
    if (lastUsedAt && Date.now() - lastUsedAt.getTime() <= TOUCH_AFTER_MS) return;
    const stale = new Date(Date.now() - TOUCH_AFTER_MS);
    // A page's calls share one read of the token (lib/page-sessions.ts): one of them notes its use.
    await oncePerPage(`touch:${getTableName(t)}:${id}`, () =>
      app.db
        .update(t)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(t.id, id), or(isNull(t.lastUsedAt), lt(t.lastUsedAt, stale)))),
    );
  }

  async function loadUser(req: FastifyRequest, token: string) {
    const t = tables.userTokens;
    const tokenHash = sha256(token);
    const [row] = await oncePerPage(`user:${tokenHash}`, () => userByToken(app.db).execute({ hash: tokenHash }));
    if (!row) throw unauthenticated();
    if (row.token.revokedAt) throw revokedError(row.token, !!row.user?.isBlocked);
    if (row.token.kind === 'user' && (!row.user || row.user.deletedAt)) throw unauthenticated();
    if (userTokenExpired(app.config, row.token)) {
      await revokeToken(app.db, row.token.id, 'expired');
      throw expired();
    }
    req.tokenId = row.token.id;
    req.isGuest = row.token.kind === 'guest';
    req.user = row.user;
    await touch(t, row.token.id, row.token.lastUsedAt);
  }

  function checkUserState(req: FastifyRequest) {
    const user = req.user;
    if (!user) return;
    if (user.isBlocked) throw new AppError('blocked', 'server.blocked');
    if (!user.isActive) {
      throw new AppError('needActive', 'server.need_active', {
        data: { phone: user.phone, country_code: user.countryCode },
      });
    }
  }

  app.decorate('requireUser', (options: { guest?: boolean } = {}) => async (req: FastifyRequest) => {
    const token = bearer(req);
    if (!token) throw unauthenticated();
    await loadUser(req, token);
    if (req.isGuest && !options.guest) throw new AppError('forbidden', 'server.guest_forbidden');
    checkUserState(req);
  });

  app.decorate('optionalUser', async (req: FastifyRequest) => {
    const token = bearer(req);
    if (!token) return;
    try {
      await loadUser(req, token);
    } catch (err) {
      // A token that does not hold makes the request a visitor's; a database failure stays the request's
      // (503): taken for a visitor, a customer's cart add went to a new key cart (the cluster test).
      if (!(err instanceof AppError)) throw err;
      req.user = null;
      req.tokenId = null;
      req.isGuest = false;
    }
  });

  const adminGuard = (anyOf: readonly Permission[]) => async (req: FastifyRequest) => {
    const token = adminBearer(req);
    if (!token) throw unauthenticated();
    const t = tables.adminTokens;
    const tokenHash = sha256(token);
    const [row] = await oncePerPage(`admin:${tokenHash}`, () => adminByToken(app.db).execute({ hash: tokenHash }));
    if (!row || row.admin.deletedAt) throw unauthenticated();
    if (row.token.revokedAt) throw revokedError(row.token, row.admin.isBlocked);
    if (row.admin.isBlocked) throw new AppError('blocked', 'server.blocked');
    if (adminTokenExpired(app.config, row.token)) {
      await revokeAdminToken(app.db, row.token.id, 'expired');
      throw expired();
    }
    await touch(t, row.token.id, row.token.lastUsedAt);
    const roleId = row.admin.roleId;
    const perms = roleId
      ? await oncePerPage(`role:${roleId}`, () => permissionsOfRole(app.db).execute({ role: roleId }))
      : [];
    req.admin = { ...row.admin, permissions: new Set(perms.map((p) => p.p)) };
    req.tokenId = row.token.id;
    if (anyOf.length && !row.admin.isSuper && !anyOf.some((p) => req.admin!.permissions.has(p))) {
      throw new AppError('forbidden', 'server.forbidden');
    }
  };
  app.decorate('requireAdmin', (permission?: Permission | readonly Permission[]) => {
    const anyOf: readonly Permission[] =
      permission === undefined ? [] : typeof permission === 'string' ? [permission] : permission;
    return Object.assign(adminGuard(anyOf), { permission: anyOf.length === 1 ? anyOf[0]! : null, anyOf });
  });

  app.decorate('requireStaff', () => async (req: FastifyRequest) => {
    const token = staffBearer(req);
    if (!token) throw unauthenticated();
    const t = tables.staffTokens;
    const tokenHash = sha256(token);
    const [row] = await oncePerPage(`staff:${tokenHash}`, () => staffByToken(app.db).execute({ hash: tokenHash }));
    if (!row || row.staff.deletedAt) throw unauthenticated();
    if (row.token.revokedAt) throw revokedError(row.token, row.staff.isBlocked);
    if (row.staff.isBlocked) throw new AppError('blocked', 'server.blocked');
    if (staffTokenExpired(app.config, row.token)) {
      await revokeStaffToken(app.db, row.token.id, 'expired');
      throw expired();
    }
    await touch(t, row.token.id, row.token.lastUsedAt);
    req.staff = row.staff;
    req.tokenId = row.token.id;
  });
});
