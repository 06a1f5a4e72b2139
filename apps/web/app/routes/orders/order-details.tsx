/** `/order-details?id=`: where order notifications lead (spec section 2); opens the order's own page. */
import { redirect } from 'react-router';
import type { Route } from './+types/order-details';
import { apiFor, isSuccess } from '../../lib/api.server.ts';
import { localePath } from '../../lib/lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  const id = Number(new URL(request.url).searchParams.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect(localePath(api.lang, '/orders'));
  // Only store orders exist so far; a store order that is not mine answers 404 and lands on my orders.
  const res = await api.GET('/api/user/store-orders/{id}', { params: { path: { id } } });
  throw redirect(localePath(api.lang, isSuccess(res) ? `/orders/online_store_order/${id}` : '/orders'));
}

export default function OrderDetails() {
  return null;
}
