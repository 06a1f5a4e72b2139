/** The page a visit opens on: its subscription's, at that visit; null when it is not one of mine. */
import type { apiFor } from '../../lib/api.server.ts';
import { isSuccess } from '../../lib/api.server.ts';

export async function visitPage(api: Awaited<ReturnType<typeof apiFor>>, id: number): Promise<string | null> {
  const res = await api.GET('/api/user/package-visits/{id}', { params: { path: { id } } });
  return isSuccess(res) ? `/orders/scheduled_maintenance/${res.data.subscription_id}?visit=${id}` : null;
}
