/** The customer's wallet under /api/user: balance and ledger, a charge by card, and a checkout's shortfall. */
import {
  chargeAmountError,
  chargeBody,
  envelope,
  pageQuery,
  paymentStarted,
  safeReturnPath,
  walletPage,
  walletTopUp,
  walletTopUpBody,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { viewCart } from '../cart/index.ts';
import { startPayment } from '../payments/index.ts';
import * as wallet from './service.ts';

/** The gateway's smallest charge (Moyasar: 1 SAR); a smaller shortfall is charged this much. */
const GATEWAY_MIN_HALALAS = 100;

const tags = ['wallet'];
const security = [{ bearer: [] }];

export default async function walletRoutes(app: App) {
  app.get(
    '/wallet',
    {
      preHandler: app.requireUser(),
      schema: {
        tags,
        security,
        summary: 'My wallet: balance (halalas) and its history, newest first, 10 per page',
        querystring: pageQuery,
        response: { 200: envelope(walletPage) },
      },
    },
    async (req, reply) => reply.ok(await wallet.walletPage(app.db, req.user!.id, req.query.page)),
  );

  app.post(
    '/wallet/charge',
    {
      ...idempotentRoute(app, 'wallet.charge'),
      schema: {
        tags,
        security,
        summary: 'Charge my wallet by card: answers the gateway page to send the payer to',
        description:
          'amount: whole riyals, digits only (1 to 10,000). Accepts an `Idempotency-Key` header: a repeat answers the first result. The wallet is credited once the payment is verified with the gateway.',
        body: chargeBody,
        response: { 200: envelope(paymentStarted) },
      },
    },
    async (req, reply) => {
      const sar = Number(req.body.amount);
      const range = chargeAmountError(sar);
      if (range) throw fieldError('amount', range.key, range.params);
      let returnPath = req.lang === 'en' ? '/en/more/wallet' : '/more/wallet';
      if (req.body.return_path !== undefined) {
        const safe = safeReturnPath(req.body.return_path);
        if (!safe) throw fieldError('return_path', 'validation.invalid');
        returnPath = safe;
      }
      const started = await startPayment(app, app.db, {
        userId: req.user!.id,
        purpose: 'wallet_charge',
        amount: sar * 100,
        lang: req.lang,
        returnPath,
      });
      return reply.ok(started, 'wallet.charge_started');
    },
  );

  app.post(
    '/wallet/top-up',
    {
      ...idempotentRoute(app, 'wallet.top_up'),
      schema: {
        tags,
        security,
        summary: 'Top my wallet up by what it lacks to pay my cart by wallet: answers the gateway page',
        description:
          'The server prices my cart for the saved address `address_id` as checkout would and charges the total less my balance (at least 1 SAR, the gateway’s minimum). 422 when the balance already covers it. Back from the gateway, the browser lands on `return_path` (the cart, to finish with the wallet). Accepts an `Idempotency-Key` header.',
        body: walletTopUpBody,
        response: { 200: envelope(walletTopUp) },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      const cart = await viewCart(app.db, { userId }, req.lang, { addressId: req.body.address_id });
      if (!cart.can_checkout) throw new AppError('fail', 'wallet.top_up_cart_not_ready', { status: 422 });
      const shortfall = cart.prices.total - (await wallet.getBalance(app.db, userId));
      if (shortfall <= 0) throw new AppError('fail', 'wallet.top_up_not_needed', { status: 422 });
      const amount = Math.max(shortfall, GATEWAY_MIN_HALALAS);
      const range = chargeAmountError(Math.ceil(amount / 100));
      if (range) throw new AppError('fail', range.key, { status: 422, params: range.params });
      const started = await startPayment(app, app.db, {
        userId,
        purpose: 'wallet_charge',
        amount,
        lang: req.lang,
        returnPath: req.body.return_path ?? (req.lang === 'en' ? '/en/shopping_cart' : '/shopping_cart'),
      });
      return reply.ok({ ...started, amount }, 'wallet.charge_started');
    },
  );
}
