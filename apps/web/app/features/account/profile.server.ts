/** The signed-in customer's account for the account pages' loaders. */
import type { User } from '@pool/contracts/account';
import { isSuccess, type Api } from '../../lib/api.server.ts';

/**
 * Fresh from `GET /user/profile`; null for a visitor, a guest or a refused
 * session (the root loader signs those out). When the API fails otherwise the
 * session stored at sign-in still shows the account.
 */
export async function loadProfile(api: Api): Promise<User | null> {
  if (!api.auth || api.auth.is_guest) return null;
  const res = await api.GET('/api/user/profile');
  if (isSuccess(res)) return res.data;
  if (res.status === 401 || res.status === 403) return null;
  const { token: _token, is_guest: _guest, ...stored } = api.auth;
  return stored;
}
