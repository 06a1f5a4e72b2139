import { useRouteLoaderData } from 'react-router';
import type { AdminProfile } from '@pool/contracts/admin';

/** The signed-in admin, from the dashboard layout's loader. */
export function useAdmin(): AdminProfile {
  const data = useRouteLoaderData<{ admin: AdminProfile }>('admin-layout');
  if (!data) throw new Error('admin layout data is missing');
  return data.admin;
}
