/**
 * How many open service orders the console's filters keep, for the map's note when none of them
 * has a pin: the pins endpoint leaves an order without one out (a national address short code, an
 * address without a point), so an empty answer alone cannot tell "no open order" from "no pin".
 * The list filters by one state at a time: one count per open state the filters allow, read from
 * the list's `total_items`.
 */
import { SERVICE_ORDER_KINDS, SERVICE_ORDER_STATUSES } from '@pool/contracts/maintenance';
import { isFinal, ORDER_MACHINES } from '@pool/contracts/orders';
import { isSuccess } from '../../../lib/api.server.ts';
import { asSent, type PathQuery } from '../../../lib/api.ts';
import { queryOf, type AdminApi } from '../admin-api.server.ts';

type Query = PathQuery<'get', '/api/admin/service-orders'>;

/** The states in which an order of `kind` (of any service kind when absent) is not over yet. */
const openStates = (kind?: string) =>
  SERVICE_ORDER_STATUSES.filter((status) =>
    SERVICE_ORDER_KINDS.some(
      (k) =>
        (!kind || k === kind) &&
        (ORDER_MACHINES[k].states as readonly string[]).includes(status) &&
        !isFinal(k, status),
    ),
  );

export async function countOpenOrders(api: AdminApi, request: Request, filters: readonly string[]): Promise<number> {
  const query = queryOf(request, filters);
  const states = openStates(query.kind).filter((s) => !query.status || s === query.status);
  const totals = await Promise.all(
    states.map((status) =>
      api
        .GET('/api/admin/service-orders', { params: { query: asSent<Query>({ ...query, status }) } })
        .then((res) => (isSuccess(res) ? res.data.pagination.total_items : 0)),
    ),
  );
  return totals.reduce((sum, n) => sum + n, 0);
}
