/**
 * The customer's answer to a service kind's price offer, under the kind's own
 * address in /api/user (`/maintenance-orders/:id/...`,
 * `/construction-orders/:id/...`): accept and pay (wallet at once, or the card
 * page), pay again while it waits for payment, reject with a reason. The
 * moves are the kernel's offer (kernel/offer.ts); another customer's order,
 * or another kind's, is 404.
 */
import type { z } from 'zod';
import {
  acceptOfferBody,
  acceptOfferResult,
  envelope,
  idParam,
  ORDER_MACHINES,
  payAgainBody,
  rejectOfferBody,
  type Lang,
  type OrderKind,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { acceptOffer, payOfferAgain, rejectOffer } from './kernel/offer.ts';

export type OfferRoutes<D extends z.ZodType> = {
  /** The kind's orders, e.g. `/construction-orders`. */
  prefix: string;
  kind: OrderKind;
  tags: string[];
  /** The idempotency scope's prefix (`<scope>.accept`, `<scope>.pay`) and the messages' area. */
  area: string;
  /** The order's detail, answered after a rejection. */
  detail: D;
  show: (userId: number, orderId: number, lang: Lang) => Promise<z.output<D>>;
};

export function customerOfferRoutes<D extends z.ZodType>(app: App, r: OfferRoutes<D>) {
  const base = { tags: r.tags, security: [{ bearer: [] }] };
  const paid = ORDER_MACHINES[r.kind].paid;
  const paidMsg = (status: string) => (status === paid ? `${r.area}.paid` : undefined);

  app.post(
    `${r.prefix}/:id/accept`,
    {
      ...idempotentRoute(app, `${r.area}.accept`),
      schema: {
        ...base,
        summary: 'Accept the price offer and pay: `wallet` pays at once, `electronic` answers the card page',
        description:
          'Send an `Idempotency-Key` header: a repeat returns the first answer. Once accepted, another accept answers 409.',
        params: idParam,
        body: acceptOfferBody,
        response: { 200: envelope(acceptOfferResult) },
      },
    },
    async (req, reply) => {
      const { order, redirectUrl } = await acceptOffer(app, {
        kind: r.kind,
        userId: req.user!.id,
        orderId: req.params.id,
        method: req.body.payment_method,
        lang: req.lang,
      });
      return reply.ok(
        { status: order.status, redirect_url: redirectUrl },
        paidMsg(order.status) ?? `${r.area}.offer_accepted`,
      );
    },
  );

  app.post(
    `${r.prefix}/:id/pay`,
    {
      ...idempotentRoute(app, `${r.area}.pay`),
      schema: {
        ...base,
        summary:
          'Pay again while my accepted order waits for payment: `electronic` (default) answers the card page, `wallet` pays at once',
        description:
          'Send an `Idempotency-Key` header: a repeat returns the first answer. Once paid, another answers 409.',
        params: idParam,
        body: payAgainBody,
        response: { 200: envelope(acceptOfferResult) },
      },
    },
    async (req, reply) => {
      const { order, redirectUrl } = await payOfferAgain(app, {
        kind: r.kind,
        userId: req.user!.id,
        orderId: req.params.id,
        method: req.body?.payment_method ?? 'electronic',
        lang: req.lang,
      });
      return reply.ok({ status: order.status, redirect_url: redirectUrl }, paidMsg(order.status));
    },
  );

  app.post(
    `${r.prefix}/:id/reject`,
    {
      preHandler: app.requireUser(),
      schema: {
        ...base,
        summary: 'Reject the price offer with a reason (the admins are told and may send another)',
        params: idParam,
        body: rejectOfferBody,
        response: { 200: envelope(r.detail as z.ZodType) },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      await rejectOffer(app, { kind: r.kind, userId, orderId: req.params.id, reason: req.body.reason });
      return reply.ok(await r.show(userId, req.params.id, req.lang), `${r.area}.reason_sent`);
    },
  );
}
