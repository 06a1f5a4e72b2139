import { useRouteLoaderData } from 'react-router';
import type { AdminProfile } from '@pool/contracts/admin';

/** The signed-in admin, from the dashboard layout's loader. */
export function useAdmin(): AdminProfile {
  const data = useRouteLoaderData<{ admin: AdminProfile }>('admin-layout');
  if (!data) throw new Error('admin layout data is missing');
  return data.admin;
}

/** Whether the signed-in admin holds a permission (a super admin holds them all). */
export function useMay(): (permission: string) => boolean {
  const me = useAdmin();
  return (permission) => me.is_super || me.permissions.includes(permission);
}
