/** `/orders/scheduled_maintenance/visits/{id}`: where a visit's notification leads: its subscription's page, at that visit. */
import { redirect } from 'react-router';
import type { Route } from './+types/visit';
import { apiFor } from '../../lib/api.server.ts';
import { localePath } from '../../lib/lang.ts';
import { visitPage } from '../../features/packages/visit-page.server.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const id = Number(params.visitId);
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect(localePath(api.lang, '/orders/scheduled_maintenance'));
  // Another's visit (or none) answers 404 and lands on my subscriptions.
  const page = await visitPage(api, id);
  throw redirect(localePath(api.lang, page ?? '/orders/scheduled_maintenance'));
}

export default function VisitRedirect() {
  return null;
}
