/**
 * What the engineer's project page loads and sends: the construction order assigned to them (the
 * design, the estimate, the offer, the stages, their moves) and its chat; the offer sent, a stage
 * posted and the completion, each the API's own answer.
 */
import { data } from 'react-router';
import { isSuccess, pageStatus } from '../../lib/api.server.ts';
import { readPayload, refusedIntent } from './order-data.server.ts';
import { signOutIfEnded, type staffApiFor } from './session.server.ts';

type StaffApi = ReturnType<typeof staffApiFor>;

export async function loadConstruction(api: StaffApi, id: number) {
  const path = { id };
  const [order, chat] = await Promise.all([
    api.GET('/api/staff/construction/{id}', { params: { path } }).then((a) => signOutIfEnded(a, api.lang)),
    api.GET('/api/staff/orders/{id}/chat', { params: { path } }),
  ]);
  if (!isSuccess(order)) throw data(order.msg, { status: pageStatus(order) });
  return {
    order: order.data,
    /** The chat with the customer (null when the order has none or it failed to load). */
    chat: order.data.chat_path && isSuccess(chat) ? chat.data : null,
  };
}

/** The page's action (JSON): `offer` (lines, sent to the customer), `stage`, or the move `completed`. */
export async function constructionAction(api: StaffApi, id: number, request: Request) {
  const path = { id };
  const payload = await readPayload(request);
  const answer = await (async () => {
    switch (payload.intent) {
      case 'offer':
        return api.POST('/api/staff/construction/{id}/offer', {
          params: { path },
          body: { lines: payload.lines as never, send: true },
        });
      case 'stage':
        return api.POST('/api/staff/construction/{id}/stages', { params: { path }, body: payload.stage as never });
      case 'complete':
        return api.POST('/api/staff/orders/{id}/status', { params: { path }, body: { status: 'completed' } });
      default:
        return refusedIntent(api.lang);
    }
  })();
  return signOutIfEnded(answer, api.lang);
}
