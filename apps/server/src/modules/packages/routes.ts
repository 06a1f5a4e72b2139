/**
 * Scheduled maintenance for customers (under /api/user): the packages on sale,
 * subscribing, my subscriptions ("my packages") with their visits, paying
 * again one that waits for payment, renewing by hand, cancelling (pro rata
 * refund to the wallet), the automatic renewal switch, and taking a visit back
 * or picking its new time.
 */
import {
  autoRenewBody,
  envelope,
  idParam,
  paginated,
  publicPackage,
  rescheduleBody,
  subscribeBody,
  subscribed,
  subscriptionPayBody,
  subscriptionsQuery,
  subscriptionView,
  type Lang,
  type PaymentMethod,
} from '@pool/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { tables } from '@pool/db';
import type { App } from '../../app-type.ts';
import { notFound } from '../../lib/errors.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { customerActor, payOfferAgain } from '../orders/index.ts';
import { pages } from '../../lib/pagination.ts';
import { publicPackage as findPublicPackage, publicPackages } from './catalogue.ts';
import {
  cancelSubscription,
  listMySubscriptions,
  mySubscription,
  setAutoRenew,
  subscribe,
  SUBSCRIPTIONS_PER_PAGE,
} from './subscriptions.ts';
import { renewByHand } from './renewal.ts';
import { subscriptionViews } from './views.ts';
import { cancelVisit, rescheduleVisit } from './visits.ts';

const tags = ['packages'];
const security = [{ bearer: [] }];

export default async function packageRoutes(app: App) {
  const signedIn = app.requireUser();
  const view = async (userId: number, id: number, lang: 'ar' | 'en') => {
    const [one] = await subscriptionViews(app.db, [await mySubscription(app.db, userId, id)], lang);
    return one!;
  };
  const visitAnswer = async (userId: number, visit: { parentId: number | null }, lang: 'ar' | 'en') =>
    view(userId, visit.parentId!, lang);

  app.get(
    '/packages',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary: 'The packages on sale, in the request language',
        response: { 200: envelope(z.array(publicPackage)) },
      },
    },
    async (req, reply) => reply.ok(await publicPackages(app.db, req.lang)),
  );

  app.get(
    '/packages/:id',
    {
      config: { publicCache: { maxAge: 60 } },
      schema: {
        tags,
        summary: 'One package on sale (404 when not)',
        params: idParam,
        response: { 200: envelope(publicPackage) },
      },
    },
    async (req, reply) => {
      const found = await findPublicPackage(app.db, req.params.id, req.lang);
      if (!found) throw notFound();
      return reply.ok(found);
    },
  );

  app.post(
    '/packages/:id/subscribe',
    {
      ...idempotentRoute(app, 'packages.subscribe'),
      schema: {
        tags,
        security,
        summary: 'Subscribe: exactly as many visit times as the package has visits, the place, wallet or card',
        description:
          'Each slot a Riyadh `date` and `time` in the future and within the validity; a wallet pays at once (the visits are made), a card answers the payment page (`redirect_url`); unpaid, it is cancelled after 2 hours. Repeat with the same `Idempotency-Key` for the same answer.',
        params: idParam,
        body: subscribeBody,
        response: { 200: envelope(subscribed) },
      },
    },
    async (req, reply) => {
      const { order, redirectUrl } = await subscribe(app, req.user!.id, req.params.id, req.body, req.lang);
      const subscription = await view(req.user!.id, order.id, req.lang);
      return reply.ok({ subscription, redirect_url: redirectUrl }, 'packages.subscribed');
    },
  );

  app.get(
    '/subscriptions',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'My subscriptions ("my packages"), newest first, with their visits',
        querystring: subscriptionsQuery,
        response: { 200: envelope(paginated(subscriptionView)) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await listMySubscriptions(app.db, req.user!.id, req.query);
      return reply.ok({
        data: await subscriptionViews(app.db, rows, req.lang),
        pagination: pages(total, SUBSCRIPTIONS_PER_PAGE, req.query.page),
      });
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'One of my subscriptions',
        params: idParam,
        response: { 200: envelope(subscriptionView) },
      },
    },
    async (req, reply) => reply.ok(await view(req.user!.id, req.params.id, req.lang)),
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Cancel my subscription: its open visits are cancelled, the unused share refunded to the wallet',
        params: idParam,
        response: { 200: envelope(subscriptionView) },
      },
    },
    async (req, reply) => {
      await cancelSubscription(app, req.params.id, customerActor(req.user!.id));
      return reply.ok(await view(req.user!.id, req.params.id, req.lang), 'packages.cancelled');
    },
  );

  /** A route paying for my subscription: by card (the answer's `redirect_url`) or from the wallet at once. */
  const paying = (
    path: 'pay' | 'renew',
    doc: { summary: string; description: string },
    pay: (userId: number, id: number, method: PaymentMethod, lang: Lang) => Promise<{ redirectUrl: string | null }>,
    paidMsg: string,
  ) =>
    app.post(
      `/subscriptions/:id/${path}`,
      {
        ...idempotentRoute(app, `packages.${path}`),
        schema: {
          tags,
          security,
          ...doc,
          params: idParam,
          body: subscriptionPayBody,
          response: { 200: envelope(subscribed) },
        },
      },
      async (req, reply) => {
        const { redirectUrl } = await pay(req.user!.id, req.params.id, req.body.payment_method, req.lang);
        const subscription = await view(req.user!.id, req.params.id, req.lang);
        return reply.ok({ subscription, redirect_url: redirectUrl }, redirectUrl ? undefined : paidMsg);
      },
    );

  paying(
    'pay',
    {
      summary:
        'Pay again my subscription that waits for payment: `electronic` answers the card page, `wallet` pays at once',
      description:
        'Within its 2 hours unpaid. Send an `Idempotency-Key` header: a repeat returns the first answer. Once paid (or cancelled), another answers 409; a wallet short of the total, 422.',
    },
    (userId, orderId, method, lang) =>
      payOfferAgain(app, { kind: 'package_subscription', userId, orderId, method, lang }),
    'packages.paid',
  );

  paying(
    'renew',
    {
      summary: 'Renew my subscription now: a new period of its visits, paid from the wallet at once or by card',
      description:
        'An active subscription in its last 3 days (the new period starts at its end) or one expired within 30 days (it starts now); `renewal` in the subscription says what it pays for. The new visits are unscheduled: pick their times. By card the answer carries `redirect_url` and the renewal happens when the payment is verified. Send an `Idempotency-Key` header. 409 when it cannot be renewed now; 422 when the wallet is short.',
    },
    (userId, id, method, lang) => renewByHand(app, userId, id, method, lang),
    'packages.renewed',
  );

  app.post(
    '/subscriptions/:id/auto-renew',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Turn the automatic renewal on or off (the wallet is charged at the end of the period)',
        params: idParam,
        body: autoRenewBody,
        response: { 200: envelope(subscriptionView) },
      },
    },
    async (req, reply) => {
      await setAutoRenew(app, req.user!.id, req.params.id, req.body.auto_renew);
      const msg = req.body.auto_renew ? 'packages.auto_renew_on' : 'packages.auto_renew_off';
      return reply.ok(await view(req.user!.id, req.params.id, req.lang), msg);
    },
  );

  app.get(
    '/package-visits/:id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Which of my subscriptions a visit belongs to (a visit's notification opens its subscription's page)",
        params: idParam,
        response: { 200: envelope(z.object({ id: z.number(), subscription_id: z.number() })) },
      },
    },
    async (req, reply) => {
      const o = tables.orders;
      const [visit] = await app.db
        .select({ id: o.id, parentId: o.parentId })
        .from(o)
        .where(and(eq(o.id, req.params.id), eq(o.kind, 'package_visit'), eq(o.userId, req.user!.id)));
      if (!visit?.parentId) throw notFound();
      return reply.ok({ id: visit.id, subscription_id: visit.parentId });
    },
  );

  app.post(
    '/package-visits/:id/cancel',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: 'Take a visit back (24 hours or more before it) to pick another time; answers its subscription',
        params: idParam,
        response: { 200: envelope(subscriptionView) },
      },
    },
    async (req, reply) => {
      const visit = await cancelVisit(app, req.user!.id, req.params.id);
      return reply.ok(await visitAnswer(req.user!.id, visit, req.lang), 'packages.visit_cancelled');
    },
  );

  app.post(
    '/package-visits/:id/schedule',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Pick a visit's time (in the future, within the subscription's period); answers its subscription",
        params: idParam,
        body: rescheduleBody,
        response: { 200: envelope(subscriptionView) },
      },
    },
    async (req, reply) => {
      const visit = await rescheduleVisit(app, req.user!.id, req.params.id, req.body);
      return reply.ok(await visitAnswer(req.user!.id, visit, req.lang), 'packages.visit_scheduled');
    },
  );
}
