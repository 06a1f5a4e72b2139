/** `/order-details?id=`: where order notifications lead (spec section 2); opens the order's own page (any kind). */
import { redirect } from 'react-router';
import type { Route } from './+types/order-details';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { localePath } from '../../lib/lang.ts';
import { visitPage } from '../../features/packages/visit-page.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const id = Number(new URL(request.url).searchParams.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect(localePath(api.lang, '/orders'));
  // A store order, else a maintenance order, a subscription or a visit; one that is not mine answers 404 and lands on my orders.
  const res = await api.GET('/api/user/store-orders/{id}', { params: { path: { id } } });
  if (isSuccess(res)) throw redirect(localePath(api.lang, `/orders/online_store_order/${id}`));
  const service = await api.GET('/api/user/maintenance-orders/{id}', { params: { path: { id } } });
  if (isSuccess(service)) throw redirect(localePath(api.lang, `/orders/immediate_maintenance/${id}`));
  // A subscription opens its page; one of its visits, the subscription's page at that visit.
  const subscription = await api.GET('/api/user/subscriptions/{id}', { params: { path: { id } } });
  if (isSuccess(subscription)) throw redirect(localePath(api.lang, `/orders/scheduled_maintenance/${id}`));
  throw redirect(localePath(api.lang, (await visitPage(api, id)) ?? '/orders'));
}

export default function OrderDetails() {
  return null;
}
