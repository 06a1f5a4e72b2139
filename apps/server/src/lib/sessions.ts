/**
 * Opaque bearer tokens for customers, guests and admins, stored as SHA-256 (SECURITY.md 10-11, 34).
 * A token ends by revocation (with its reason) or by expiry: customers' after a year unused,
 * admins' after 12 hours idle or 7 days in all (settable).
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { tables, type Db, type RevokeReason } from '@pool/db';
import type { Config } from '../config.ts';
import { newToken, sha256 } from './tokens.ts';

/** Where a session began: the visitor's own address and browser. */
export type SessionOrigin = { ip: string; agent: string };

export const originOf = (req: FastifyRequest): SessionOrigin => ({
  ip: req.ip.slice(0, 64),
  agent: String(req.headers['user-agent'] ?? '').slice(0, 500),
});

export async function issueUserToken(db: Db, userId: number | null, deviceType = 'web', origin?: SessionOrigin) {
  const token = newToken();
  await db.insert(tables.userTokens).values({
    tokenHash: sha256(token),
    userId,
    kind: userId === null ? 'guest' : 'user',
    deviceType,
    ...origin,
  });
  return token;
}

export async function issueAdminToken(db: Db, adminId: number, origin?: SessionOrigin) {
  const token = newToken();
  await db.insert(tables.adminTokens).values({ tokenHash: sha256(token), adminId, ...origin });
  return token;
}

const ut = tables.userTokens;
const at = tables.adminTokens;
const revoked = (reason: RevokeReason) => ({ revokedAt: new Date(), revokedReason: reason });

/** Revokes every live token of a customer (block, deletion, phone change). */
export async function revokeUserTokens(db: Db, userId: number, reason: RevokeReason) {
  await db
    .update(ut)
    .set(revoked(reason))
    .where(and(eq(ut.userId, userId), isNull(ut.revokedAt)));
}

/** Revokes one customer or guest token (sign-out, expiry). */
export async function revokeToken(db: Db, tokenId: number, reason: RevokeReason = 'sign_out') {
  await db
    .update(ut)
    .set(revoked(reason))
    .where(and(eq(ut.id, tokenId), isNull(ut.revokedAt)));
}

/** Revokes an admin's live tokens, but `keep` (the session that made the change) when given. */
export async function revokeAdminTokens(db: Db, adminId: number, reason: RevokeReason, keep?: number) {
  await db
    .update(at)
    .set(revoked(reason))
    .where(and(eq(at.adminId, adminId), isNull(at.revokedAt), keep === undefined ? undefined : ne(at.id, keep)));
}

/** Revokes one admin token (sign-out, expiry). */
export async function revokeAdminToken(db: Db, tokenId: number, reason: RevokeReason = 'sign_out') {
  await db
    .update(at)
    .set(revoked(reason))
    .where(and(eq(at.id, tokenId), isNull(at.revokedAt)));
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type TokenTimes = { createdAt: Date; lastUsedAt: Date | null };

/** Whether a customer's or guest's token has gone unused past USER_SESSION_IDLE_DAYS. */
export const userTokenExpired = (config: Config, t: TokenTimes, now = Date.now()) =>
  now - (t.lastUsedAt ?? t.createdAt).getTime() > config.USER_SESSION_IDLE_DAYS * DAY;

/** Whether an admin's token is idle past ADMIN_SESSION_IDLE_HOURS or older than ADMIN_SESSION_MAX_DAYS. */
export const adminTokenExpired = (config: Config, t: TokenTimes, now = Date.now()) =>
  now - (t.lastUsedAt ?? t.createdAt).getTime() > config.ADMIN_SESSION_IDLE_HOURS * HOUR ||
  now - t.createdAt.getTime() > config.ADMIN_SESSION_MAX_DAYS * DAY;

/** Whether an engineer's or technician's token has gone unused past STAFF_SESSION_IDLE_DAYS. */
export const staffTokenExpired = (config: Config, t: TokenTimes, now = Date.now()) =>
  now - (t.lastUsedAt ?? t.createdAt).getTime() > config.STAFF_SESSION_IDLE_DAYS * DAY;
