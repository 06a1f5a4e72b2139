/** Staff tokens: opaque, stored as SHA-256, revocable; they reach `/api/staff/*` only (plugins/auth.ts). */
import { and, eq, isNull } from 'drizzle-orm';
import { tables, type Db, type RevokeReason } from '@pool/db';
import type { SessionOrigin } from '../../lib/sessions.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';

const st = tables.staffTokens;

export async function issueStaffToken(db: Db, staffId: number, deviceType: string, origin?: SessionOrigin) {
  const token = newToken();
  await db.insert(st).values({ tokenHash: sha256(token), staffId, deviceType, ...origin });
  return token;
}

/** Ends every live session of a staff member (block, deletion, a new number). */
export async function revokeStaffTokens(db: Db, staffId: number, reason: RevokeReason) {
  await db
    .update(st)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(st.staffId, staffId), isNull(st.revokedAt)));
}

/** Ends one session (sign-out, expiry). */
export async function revokeStaffToken(db: Db, tokenId: number, reason: RevokeReason = 'sign_out') {
  await db
    .update(st)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(st.id, tokenId), isNull(st.revokedAt)));
}
