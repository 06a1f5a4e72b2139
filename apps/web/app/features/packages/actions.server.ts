/** The customer's moves on a subscription from its pages (my packages, the subscription's page): the API answers each; paying ones carry the attempt's Idempotency-Key. */
import { apiFor } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../../lib/api.ts';

type Args = { request: Request; context: Parameters<typeof apiFor>[0] };

export async function subscriptionAction({ request, context }: Args) {
  const api = await apiFor(context, request);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  // The ids and fields as they came: the API validates them.
  const path = asSent<PathParams<'post', '/api/user/subscriptions/{id}/cancel'>>({ id: field('id') });
  const key = field('idempotency_key').slice(0, 128);
  const headers = key ? { 'idempotency-key': key } : {};
  const method = asSent<PathBody<'post', '/api/user/subscriptions/{id}/pay'>>({
    payment_method: field('payment_method'),
  });
  switch (field('intent')) {
    case 'pay':
      return api.POST('/api/user/subscriptions/{id}/pay', { params: { path }, headers, body: method });
    case 'renew':
      return api.POST('/api/user/subscriptions/{id}/renew', { params: { path }, headers, body: method });
    case 'cancel':
      return api.POST('/api/user/subscriptions/{id}/cancel', { params: { path } });
    case 'auto-renew':
      return api.POST('/api/user/subscriptions/{id}/auto-renew', {
        params: { path },
        body: asSent<PathBody<'post', '/api/user/subscriptions/{id}/auto-renew'>>({ auto_renew: field('auto_renew') }),
      });
    case 'visit-cancel':
      return api.POST('/api/user/package-visits/{id}/cancel', { params: { path } });
    case 'visit-schedule':
      return api.POST('/api/user/package-visits/{id}/schedule', {
        params: { path },
        body: asSent<PathBody<'post', '/api/user/package-visits/{id}/schedule'>>({
          date: field('date'),
          time: field('time'),
        }),
      });
    default:
      return { msg: '', key: 'fail', data: null, status: 400 };
  }
}
