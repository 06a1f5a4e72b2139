/** Helpers for the payment and wallet tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
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
