/**
 * What the staff's order page loads and sends: the visit whatever its day or state (time,
 * address and map, the customer's phone, the problem, its moves, extras, the report and its
 * chat), the catalogue and the chat thread; the moves, extra proposals and report saves of its
 * action.
 */
import { data, redirect } from 'react-router';
import { DEFAULT_VAT_RATE } from '@pool/contracts/core';
import type { ServiceItemOption } from '@pool/contracts/service-items';
import { isSuccess, pageStatus } from '../../lib/api.server.ts';
import { translate } from '../../lib/i18n.ts';
import { localePath } from '../../lib/lang.ts';
import { routeId } from '../../lib/route-id.ts';
import { staffPageOf } from './day.ts';
import { signOutIfEnded, type staffApiFor } from './session.server.ts';

type StaffApi = ReturnType<typeof staffApiFor>;

/**
 * The site's VAT rate in basis points, read back from the catalogue's prices with and without it
 * (the priciest item rounds least); the default rate when the catalogue is empty. The live totals
 * are a preview: the server prices the proposal.
 */
export function vatRateBpOf(items: ServiceItemOption[]): number {
  const priciest = items.reduce<ServiceItemOption | null>((a, i) => (i.price > (a?.price ?? 0) ? i : a), null);
  if (!priciest) return DEFAULT_VAT_RATE * 100;
  return Math.round(((priciest.price_with_vat - priciest.price) * 10_000) / priciest.price);
}

export async function loadStaffOrder(api: StaffApi, id: number) {
  const path = { id };
  const ended = <A extends { key: string }>(a: A) => signOutIfEnded(a, api.lang);
  const chatOf = (chatId: number) => api.GET('/api/staff/orders/{id}/chat', { params: { path: { id: chatId } } });
  // Most orders' thread is their own: asked for beside the visit.
  const [detail, items, ownChat] = await Promise.all([
    api.GET('/api/staff/orders/{id}/visit', { params: { path } }).then(ended),
    api.GET('/api/staff/service-items'),
    chatOf(id),
  ]);
  if (!isSuccess(detail)) {
    // A construction project of mine (a notification opens every order here): its own page.
    if (detail.status === 404 && isSuccess(await api.GET('/api/staff/construction/{id}', { params: { path } })))
      throw redirect(localePath(api.lang, staffPageOf({ id, kind: 'pool_construction' })));
    throw data(detail.msg, { status: pageStatus(detail) });
  }
  const catalogue = isSuccess(items) ? items.data : [];
  const { visit, extras, report, chat_path, chat_order_id } = detail.data;
  // A package visit's is its subscription's thread.
  const chat = chat_order_id && chat_order_id !== id ? await chatOf(chat_order_id) : ownChat;
  return {
    visit,
    extras,
    report,
    catalogue,
    vatRateBp: vatRateBpOf(catalogue),
    /** The chat with the customer (null for an order without one): the order's, or a package visit's subscription's. */
    chat: chat_path && isSuccess(chat) ? chat.data : null,
  };
}

type Payload = Record<string, unknown>;

/** The `:id` of a staff order page's URL; anything else is the 404 page. */
export const staffOrderId = routeId;

/** What a staff page's action got: its JSON or form fields (a body that is not what the page sends reads as none). */
export async function readPayload(request: Request): Promise<Payload> {
  const json = (request.headers.get('content-type') ?? '').includes('application/json');
  try {
    const payload = json ? await request.json() : Object.fromEntries((await request.formData()).entries());
    return payload && typeof payload === 'object' ? (payload as Payload) : {};
  } catch {
    return {};
  }
}

/** An intent the page never sends: refused like a bad field, never a 500. */
export const refusedIntent = (lang: StaffApi['lang']) => ({
  msg: translate(lang, 'validation.invalid'),
  key: 'fail',
  data: null,
  status: 400,
});

/** The order page's action: a move (form), an extra-services proposal or the report (JSON). */
export async function staffOrderAction(api: StaffApi, id: number, request: Request) {
  const path = { id };
  const payload = await readPayload(request);
  const refused = refusedIntent(api.lang);
  const answer = await (async () => {
    switch (payload.intent) {
      case 'move':
        if (payload.status === 'on_the_way')
          return api.POST('/api/staff/orders/{id}/on-the-way', {
            params: { path },
            body: { eta_minutes: payload.eta_minutes as number },
          });
        if (payload.status === 'arrived') return api.POST('/api/staff/orders/{id}/arrived', { params: { path } });
        if (payload.status === 'completed' || payload.status === 'done')
          return api.POST('/api/staff/orders/{id}/finish', { params: { path } });
        return refused;
      case 'extras':
        return api.POST('/api/staff/orders/{id}/extras', {
          params: { path },
          body: { lines: payload.lines as never },
        });
      case 'report':
        return api.PUT('/api/staff/orders/{id}/report', { params: { path }, body: payload.report as never });
      default:
        return refused;
    }
  })();
  return signOutIfEnded(answer, api.lang);
}
