/** The customer's wallet under /api/user: balance and ledger, and a charge by card. */
import {
  chargeAmountError,
  chargeBody,
  envelope,
  pageQuery,
  paymentStarted,
  safeReturnPath,
  walletPage,
} from '@pool/contracts';
import type { App } from '../../app-type.ts';
import { fieldError } from '../../lib/errors.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { startPayment } from '../payments/index.ts';
import * as wallet from './service.ts';

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
}
