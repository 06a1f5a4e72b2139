/**
 * The assignment (or move to another technician) of a service order, for the order page's and the
 * visits calendar's actions: a refusal names its reason on `staff_id` (another visit at that time,
 * a city not served, the same technician), which is what the admin is told.
 */
import { asSent, type PathBody, type PathParams } from '../../../lib/api.ts';
import { answerOf, type AdminApi } from '../admin-api.server.ts';

export async function assignAnswer(api: AdminApi, id: string, staffId: string) {
  const answer = answerOf(
    await api.POST('/api/admin/service-orders/{id}/assign', {
      params: { path: asSent<PathParams<'post', '/api/admin/service-orders/{id}/assign'>>({ id }) },
      body: asSent<PathBody<'post', '/api/admin/service-orders/{id}/assign'>>({ staff_id: staffId }),
    }),
  );
  const reason = answer.key === 'success' ? null : (answer.data as { staff_id?: unknown } | null)?.staff_id;
  return typeof reason === 'string' ? { ...answer, msg: reason } : answer;
}
