/** Opaque bearer tokens for customers, guests and admins, stored as SHA-256 (SECURITY.md 10-11). */
import { and, eq, isNull } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { newToken, sha256 } from './tokens.ts';

export async function issueUserToken(db: Db, userId: number | null, deviceType = 'web') {
  const token = newToken();
  await db.insert(tables.userTokens).values({
    tokenHash: sha256(token),
    userId,
    kind: userId === null ? 'guest' : 'user',
    deviceType,
  });
  return token;
}

/** Revokes every live token of a customer (logout everywhere, block, deletion, phone change). */
export async function revokeUserTokens(db: Db, userId: number) {
  await db
    .update(tables.userTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tables.userTokens.userId, userId), isNull(tables.userTokens.revokedAt)));
}

export async function revokeToken(db: Db, tokenId: number) {
  await db.update(tables.userTokens).set({ revokedAt: new Date() }).where(eq(tables.userTokens.id, tokenId));
}

export async function issueAdminToken(db: Db, adminId: number) {
  const token = newToken();
  await db.insert(tables.adminTokens).values({ tokenHash: sha256(token), adminId });
  return token;
}

export async function revokeAdminTokens(db: Db, adminId: number) {
  await db
    .update(tables.adminTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(tables.adminTokens.adminId, adminId), isNull(tables.adminTokens.revokedAt)));
}
