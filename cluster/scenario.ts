/**
 * The mixed load of the cluster test, through HAProxy, each client at its own loopback address:
 * visitors browsing pages in Arabic and English, customers signing in by a code sent by SMS,
 * checking out and paying from their wallet (an Idempotency-Key per checkout, retried with the
 * same key as a phone would), staff (an admin of the orders) moving paid orders to delivered, an
 * admin editing a product's name and price and checking every process sees it, and each customer's
 * live notifications stream. Every loop stops when `running()` turns false.
 */
import { randomUUID } from 'node:crypto';
import type { Answer, Call, Client, SseSubscriber } from './http.ts';

export type Stats = {
  /** Requests made, by kind. */
  requests: Record<string, number>;
  /** Answers by kind and status, e.g. `page 200`. */
  answers: Record<string, number>;
  /** Answers nobody should get (a 500, a 4xx that is not the client's doing), with their body. */
  unexpected: string[];
  /** Network errors and 502/503 retried. */
  retries: number;
  /** What was retried, when (ms since `since`) and where: to read a failure. */
  trail: string[];
  since: number;
};

export const newStats = (): Stats => ({
  requests: {},
  answers: {},
  unexpected: [],
  retries: 0,
  trail: [],
  since: Date.now(),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** A request counted under `kind`; network errors and 502/503/504 tried again (same call) until `deadlineMs`. */
export async function counted(
  stats: Stats,
  kind: string,
  client: Client,
  method: string,
  path: string,
  o: Call = {},
  deadlineMs = 45_000,
  retryOn: (a: Answer) => boolean = () => false,
): Promise<Answer> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    bump(stats.requests, kind);
    const answer = await client.call(method, path, o).catch((err: Error) => err);
    if (answer instanceof Error || [502, 503, 504].includes(answer.status) || retryOn(answer)) {
      if (!(answer instanceof Error)) bump(stats.answers, `${kind} ${answer.status}`);
      else bump(stats.answers, `${kind} network error`);
      stats.trail.push(
        `+${((Date.now() - stats.since) / 1000).toFixed(1)} s ${client.ip} ${kind} ${method} ${path}: ${
          answer instanceof Error
            ? answer.message
            : `${answer.status} ${answer.headers['x-served-by'] ?? ''} ${answer.body?.msg ?? ''}`
        }`,
      );
      if (Date.now() > end) {
        throw new Error(
          `${kind} ${method} ${path}: gave up (${answer instanceof Error ? answer.message : answer.status})`,
        );
      }
      stats.retries++;
      await sleep(250);
      continue;
    }
    bump(stats.answers, `${kind} ${answer.status}`);
    return answer;
  }
}

function expectOk(stats: Stats, what: string, a: Answer) {
  if (a.status !== 200 || a.body?.key !== 'success') {
    stats.unexpected.push(`${what}: ${a.status} ${a.text.slice(0, 300)}`);
    return false;
  }
  return true;
}

export type Shop = {
  cityId: number;
  /** Variants customers buy. */
  variantIds: number[];
  /** The product the admin edits. */
  editedProductId: number;
};

/** A visitor browsing the site's pages (or, without the built site, the public API behind them). */
export async function visitor(
  stats: Stats,
  client: Client,
  productIds: number[],
  siteBuilt: boolean,
  running: () => boolean,
) {
  const pages = siteBuilt
    ? [
        '/',
        '/en',
        '/online_store',
        '/en/online_store',
        ...productIds.flatMap((id) => [`/online_store_id/${id}`, `/en/online_store_id/${id}`]),
        '/more/faq',
        '/en/contact_us',
      ]
    : [
        '/api/user/store/categories',
        '/api/user/store/products',
        ...productIds.map((id) => `/api/user/store/products/${id}`),
        '/api/user/countries',
      ];
  for (let i = 0; running(); i++) {
    const path = pages[i % pages.length]!;
    const lang = i % 2 ? 'en' : 'ar';
    let a = await counted(stats, 'page', client, 'GET', path, { lang, headers: { accept: 'text/html' } });
    const chain = [path];
    // A product's page by its id redirects to its address with the name, which the admin renames meanwhile
    // (as a browser, follow).
    for (let hops = 0; hops < 3 && a.status === 301 && a.headers.location; hops++) {
      const next = new URL(a.headers.location, client.base).pathname;
      chain.push(`${a.headers['x-served-by']} -> ${next}`);
      a = await counted(stats, 'page', client, 'GET', next, { lang, headers: { accept: 'text/html' } });
    }
    if (a.status !== 200) {
      stats.unexpected.push(
        `visitor GET ${chain.join(' ')}: ${a.status} ${a.headers['x-served-by']} ${a.text.slice(0, 200)}`,
      );
    }
    await sleep(400);
  }
}

export type Customer = {
  client: Client;
  phone: string;
  token: string;
  userId: number;
  addressId: number;
  stream?: SseSubscriber;
  /** What checkout told this customer succeeded: order id -> total. */
  orders: Map<number, number>;
};

/** Signs a customer in: a code by SMS (read from the provider's stand-in), then the code. */
export async function signIn(
  stats: Stats,
  client: Client,
  phone: string,
  codeFor: (to: string, after: number) => string | null,
  sentSoFar: () => number,
) {
  const before = sentSoFar();
  const sent = await counted(stats, 'sign-in', client, 'POST', '/api/user/send-code', {
    json: { phone, country_code: '966' },
  });
  if (!expectOk(stats, 'send-code', sent)) throw new Error(`send-code ${sent.status} ${sent.text}`);
  const end = Date.now() + 10_000;
  let code = codeFor(`966${phone}`, before);
  while (!code) {
    if (Date.now() > end) throw new Error(`no SMS code for ${phone}`);
    await sleep(50);
    code = codeFor(`966${phone}`, before);
  }
  const checked = await counted(stats, 'sign-in', client, 'POST', '/api/user/check-code', {
    json: { phone, country_code: '966', code },
  });
  if (!expectOk(stats, 'check-code', checked)) throw new Error(`check-code ${checked.status} ${checked.text}`);
  const session = checked.body!.data as { id: number; token: string };
  return { token: session.token, userId: session.id };
}

/** A customer buying in a loop: a product in the cart, then checkout paid from the wallet. */
export async function shopper(stats: Stats, c: Customer, shop: Shop, running: () => boolean, n: number) {
  for (let i = 0; running(); i++) {
    const variantId = shop.variantIds[(n + i) % shop.variantIds.length]!;
    const added = await counted(stats, 'cart', c.client, 'POST', '/api/user/cart/items', {
      token: c.token,
      json: { variant_id: variantId, quantity: 1 },
    });
    if (!expectOk(stats, `cart add ${c.phone}`, added)) continue;
    // One key per checkout, kept across tries: a repeat answers the first answer (Idempotency-Key).
    const key = randomUUID();
    const placed = await counted(
      stats,
      'checkout',
      c.client,
      'POST',
      '/api/user/checkout',
      {
        token: c.token,
        json: { address_id: c.addressId, payment_method: 'wallet' },
        headers: { 'idempotency-key': key },
      },
      // A key held by a process that died is taken over after a minute.
      90_000,
      (a) => a.status === 409 && /idempotency/i.test(a.body?.msg ?? ''),
    );
    if (expectOk(stats, `checkout ${c.phone}`, placed)) {
      const data = placed.body!.data as { order_id: number; total: number; status: string };
      if (c.orders.has(data.order_id) && placed.headers['idempotent-replayed'] !== 'true') {
        stats.unexpected.push(`checkout ${c.phone}: order ${data.order_id} answered twice`);
      }
      c.orders.set(data.order_id, data.total);
    }
    if (i % 3 === 2) {
      const list = await counted(stats, 'orders list', c.client, 'GET', '/api/user/store-orders', { token: c.token });
      expectOk(stats, `orders list ${c.phone}`, list);
    }
    await sleep(1000);
  }
}

/**
 * Staff moving the orders customers placed: new -> preparing -> delivering -> delivered. A move
 * tried again after a lost answer may find it made already: the order's status tells.
 */
export async function staffMover(
  stats: Stats,
  client: Client,
  token: string,
  placed: () => number[],
  running: () => boolean,
) {
  const next: Record<string, string> = { new: 'preparing', preparing: 'delivering', delivering: 'delivered' };
  const done = new Set<number>();
  const moves: { orderId: number; to: string }[] = [];
  const drain = async () => {
    for (const orderId of placed()) {
      if (!running()) return;
      if (done.has(orderId)) continue;
      let status = 'new';
      while (next[status]) {
        const to = next[status]!;
        const a = await counted(stats, 'staff move', client, 'POST', `/api/admin/store-orders/${orderId}/status`, {
          token,
          json: { status: to },
        });
        if (a.status !== 200) {
          const shown = await counted(stats, 'staff move', client, 'GET', `/api/admin/store-orders/${orderId}`, {
            token,
          });
          const now = (shown.body?.data as { status?: string } | undefined)?.status;
          if (now !== to) {
            stats.unexpected.push(`staff move ${orderId} to ${to}: ${a.status} ${a.text.slice(0, 200)} (now ${now})`);
            break;
          }
        }
        moves.push({ orderId, to });
        status = to;
        // A person at the dashboard: a few moves a second at most (the API's limit is 300 a minute per address).
        await sleep(300);
      }
      done.add(orderId);
    }
  };
  while (running()) {
    await drain();
    await sleep(500);
  }
  return moves;
}
