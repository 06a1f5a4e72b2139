/** Who moves an order: the kernel checks each move against the actor of its declaration. */
import type { Permission } from '@pool/contracts';

export type Actor =
  | { type: 'customer'; userId: number }
  | { type: 'admin'; adminId: number; can: (permission: Permission) => boolean }
  | { type: 'staff'; staffId: number }
  | { type: 'system' };

export const SYSTEM: Actor = { type: 'system' };
export const customerActor = (userId: number): Actor => ({ type: 'customer', userId });

/** An admin of the auth plugin (`req.admin`): a super admin holds every permission. */
export const adminActor = (admin: { id: number; isSuper: boolean; permissions: Set<string> }): Actor => ({
  type: 'admin',
  adminId: admin.id,
  can: (p) => admin.isSuper || admin.permissions.has(p),
});

export const staffActor = (staffId: number): Actor => ({ type: 'staff', staffId });
