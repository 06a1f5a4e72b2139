/**
 * Test helper: a local stand-in for Moyasar's API (invoices, payments, refunds)
 * with HTTP basic auth by secret key, as `moyasar.ts` uses it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakePayment = { id: string; status: string; amount: number; refunded: number; currency: string };
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
      if (req.method === 'POST' && (m = /^\/v1\/payments\/([\w-]+)\/refund$/.exec(url))) {
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
