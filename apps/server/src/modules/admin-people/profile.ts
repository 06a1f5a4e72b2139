/** The signed-in admin's own profile: name, image and password. */
import { eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { OwnProfileInput } from '@pool/contracts';
import { fieldError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { revokeAdminTokens } from '../../lib/sessions.ts';

const a = tables.admins;

/**
 * Name, image and, with the current password, a new password (which signs out
 * the admin's other sessions). Returns the updated row and the replaced image.
 */
export async function updateOwnProfile(
  db: Db,
  admin: typeof a.$inferSelect,
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
