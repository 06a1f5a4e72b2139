/**
 * Test helper: a local stand-in for Moyasar's API (invoices, payments, refunds)
 * with HTTP basic auth by secret key, as `moyasar.ts` uses it. Payments with a
 * source follow Moyasar's sandbox: STC Pay (`source.mobile` 05…; the test
 * mobiles 0515555555-9 fail at once; then the code at `source.transaction_url`:
 * 123456 and 000000 pay, 111111-444444 fail with STC Pay's reason, any other
 * is "Invalid OTP") and Apple Pay (by amount: 200-300 SAR paid, 1,000-1,100
 * and 1,101-1,200 SAR declined, any other amount fails).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakePayment = {
  id: string;
  status: string;
  amount: number;
  refunded: number;
  currency: string;
  description?: string;
  callback_url?: string | null;
  metadata?: Record<string, unknown> | null;
  source?: Record<string, unknown>;
};

const STC_PAY_MOBILE_FAILURES: Record<string, string> = {
  '0515555555': 'Mobile number is not registered to use the STC Pay service.',
  '0515555556': 'Please update your information using the STC Pay app before attempting payment.',
  '0515555557': 'The customer account status is invalid, please contact STC Pay support.',
  '0515555558': 'You have exhausted your OTP attempts, please wait 15 minutes then try again.',
  '0515555559': 'Please wait 60 seconds before attempting a new payment.',
};
const STC_PAY_OTP: Record<string, [string, string]> = {
  '123456': ['paid', 'Paid'],
  '000000': ['paid', 'Paid'],
  '111111': ['failed', 'Insufficient Balance.'],
  '222222': ['failed', 'You have exceeded the allowed daily transaction limit for your STC Pay account.'],
  '333333': ['failed', 'You have exceeded the maximum allowed transaction amount.'],
  '444444': ['failed', 'Connection timed out while waiting for response from STC Pay service.'],
};
/** Moyasar's Apple Pay sandbox answers by amount (halalas). */
function applePayOutcome(amount: number): [string, string] {
  if (amount >= 20_000 && amount <= 30_000) return ['paid', 'APPROVED'];
  if (amount >= 100_000 && amount <= 110_000) return ['failed', 'UNSPECIFIED FAILURE'];
  if (amount >= 110_100 && amount <= 120_000) return ['failed', 'INSUFFICIENT FUNDS'];
  return ['failed', 'DECLINED'];
}
export type FakeInvoice = {
  id: string;
  status: string;
  amount: number;
  currency: string;
  description: string;
  url: string;
  success_url: string | null;
  back_url: string | null;
  metadata: Record<string, unknown> | null;
  payments: FakePayment[];
};
type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

export async function fakeMoyasar(secretKey = 'sk_test_fake_secret') {
  const invoices = new Map<string, FakeInvoice>();
  /** Payments made with a source (STC Pay, Apple Pay), outside any invoice. */
  const payments = new Map<string, FakePayment>();
  const sessions: Record<string, unknown>[] = [];
  const seen: Seen[] = [];
  const control = { failNext: 0, delayMs: 0 };
  const expected = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, data: unknown) =>
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(data));
        }, control.delayMs);
      if (req.headers.authorization !== expected)
        return send(401, { type: 'authentication_error', message: 'Invalid authorization credentials' });
      if (control.failNext > 0) {
        control.failNext--;
        return send(500, { type: 'api_error', message: 'boom' });
      }
      const url = req.url ?? '';
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && url === '/v1/invoices') {
        if (!Number.isInteger(body?.amount) || body.amount < 100 || !body?.description)
          return send(400, { type: 'invalid_request_error', message: 'Validation Failed' });
        const id = randomUUID();
        const inv: FakeInvoice = {
          id,
          status: 'initiated',
          amount: body.amount,
          currency: body.currency ?? 'SAR',
          description: body.description,
          url: `https://checkout.moyasar.test/invoices/${id}?lang=ar`,
          success_url: body.success_url ?? null,
          back_url: body.back_url ?? null,
          metadata: body.metadata ?? null,
          payments: [],
        };
        invoices.set(id, inv);
        return send(201, inv);
      }
      if (req.method === 'GET' && (m = /^\/v1\/invoices\/([\w-]+)$/.exec(url))) {
        const inv = invoices.get(m[1]!);
        return inv ? send(200, inv) : send(404, { type: 'record_not_found', message: 'Object not found' });
      }
      if (req.method === 'POST' && url === '/v1/payments') {
        const source = body?.source ?? {};
        const invalid = (field: string) =>
          send(400, {
            type: 'invalid_request_error',
            message: 'Validation Failed',
            errors: { [field]: ['is invalid'] },
          });
        if (!Number.isInteger(body?.amount) || body.amount < 100) return invalid('amount');
        const id = randomUUID();
        const pay: FakePayment = {
          id,
          status: 'initiated',
          amount: body.amount,
          refunded: 0,
          currency: body.currency ?? 'SAR',
          description: body.description,
          callback_url: body.callback_url ?? null,
          metadata: body.metadata ?? null,
          source: { type: source.type, message: null },
        };
        if (source.type === 'stcpay') {
          if (typeof source.mobile !== 'string' || !/^05\d{8}$/.test(source.mobile)) return invalid('source.mobile');
          const failure = STC_PAY_MOBILE_FAILURES[source.mobile];
          pay.source = {
            type: 'stcpay',
            mobile: source.mobile,
            reference_number: null,
            transaction_url: failure ? null : `${baseUrl}/v1/stc_pays/${id}/proceed`,
            message: failure ?? null,
          };
          if (failure) pay.status = 'failed';
        } else if (source.type === 'applepay') {
          if (typeof source.token !== 'string' || !source.token) return invalid('source.token');
          const [status, message] = applePayOutcome(body.amount);
          pay.status = status;
          pay.source = { type: 'applepay', company: 'mada', number: '4201-32XX-XXXX-1010', message };
        } else return invalid('source.type');
        payments.set(id, pay);
        return send(201, pay);
      }
      if (req.method === 'GET' && (m = /^\/v1\/payments\/([\w-]+)$/.exec(url))) {
        const pay = payments.get(m[1]!);
        return pay ? send(200, pay) : send(404, { type: 'record_not_found', message: 'Object not found' });
      }
      if ((m = /^\/v1\/stc_pays\/([\w-]+)\/proceed\?otp_value=(\w*)$/.exec(url))) {
        const pay = payments.get(m[1]!);
        if (!pay) return send(404, { type: 'record_not_found', message: 'Object not found' });
        if (pay.status !== 'initiated')
          return send(400, { type: 'invalid_request_error', message: 'Payment is not in initiated state' });
        const [status, message] = STC_PAY_OTP[m[2]!] ?? ['failed', 'Invalid OTP'];
        pay.status = status;
        pay.source = { ...pay.source, message };
        return send(200, pay);
      }
      if (req.method === 'POST' && url === '/v1/applepay/initiate') {
        if (!body?.validation_url || !body?.domain_name || !body?.display_name || !body?.publishable_api_key)
          return send(400, { type: 'invalid_request_error', message: 'Validation Failed' });
        sessions.push(body);
        return send(200, {
          merchantSessionIdentifier: `SSH${randomUUID().replace(/-/g, '')}`,
          domainName: body.domain_name,
          displayName: body.display_name,
          epochTimestamp: Date.now(),
          expiresAt: Date.now() + 3_600_000,
          signature: 'c2lnbmF0dXJl',
        });
      }
      if (req.method === 'POST' && (m = /^\/v1\/payments\/([\w-]+)\/refund$/.exec(url))) {
        const alone = payments.get(m[1]!);
        if (alone) {
          const amount = body?.amount ?? alone.amount - alone.refunded;
          if (alone.status !== 'paid' || alone.refunded + amount > alone.amount)
            return send(400, { type: 'invalid_request_error', message: 'Cannot refund' });
          alone.refunded += amount;
          if (alone.refunded === alone.amount) alone.status = 'refunded';
          return send(200, alone);
        }
        for (const inv of invoices.values()) {
          const pay = inv.payments.find((p) => p.id === m![1]);
          if (!pay) continue;
          const amount = body?.amount ?? pay.amount - pay.refunded;
          if (pay.status !== 'paid' || pay.refunded + amount > pay.amount)
            return send(400, { type: 'invalid_request_error', message: 'Cannot refund' });
          pay.refunded += amount;
          if (pay.refunded === pay.amount) {
            pay.status = 'refunded';
            inv.status = 'refunded';
          }
          return send(200, pay);
        }
        return send(404, { type: 'record_not_found', message: 'Object not found' });
      }
      send(404, { type: 'record_not_found', message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    secretKey,
    invoices,
    payments,
    /** Apple Pay merchant validations asked for. */
    sessions,
    seen,
    control,
    /** The payer paid the invoice on Moyasar's page (or the card was declined). */
    settle(id: string, outcome: 'paid' | 'failed', amount?: number) {
      const inv = invoices.get(id);
      if (!inv) throw new Error(`no invoice ${id}`);
      const pay: FakePayment = {
        id: randomUUID(),
        status: outcome,
        amount: amount ?? inv.amount,
        refunded: 0,
        currency: inv.currency,
      };
      inv.payments.push(pay);
      if (outcome === 'paid') inv.status = 'paid';
      return pay;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
