/**
 * The operations console's reads when it lists construction orders (`?kind=pool_construction`):
 * the orders with the URL's filters (state, city, engineer, number or phone), the cities and the
 * active engineers for the filters (none for an admin who may not list the staff).
 */
import { listOrEmpty, listWithCities, type AdminApi } from '../admin-api.server.ts';

export async function loadConstructionConsole(api: AdminApi, request: Request) {
  const [{ list, cities }, engineers] = await Promise.all([
    listWithCities(api, request, '/api/admin/construction/orders', ['q', 'status', 'city_id', 'staff_id', 'page']),
    listOrEmpty(
      api
        .GET('/api/admin/staff', { params: { query: { job: 'engineer', status: 'active' } } })
        .then((r) => ({ ...r, data: r.data?.data ?? [] })),
    ),
  ]);
  return { list, cities, engineers: engineers.map((s) => ({ id: s.id, name: s.name })) };
}
