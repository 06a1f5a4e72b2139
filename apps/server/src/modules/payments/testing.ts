/** Helpers for the payment and wallet tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeUser, queryRows, tables, type Db } from '@pool/db';
import type { Lang } from '@pool/contracts';
import { issueUserToken } from '../../lib/sessions.ts';
import type { TestApp } from '../../testing/app.ts';

/** An active customer with a bearer token. */
export async function customer(app: TestApp) {
  const user = await makeUser(app.db);
  return { user, token: await issueUserToken(app.db, user.id) };
}

export type CallOptions = { token?: string; lang?: Lang; headers?: Record<string, string>; body?: unknown };

export function api(app: TestApp, method: 'GET' | 'POST', url: string, o: CallOptions = {}) {
  return app.inject({
    method,
    url,
    headers: {
      lang: o.lang ?? 'ar',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
}

/** A minimal order row (the orders module builds real ones). */
export async function insertOrder(db: Db, userId: number, total = 5_000) {
  const [order] = await db
    .insert(tables.orders)
    .values({
      kind: 'store',
      number: `T${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 20),
      userId,
      status: 'new',
      paymentMethod: 'wallet',
      taxRate: 1500,
      total,
    })
    .returning();
  return order!;
}

/** The wallet's balance, the sum of its ledger and the smallest balance_after ever written. */
export async function walletState(db: Db, userId: number) {
  const [w] = await db.select().from(tables.wallets).where(eq(tables.wallets.userId, userId));
  const [l] = await queryRows<{ sum: string | null; min: number | null; n: string }>(
    db,
    sql`select sum(amount)::text as sum, min(balance_after) as min, count(*)::text as n from wallet_entries where user_id = ${userId}`,
  );
  return { balance: w?.balance ?? 0, ledger: Number(l?.sum ?? 0), minAfter: l?.min ?? 0, entries: Number(l?.n ?? 0) };
}

/** Test cards of the sandbox driver: paid, declined, and paid after a 3-D Secure step. */
export const SUCCESS = '4111 1111 1111 1111';
export const FAILURE = '4000000000000002';
export const THREE_DS = '4000 0000 0000 3220';

/**
 * A wallet charge through the sandbox driver, as a customer's browser and the
 * gateway see it: the charge, the hosted page (a form post), the return route
 * and the webhook. `getApp` answers the file's test app once it is built.
 */
export function cardFlow(getApp: () => TestApp) {
  const charge = (token: string, amount: unknown, o: { lang?: 'ar' | 'en'; key?: string; return_path?: string } = {}) =>
    api(getApp(), 'POST', '/api/user/wallet/charge', {
      token,
      lang: o.lang,
      headers: o.key !== undefined ? { 'idempotency-key': o.key } : {},
      body: { amount, ...(o.return_path ? { return_path: o.return_path } : {}) },
    });
  const paymentRows = async (userId: number) =>
    getApp().db.select().from(tables.payments).where(eq(tables.payments.userId, userId));
  const form = (url: string, fields: Record<string, string>) =>
    getApp().inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const follow = (location: string) => getApp().inject({ method: 'GET', url: location });
  const webhook = (body: object, headers: Record<string, string> = {}) =>
    getApp().inject({ method: 'POST', url: '/api/payments/webhook/sandbox', headers, payload: body });
  const event = (gatewayId: string, type = 'payment_paid', secret = getApp().config.paymentWebhookSecret) => ({
    id: `evt_${type}`,
    type,
    secret_token: secret,
    data: { id: gatewayId, status: type === 'payment_paid' ? 'paid' : 'failed', amount: 1 },
  });

  /** Starts a wallet charge and answers the sandbox page URL and the payment row. */
  async function started(token: string, userId: number, amount = '150', lang: 'ar' | 'en' = 'ar') {
    const res = await charge(token, amount, { lang });
    expect(res.statusCode, res.body).toBe(200);
    const { payment_id, redirect_url } = res.json().data;
    const [row] = (await paymentRows(userId)).filter((p) => p.id === payment_id);
    return { paymentId: payment_id as number, page: redirect_url as string, row: row! };
  }

  return { charge, paymentRows, form, follow, webhook, event, started };
}
