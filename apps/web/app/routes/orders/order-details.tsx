/** `/order-details?id=`: where order notifications lead (spec section 2); opens the order's own page. */
import { redirect } from 'react-router';
import type { Route } from './+types/order-details';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { localePath } from '../../lib/lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const id = Number(new URL(request.url).searchParams.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect(localePath(api.lang, '/orders'));
  // A store order, else a maintenance order; one that is not mine answers 404 and lands on my orders.
  const res = await api.GET('/api/user/store-orders/{id}', { params: { path: { id } } });
  if (isSuccess(res)) throw redirect(localePath(api.lang, `/orders/online_store_order/${id}`));
  const service = await api.GET('/api/user/maintenance-orders/{id}', { params: { path: { id } } });
  throw redirect(localePath(api.lang, isSuccess(service) ? `/orders/immediate_maintenance/${id}` : '/orders'));
}

export default function OrderDetails() {
  return null;
}
