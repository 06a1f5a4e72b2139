import type { RouterContextProvider } from 'react-router';
import type { Pagination } from '@pool/contracts/core';
import { ORDER_TABS, type StoreOrderItem } from '@pool/contracts/orders';
import { apiFor, isSuccess } from '../../lib/api.server.ts';

/** One page of the customer's store orders for the URL's `tab` (`all`: no tab). */
export async function loadOrders(context: Readonly<RouterContextProvider>, request: Request, fallbackTab: string) {
  const api = await apiFor(context, request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab') ?? fallbackTab;
  const tab = asked === 'all' || (ORDER_TABS as readonly string[]).includes(asked) ? asked : fallbackTab;
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  if (!api.auth || api.auth.is_guest) return { orders: [] as StoreOrderItem[], pagination: null, tab };
  const res = await api.get<{ data: StoreOrderItem[]; pagination: Pagination }>('/user/store-orders', {
    page: String(page),
    ...(tab === 'all' ? {} : { tab }),
  });
  return isSuccess(res)
    ? { orders: res.data.data, pagination: res.data.pagination, tab }
    : { orders: [] as StoreOrderItem[], pagination: null, tab };
}
