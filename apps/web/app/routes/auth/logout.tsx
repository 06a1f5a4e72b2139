import { redirect } from 'react-router';
import { apiFor } from '../../lib/api.server.ts';
import { clearAuth } from '../../lib/cookies.server.ts';
import { langFromPath, localePath, pagePath } from '../../lib/lang.ts';
import type { Route } from './+types/logout';

/** Logout: revoke the token on the server, clear the auth cookie, go to login (spec section 4). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await apiFor(context, request);
  if (api.auth) await api.DELETE('/api/user/sign-out');
  throw redirect(localePath(api.lang, '/auth/login'), { headers: { 'set-cookie': await clearAuth() } });
}

export async function loader({ request }: Route.LoaderArgs) {
  throw redirect(localePath(langFromPath(pagePath(request)), '/'));
}
