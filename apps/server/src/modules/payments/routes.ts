/**
 * Payment routes under /api: the payer's return from the gateway, the
 * gateway's webhook, the customer's own payments and, with the sandbox
 * driver, its hosted payment page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import {
  applePayBody,
  applePaySessionBody,
  envelope,
  idParam,
  isLang,
  paymentInfo,
  safeReturnPath,
  stcPayBody,
  stcPayOtpBody,
  toLatinDigits,
  type Lang,
} from '@pool/contracts';
import { translate } from '@pool/i18n';
import type { App } from '../../app-type.ts';
import { parseWebhook } from '../../integrations/payments/index.ts';
import type { SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { applePayMerchantSession, confirmStcPayCode, payWithSource } from './methods.ts';
import { sandbox3dsPage, sandboxClosedPage, sandboxOtpPage, sandboxPayPage } from './sandbox-page.ts';
import { findByGivenId, ownPayment, toPaymentInfo, verifyPayment } from './service.ts';

const tags = ['payments'];
const digest = (s: string) => createHash('sha256').update(s).digest();
/** STC Pay payments a customer may start (each sends an SMS code). */
export const STC_PAY_STARTS = { points: 5, seconds: 600 };

/** Where the browser lands after paying: the page it started from, with the outcome. */
export function outcomeUrl(to: string | undefined, paymentId: number, outcome: 'paid' | 'failed' | 'pending') {
  const url = new URL(safeReturnPath(to) ?? '/', 'http://site.invalid');
  url.searchParams.set('payment_id', String(paymentId));
  url.searchParams.set('payment_status', outcome);
  return url.pathname + url.search;
}

const webhookBody = z
  .object({
    type: z.string().max(40).optional().describe('e.g. payment_paid, payment_failed'),
    secret_token: z.string().max(200).optional().describe('the shared webhook secret'),
    data: z
      .object({
        id: z.string().max(64).optional().describe('the gateway’s payment id'),
        invoice_id: z.string().max(64).nullish(),
      })
      .loose()
      .optional(),
  })
  .loose();

export default async function paymentsRoutes(app: App) {
  const deps = app;

  app.get(
    '/user/payments/:id',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'One of my card payments (another customer’s answers 404)',
        params: idParam,
        response: { 200: envelope(paymentInfo) },
      },
    },
    async (req, reply) => reply.ok(toPaymentInfo(await ownPayment(app.db, req.user!.id, req.params.id))),
  );

  app.post(
    '/user/payments/:id/verify',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Ask the gateway about one of my payments now (for the apps after the hosted page)',
        params: idParam,
        response: { 200: envelope(paymentInfo) },
      },
    },
    async (req, reply) => {
      const own = await ownPayment(app.db, req.user!.id, req.params.id);
      const { payment } = await verifyPayment(deps, own.id);
      return reply.ok(toPaymentInfo(payment));
    },
  );

  methodRoutes(app);

  app.get(
    '/payments/return/:given',
    {
      schema: {
        tags,
        summary: 'The payer’s browser back from the gateway: verifies, then redirects to the site page (303)',
        description:
          'The payment is checked with the gateway; the browser goes to the same-site path `to` with `payment_id` and `payment_status` (paid, failed or pending).',
        params: z.object({ given: z.uuid() }),
        querystring: z.object({ to: z.string().max(300).optional() }),
      },
    },
    async (req, reply) => {
      const row = await findByGivenId(app.db, req.params.given);
      if (!row) throw notFound();
      let status = row.status;
      try {
        status = (await verifyPayment(deps, row.id)).payment.status;
      } catch (err) {
        req.log.warn(
          { err, paymentId: row.id },
          'verification on return failed; the webhook or a later check will settle it',
        );
      }
      const outcome = status === 'paid' || status === 'refunded' ? 'paid' : status === 'failed' ? 'failed' : 'pending';
      return reply.redirect(outcomeUrl(req.query.to, row.id, outcome), 303);
    },
  );

  app.post(
    '/payments/webhook/:driver',
    {
      schema: {
        tags,
        summary: 'Payment gateway webhook (Moyasar’s format; the sandbox uses the same)',
        description:
          'The shared secret (`secret_token`, or the `x-webhook-secret` header) is compared in constant time. The body is never trusted: the payment is fetched from the gateway. Each (payment, event) is handled once.',
        params: z.object({ driver: z.string().max(20) }),
        body: webhookBody,
        response: { 200: envelope(z.object({ status: z.string(), duplicate: z.boolean() })) },
      },
    },
    async (req, reply) => {
      if (req.params.driver !== app.payments.name) throw notFound();
      const header = req.headers['x-webhook-secret'];
      const given = req.body.secret_token ?? (typeof header === 'string' ? header : null);
      if (!given || !timingSafeEqual(digest(given), digest(app.config.paymentWebhookSecret))) {
        throw new AppError('unauthenticated', 'payments.webhook_unauthorized');
      }
      const event = parseWebhook(req.body);
      if (!event) throw new AppError('fail', 'payments.webhook_invalid', { status: 422 });
      const ev = tables.paymentEvents;
      const [seen] = await app.db
        .select({ at: ev.createdAt })
        .from(ev)
        .where(and(eq(ev.gatewayId, event.paymentId), eq(ev.event, event.type)))
        .limit(1);
      const [row] = await app.db
        .select({ id: tables.payments.id, status: tables.payments.status })
        .from(tables.payments)
        .where(eq(tables.payments.gatewayId, event.gatewayId))
        .limit(1);
      // Not one of ours (another shop on the same account): acknowledged, nothing to do.
      if (!row) return reply.ok({ status: 'ignored', duplicate: Boolean(seen) });
      if (seen) return reply.ok({ status: row.status, duplicate: true });
      const { payment } = await verifyPayment(deps, row.id);
      // Only a settled answer is recorded, so an early delivery (still "initiated") can be sent again.
      if (payment.status !== 'initiated') {
        await app.db.insert(ev).values({ gatewayId: event.paymentId, event: event.type }).onConflictDoNothing();
      }
      return reply.ok({ status: payment.status, duplicate: false });
    },
  );

  if (app.payments.name === 'sandbox') sandboxRoutes(app, app.payments as SandboxGateway);
}

/**
 * STC Pay and Apple Pay without the hosted page (methods.ts): each pays the
 * amount of one of my open payments as a new attempt, answered as that attempt.
 */
function methodRoutes(app: App) {
  const base = { tags, security: [{ bearer: [] }] };
  // Each STC Pay start texts a code to the mobile given: a few per customer, so it cannot be used to flood a number.
  const stcPayStarts = app.limiter('stcpay-start', STC_PAY_STARTS);
  const stcPayLimit = (req: FastifyRequest, reply: FastifyReply) =>
    app.takeLimit(stcPayStarts, `u${req.user!.id}`, reply);
  const answer = { 200: envelope(paymentInfo) };
  /** The message of an attempt's state, in the payer's language. */
  const outcomeKey = (status: string) =>
    status === 'paid' ? 'payments.paid' : status === 'failed' ? 'payments.method_failed' : 'payments.stcpay_code_sent';

  app.post(
    '/user/payments/:id/stcpay',
    {
      preHandler: [app.requireUser(), stcPayLimit],
      schema: {
        ...base,
        summary: 'Pay one of my open payments by STC Pay: the code goes by SMS to the mobile',
        description:
          'Answers the new attempt: `initiated` waits for the code (`POST /api/user/payments/{its id}/stcpay/otp`); `failed` when STC Pay refused the mobile.',
        params: idParam,
        body: stcPayBody,
        response: answer,
      },
    },
    async (req, reply) => {
      const from = await ownPayment(app.db, req.user!.id, req.params.id);
      const { mobile, return_path } = req.body;
      const attempt = await payWithSource(
        app,
        from,
        { type: 'stcpay', mobile },
        { lang: req.lang, returnPath: return_path },
      );
      return reply.ok(toPaymentInfo(attempt), outcomeKey(attempt.status));
    },
  );

  app.post(
    '/user/payments/:id/stcpay/otp',
    {
      preHandler: app.requireUser(),
      schema: {
        ...base,
        summary: 'STC Pay’s one-time code of my attempt: paid, or failed (a wrong code fails the attempt)',
        params: idParam,
        body: stcPayOtpBody,
        response: answer,
      },
    },
    async (req, reply) => {
      const row = await ownPayment(app.db, req.user!.id, req.params.id);
      const settled = await confirmStcPayCode(app, row, req.body.code);
      return reply.ok(toPaymentInfo(settled), outcomeKey(settled.status));
    },
  );

  app.post(
    '/user/payments/applepay/session',
    {
      preHandler: app.requireUser(),
      schema: {
        ...base,
        summary: 'Apple Pay’s merchant session for the payment sheet (`completeMerchantValidation`)',
        body: applePaySessionBody,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (req, reply) => {
      const domain = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).hostname : req.hostname;
      const name = translate(req.lang, 'common.app_name');
      const session = await applePayMerchantSession(app, req.body.validation_url, domain, name);
      return reply.ok(session as Record<string, unknown>);
    },
  );

  app.post(
    '/user/payments/:id/applepay',
    {
      preHandler: app.requireUser(),
      schema: {
        ...base,
        summary: 'Pay one of my open payments by Apple Pay with the payment sheet’s token',
        params: idParam,
        body: applePayBody,
        response: answer,
      },
    },
    async (req, reply) => {
      const from = await ownPayment(app.db, req.user!.id, req.params.id);
      const { token, return_path } = req.body;
      const attempt = await payWithSource(
        app,
        from,
        { type: 'applepay', token },
        { lang: req.lang, returnPath: return_path },
      );
      return reply.ok(toPaymentInfo(attempt), outcomeKey(attempt.status));
    },
  );
}

/**
 * Apple Pay's domain association file, from the setting (APPLE_PAY_DOMAIN_ASSOCIATION,
 * the file Moyasar's dashboard gives); 404 while it is not set. Registered at the root.
 */
export async function applePayDomainRoute(app: App) {
  app.get(
    '/.well-known/apple-developer-merchantid-domain-association',
    { schema: { hide: true } },
    async (_req, reply) => {
      const file = app.config.APPLE_PAY_DOMAIN_ASSOCIATION;
      if (!file) throw notFound();
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(file);
    },
  );
}

/** The sandbox's hosted page (development and tests only). */
function sandboxRoutes(app: App, sandbox: SandboxGateway) {
  const schema = {
    hide: true,
    params: z.object({ id: z.string().max(80) }),
    querystring: z.object({ lang: z.string().max(5).optional() }),
  };
  type Req = { params: { id: string }; query: { lang?: string }; lang: Lang };
  type Reply = FastifyReply;
  /** The sandbox payment of the URL, the page language, and an answer for a payment that cannot go on. */
  const open = (req: Req, reply: Reply) => {
    const p = sandbox.get(req.params.id);
    const lang: Lang = isLang(req.query.lang) ? req.query.lang : (p?.lang ?? req.lang);
    const nonce = reply.cspNonce.style;
    reply.type('text/html; charset=utf-8');
    const closed = () => reply.code(p ? 409 : 404).send(sandboxClosedPage(lang, nonce, p?.callbackUrl ?? null));
    return { p, lang, nonce, closed };
  };

  app.get('/payments/sandbox/:id', { schema }, async (req, reply) => {
    const { p, lang, nonce, closed } = open(req, reply);
    if (!p || p.status !== 'initiated' || p.awaiting3ds) return closed();
    if (p.awaitingOtp) return reply.redirect(`/api/payments/sandbox/${encodeURIComponent(p.id)}/otp?lang=${lang}`, 303);
    return reply.send(sandboxPayPage(lang, nonce, p));
  });

  app.post(
    '/payments/sandbox/:id',
    { schema: { ...schema, body: z.object({ card: z.string().max(40).optional() }).nullish() } },
    async (req, reply) => {
      const { p, lang, nonce, closed } = open(req, reply);
      if (!p) return closed();
      const outcome = sandbox.pay(p.id, toLatinDigits(req.body?.card ?? ''));
      if (outcome === 'paid' || outcome === 'failed') return reply.redirect(p.callbackUrl, 303);
      if (outcome === '3ds') {
        return reply.redirect(`/api/payments/sandbox/${encodeURIComponent(p.id)}/3ds?lang=${lang}`, 303);
      }
      if (outcome === 'unknown_card')
        return reply.code(422).send(sandboxPayPage(lang, nonce, p, 'sandbox_unknown_card'));
      return closed();
    },
  );

  app.post(
    '/payments/sandbox/:id/applepay',
    { schema: { ...schema, body: z.object({ token: z.string().max(40).optional() }).nullish() } },
    async (req, reply) => {
      const { p, closed } = open(req, reply);
      if (!p || sandbox.payApplePay(p.id, req.body?.token ?? '') === 'closed') return closed();
      return reply.redirect(p.callbackUrl, 303);
    },
  );

  app.post(
    '/payments/sandbox/:id/stcpay',
    { schema: { ...schema, body: z.object({ mobile: z.string().max(20).optional() }).nullish() } },
    async (req, reply) => {
      const { p, lang, nonce, closed } = open(req, reply);
      if (!p) return closed();
      const mobile = stcPayBody.shape.mobile.safeParse(req.body?.mobile ?? '');
      const outcome = sandbox.startStcPay(p.id, mobile.success ? mobile.data : '');
      if (outcome === 'invalid_mobile')
        return reply.code(422).send(sandboxPayPage(lang, nonce, p, 'sandbox_mobile_invalid'));
      if (outcome === 'failed') return reply.redirect(p.callbackUrl, 303);
      if (outcome === 'otp')
        return reply.redirect(`/api/payments/sandbox/${encodeURIComponent(p.id)}/otp?lang=${lang}`, 303);
      return closed();
    },
  );

  app.get('/payments/sandbox/:id/otp', { schema }, async (req, reply) => {
    const { p, lang, nonce, closed } = open(req, reply);
    if (!p || p.status !== 'initiated' || !p.awaitingOtp) return closed();
    return reply.send(sandboxOtpPage(lang, nonce, p));
  });

  app.post(
    '/payments/sandbox/:id/otp',
    { schema: { ...schema, body: z.object({ code: z.string().max(12).optional() }).nullish() } },
    async (req, reply) => {
      const { p, closed } = open(req, reply);
      if (!p || sandbox.enterOtp(p.id, toLatinDigits(req.body?.code ?? '').trim()) === 'closed') return closed();
      return reply.redirect(p.callbackUrl, 303);
    },
  );

  app.get('/payments/sandbox/:id/3ds', { schema }, async (req, reply) => {
    const { p, lang, nonce, closed } = open(req, reply);
    if (!p || !p.awaiting3ds) return closed();
    return reply.send(sandbox3dsPage(lang, nonce, p));
  });

  app.post(
    '/payments/sandbox/:id/3ds',
    { schema: { ...schema, body: z.object({ result: z.string().max(10).optional() }).nullish() } },
    async (req, reply) => {
      const { p, closed } = open(req, reply);
      if (!p || sandbox.authenticate(p.id, req.body?.result === 'ok') === 'closed') return closed();
      return reply.redirect(p.callbackUrl, 303);
    },
  );
}
