/** Helpers for the cart, checkout and order tests (not a test file itself). */
import { expect } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { makeCity, makeProduct, makeUser, tables, type VariantSpec } from '@pool/db';
import { findMove, type CheckoutResult, type OrderActor, type OrderKind } from '@pool/contracts';
import type { Lang } from '@pool/i18n';
import { cancelUnpaidOrder } from '../../jobs/auto-cancel.ts';
import { SANDBOX_CARDS, type SandboxGateway } from '../../integrations/payments/sandbox.ts';
import { retryTransaction } from '../../lib/retry.ts';
import { issueUserToken } from '../../lib/sessions.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { t, type Body } from '../account/testing.ts';
import { adminToken } from '../admin-content/testing.ts';
import { verifyPayment } from '../payments/index.ts';
import { credit } from '../wallet/service.ts';
import { lockOrder, staffActor, transition } from './index.ts';

export { t };

export type Api = {
  token?: string;
  cartKey?: string;
  lang?: Lang;
  body?: object;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

/** A request to `/api/user<path>` (or `path` itself when it starts with `/api`). */
export function api(app: TestApp, method: 'GET' | 'POST' | 'DELETE', path: string, o: Api = {}) {
  return app.inject({
    method,
    url: path.startsWith('/api') ? path : `/api/user${path}`,
    query: o.query,
    headers: {
      lang: o.lang ?? 'ar',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.cartKey ? { 'x-cart-key': o.cartKey } : {}),
      ...o.headers,
    },
    ...(o.body ? { payload: o.body } : {}),
  });
}

/** The data of a 200 `success`, failing with the body otherwise. */
export function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Body;
  expect(body.key).toBe('success');
  return body.data as T;
}

/** A signed-in customer and their token. */
export async function customer(app: TestApp, o: Partial<typeof tables.users.$inferInsert> = {}) {
  const user = await makeUser(app.db, o);
  return { user, token: await issueUserToken(app.db, user.id) };
}

/** A city with a delivery price (halalas), free above `freeAbove` when given. */
export async function deliveryCity(app: TestApp, price = 2500, freeAbove: number | null = null) {
  const city = await makeCity(app.db, { nameAr: 'الرياض', nameEn: 'Riyadh' });
  await app.db.insert(tables.deliveryPrices).values({ cityId: city.id, price, freeAbove });
  return city;
}

export const ADDRESS = {
  district: 'الملقا',
  street: 'طريق الملك فهد',
  building_number: '1234',
  postal_code: '12345',
  additional_number: '5678',
};

/** A saved address of the customer in `cityId`, through the API. */
export async function address(app: TestApp, token: string, cityId: number) {
  return ok<{ id: number }>(await api(app, 'POST', '/addresses', { token, body: { ...ADDRESS, city_id: cityId } }));
}

/** A product with one variant: price and stock, optional installation price (halalas). */
export async function product(
  app: TestApp,
  o: {
    price?: number;
    stock?: number;
    installation?: number | null;
    variants?: VariantSpec[];
    images?: string[];
  } & Partial<typeof tables.products.$inferInsert> = {},
) {
  const { price = 10_000, stock = 10, installation = null, ...rest } = o;
  const row = await makeProduct(app.db, { price, stock, installationPrice: installation, ...rest });
  return { product: row, variant: row.variants[0]! };
}

export const stockOf = async (app: TestApp, variantId: number) =>
  (await app.db.select().from(tables.productVariants).where(eq(tables.productVariants.id, variantId)))[0]!.stock;

export async function fillWallet(app: TestApp, userId: number, amount: number) {
  await credit(app.db, userId, amount, 'charge');
}

/** A customer with `lines` in their cart, an address in a delivery city and a token: ready to check out. */
export async function readyToBuy(
  app: TestApp,
  lines: { variantId: number; quantity?: number; withInstallation?: boolean }[],
  cityId: number,
) {
  const { user, token } = await customer(app);
  for (const l of lines) {
    ok(
      await api(app, 'POST', '/cart/items', {
        token,
        body: { variant_id: l.variantId, quantity: l.quantity ?? 1, with_installation: l.withInstallation ?? false },
      }),
    );
  }
  const { id: addressId } = await address(app, token, cityId);
  return { user, token, addressId };
}

/** What the store order tests start from: a test app, a delivery city (20 SAR) and a super admin's token. */
export async function storeOrdersSetup() {
  const app = await buildTestApp();
  const cityId = (await deliveryCity(app, 2000)).id;
  const boss = await adminToken(app);
  return { app, cityId, boss };
}

/** A customer's order of one unit (price 100 SAR), paid by wallet or left waiting for the card. */
export async function placeOrder(
  app: TestApp,
  cityId: number,
  method: 'wallet' | 'electronic',
  o: { stock?: number } = {},
) {
  const a = await product(app, { price: 10_000, stock: o.stock ?? 5 });
  const buyer = await readyToBuy(app, [{ variantId: a.variant.id }], cityId);
  if (method === 'wallet') await fillWallet(app, buyer.user.id, 50_000);
  const done = ok<CheckoutResult>(
    await api(app, 'POST', '/checkout', {
      token: buyer.token,
      body: { address_id: buyer.addressId, payment_method: method },
    }),
  );
  return { ...buyer, ...a, order: done };
}

/** A staff member's move through the kernel (as the staff routes make it), answered as a status code. */
export async function staffMoveStatus(app: TestApp, orderId: number, staffId: number, to: string) {
  try {
    await retryTransaction(app.db, async (tx) => {
      const row = await lockOrder(tx, orderId);
      await transition(tx, row, { to, actor: staffActor(staffId) });
    });
    await app.events.deliver();
    return 200;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (!status) throw err;
    return status;
  }
}

/**
 * Checks the order's history after its first `seen` events: each move declared for its actor
 * from the state before it, in a chain ending at `now`. Answers how many events there are now and
 * every state they reached (for a property test's "every state was reached").
 */
export async function expectDeclaredMoves(
  app: TestApp,
  kind: OrderKind,
  orderId: number,
  seen: number,
  now: string,
  label: string,
) {
  const e = tables.orderEvents;
  const events = await app.db.select().from(e).where(eq(e.orderId, orderId)).orderBy(asc(e.id));
  const first = Math.max(seen, 1);
  let from = events[first - 1]!.toStatus;
  for (const ev of events.slice(first)) {
    expect(ev.fromStatus, label).toBe(from);
    const move = findMove(kind, from, ev.toStatus, ev.actor as OrderActor);
    expect(move, `${kind} ${from} -> ${ev.toStatus} by ${ev.actor} (${label})`).toBeDefined();
    from = ev.toStatus;
  }
  expect(from, label).toBe(now);
  return { count: events.length, reached: events.map((ev) => ev.toStatus) };
}

/** The gateway pays the order's latest card payment and the server verifies it; 409 when there is none. */
export async function gatewayPaysLatest(app: TestApp, orderId: number) {
  const p = tables.payments;
  const [payment] = await app.db.select().from(p).where(eq(p.orderId, orderId)).orderBy(desc(p.id)).limit(1);
  if (!payment?.gatewayId) return 409;
  (app.payments as SandboxGateway).pay(payment.gatewayId, SANDBOX_CARDS.success);
  await verifyPayment(app, payment.id);
  await app.events.deliver();
  return 200;
}

/** The 2-hour job runs for the order as if three hours had passed (an unpaid order is cancelled). */
export async function payDeadlinePasses(app: TestApp, orderId: number) {
  await cancelUnpaidOrder(app, orderId, new Date(Date.now() + 3 * 3600_000));
  await app.events.deliver();
  return 200;
}
