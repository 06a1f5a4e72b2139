import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { localePath } from '../../lib/lang.ts';
import { clearStaffToken, staffApiFor, staffLoginPath } from '../../features/staff/session.server.ts';

/** Sign-out: the token revoked on the server, the staff cookie cleared (the customer's session, if any, stays). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = staffApiFor(context, request);
  if (api.token) await api.DELETE('/api/staff/sign-out');
  throw redirect(staffLoginPath(api.lang, 'signed_out'), { headers: { 'set-cookie': clearStaffToken() } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  throw redirect(localePath(staffApiFor(context, request).lang, '/staff'));
}
