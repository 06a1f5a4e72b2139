/**
 * A service order page's action on its offer and itself, the same under each kind's address (the API's
 * customerOfferRoutes): accept (and pay), pay again, reject with a reason, cancel. The path's id and the
 * form's fields go as they came: the API validates them. Null for another intent (the page's own).
 */
import type { apiFor } from '../../lib/api.server.ts';
import { asSent, type PathBody, type PathParams } from '../../lib/api.ts';

type Api = Awaited<ReturnType<typeof apiFor>>;
/** The kinds' addresses; typed as maintenance's, whose routes have the same bodies and answers. */
type Base = '/api/user/maintenance-orders' | '/api/user/construction-orders';
type Path<S extends string> = `/api/user/maintenance-orders/{id}/${S}`;

export function offerAction(api: Api, form: FormData, id: string | undefined, base: Base) {
  const field = (name: string) => String(form.get(name) ?? '');
  const at = <S extends string>(suffix: S) => `${base}/{id}/${suffix}` as Path<S>;
  const path = asSent<PathParams<'post', Path<'accept'>>>({ id: id ?? '' });
  const key = field('idempotency_key').slice(0, 128);
  const headers = key ? { 'idempotency-key': key } : {};
  switch (field('intent')) {
    case 'accept':
    case 'pay':
      return api.POST(at(field('intent') as 'accept'), {
        params: { path },
        headers,
        body: asSent<PathBody<'post', Path<'accept'>>>({ payment_method: field('payment_method') }),
      });
    case 'reject':
      return api.POST(at('reject'), { params: { path }, body: { reason: field('reason') } });
    case 'cancel':
      return api.POST(at('cancel'), {
        params: { path },
        body: asSent<PathBody<'post', Path<'cancel'>>>({
          cancel_reason_id: field('cancel_reason_id'),
          note: field('note'),
        }),
      });
    default:
      return null;
  }
}
