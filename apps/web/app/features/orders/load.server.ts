import type { RouterContextProvider } from 'react-router';
import { ORDER_TABS, type OrderTab, type StoreOrderItem } from '@pool/contracts/orders';
import { apiFor, isSuccess } from '../../lib/api.server.ts';

const isTab = (tab: string): tab is OrderTab => (ORDER_TABS as readonly string[]).includes(tab);

/**
 * A list page's tab and page from its URL (`?tab=&page=`; a tab it does not know is `fallbackTab`), and
 * the API's query for them (`all`: no tab).
 */
export function listQuery(request: Request, fallbackTab: OrderTab | 'all') {
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab') ?? fallbackTab;
  const tab = asked === 'all' || isTab(asked) ? asked : fallbackTab;
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  return { tab, query: { page, ...(tab === 'all' ? {} : { tab }) } };
}

/** One page of the customer's store orders for the URL's `tab` (`all`: no tab). */
export async function loadOrders(
  context: Readonly<RouterContextProvider>,
  request: Request,
  fallbackTab: OrderTab | 'all',
) {
  const api = await apiFor(context, request);
  const { tab, query } = listQuery(request, fallbackTab);
  if (!api.auth || api.auth.is_guest) return { orders: [] as StoreOrderItem[], pagination: null, tab };
  const res = await api.GET('/api/user/store-orders', { params: { query } });
  return isSuccess(res)
    ? { orders: res.data.data, pagination: res.data.pagination, tab }
    : { orders: [] as StoreOrderItem[], pagination: null, tab };
}
