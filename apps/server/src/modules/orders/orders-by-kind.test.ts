/**
 * The readers work for any kind through the kernel's declarations: a kind's
 * orders fall in the customer's tabs by that kind's own states, a list of one
 * kind never shows another's, and the dashboard's next moves are the kind's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, tables } from '@pool/db';
import {
  nextStates,
  ORDER_MACHINES,
  ORDER_TABS,
  STORE_ORDERS_PER_PAGE,
  statesInTab,
  tabOf,
  type OrderKind,
} from '@pool/contracts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { orderNumber } from './kernel/transition.ts';
import { adminOrderDetail, findOrder, listAdminOrders, listCustomerOrders } from './queries.ts';
import { ownOrder } from './service.ts';

describe('orders of every kind', () => {
  let app: TestApp;
  let userId = 0;
  let seq = 0;
  /** Order ids by kind, one order in each of the kind's states. */
  const made = new Map<OrderKind, { id: number; status: string }[]>();

  beforeAll(async () => {
    app = await buildTestApp();
    userId = (await makeUser(app.db)).id;
    for (const kind of ['immediate_maintenance', 'pool_construction', 'store'] as const) {
      const rows = [];
      for (const status of ORDER_MACHINES[kind].states) {
        const id = 2_000_000 + ++seq;
        await app.db.insert(tables.orders).values({
          id,
          kind,
          number: orderNumber(kind, id, new Date()),
          userId,
          status,
          paymentMethod: 'wallet',
          taxRate: 1500,
          total: 0,
        });
        rows.push({ id, status });
      }
      made.set(kind, rows);
    }
  });
  afterAll(() => app.close());

  const page = { page: 1 };
  const idsOf = (list: { data: { id: number }[] }) => list.data.map((x) => x.id).sort();

  it("puts each kind's orders in the customer's tabs by that kind's declaration", async () => {
    for (const kind of made.keys()) {
      for (const tab of ORDER_TABS) {
        const list = await listCustomerOrders(app.db, userId, { ...page, tab, kinds: [kind] }, 'en');
        const expected = made
          .get(kind)!
          .filter((o) => statesInTab(kind, tab).includes(o.status))
          .map((o) => o.id)
          .sort();
        expect(idsOf(list)).toEqual(expected);
        for (const item of list.data) expect(item.tab).toBe(tab);
      }
    }
    // Two kinds in one tab: both kinds' states of that tab.
    const both = await listCustomerOrders(
      app.db,
      userId,
      { ...page, tab: 'current', kinds: ['store', 'immediate_maintenance'] },
      'ar',
    );
    const current = (['store', 'immediate_maintenance'] as const).flatMap((k) =>
      made.get(k)!.filter((o) => tabOf(k, o.status) === 'current'),
    );
    expect(both.pagination.total_items).toBe(current.length);
  });

  it("pages the customer's list with the count of the whole list, also past its end", async () => {
    const customer = (await makeUser(app.db)).id;
    const made = STORE_ORDERS_PER_PAGE + 2;
    for (let i = 0; i < made; i++) {
      const id = 2_100_000 + i;
      await app.db.insert(tables.orders).values({
        id,
        kind: 'store',
        number: orderNumber('store', id, new Date()),
        userId: customer,
        status: 'delivered',
        paymentMethod: 'wallet',
        taxRate: 1500,
        total: 0,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const pageOf = (n: number) => listCustomerOrders(app.db, customer, { page: n, kinds: ['store'] }, 'ar');
    const [first, second, past] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    // Newest first: the last two made close the list.
    expect(first.data.map((x) => x.id)).toEqual(
      Array.from({ length: STORE_ORDERS_PER_PAGE }, (_, i) => 2_100_000 + made - 1 - i),
    );
    expect(second.data.map((x) => x.id)).toEqual([2_100_001, 2_100_000]);
    expect(past.data).toEqual([]);
    for (const [list, page] of [
      [first, 1],
      [second, 2],
      [past, 3],
    ] as const) {
      expect(list.pagination).toEqual({
        total_items: made,
        per_page: STORE_ORDERS_PER_PAGE,
        total_pages: 2,
        current_page: page,
      });
    }
    const none = await listCustomerOrders(app.db, customer, { page: 1, tab: 'new', kinds: ['store'] }, 'ar');
    expect(none.pagination.total_items).toBe(0);

    // The dashboard's list counts the same way: January holds only these orders (the others are of today).
    const january = (page: number) =>
      listAdminOrders(app.db, ['store'], { page, from: '2026-01-01', to: '2026-01-31' }, 'ar');
    const [shown, beyond] = [await january(1), await january(2)];
    expect(shown.data).toHaveLength(made);
    expect(beyond.data).toEqual([]);
    expect([shown.pagination.total_items, beyond.pagination.total_items]).toEqual([made, made]);
  });

  it("searches the dashboard's list by number, customer name or phone, and counts only what it found", async () => {
    const lina = await makeUser(app.db, { name: 'Lina Searchable', phone: '512340987' });
    const other = await makeUser(app.db, { name: 'Other Customer' });
    const ids: Record<string, number[]> = { lina: [], other: [] };
    for (const [who, user, count] of [
      ['lina', lina, 3],
      ['other', other, 2],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const id = 2_200_000 + ++seq;
        await app.db.insert(tables.orders).values({
          id,
          kind: 'store',
          number: `S-find-${id}`,
          userId: user.id,
          status: 'new',
          paymentMethod: 'wallet',
          taxRate: 1500,
          total: 0,
        });
        ids[who]!.push(id);
      }
    }
    const found = async (q: string) => {
      const list = await listAdminOrders(app.db, ['store'], { page: 1, q }, 'ar');
      return { ids: idsOf(list), total: list.pagination.total_items };
    };
    const linas = { ids: [...ids.lina!].sort(), total: 3 };
    expect(await found('searchable')).toEqual(linas);
    // The phone as typed with the country code or a leading zero, spaces or dashes.
    expect(await found('+966512340987')).toEqual(linas);
    expect(await found('051 234 0987')).toEqual(linas);
    expect(await found('051-234-0987')).toEqual(linas);
    expect(await found('٠٥١٢٣٤٠٩٨٧')).toEqual(linas);
    // A name is looked for with a letter, a phone with digits only: "Lina 512" is neither.
    expect(await found('Lina 512')).toEqual({ ids: [], total: 0 });
    expect(await found(`S-find-${ids.other![1]}`)).toEqual({ ids: [ids.other![1]], total: 1 });
    expect(await found('nobody-has-this')).toEqual({ ids: [], total: 0 });
    // Without a search the count is every store order, the page the newest.
    const all = await listAdminOrders(app.db, ['store'], { page: 1 }, 'ar');
    const stored = await app.db.$count(tables.orders, eq(tables.orders.kind, 'store'));
    expect(all.pagination.total_items).toBe(stored);
    expect(all.data.map((x) => x.id).slice(0, 2)).toEqual([ids.other![1], ids.other![0]]);
  });

  it("lists, finds and details one kind only, with that kind's next moves", async () => {
    const maintenance = made.get('immediate_maintenance')!;
    const list = await listAdminOrders(app.db, ['immediate_maintenance'], { page: 1 }, 'ar');
    expect(idsOf(list)).toEqual(maintenance.map((o) => o.id).sort());

    const fresh = maintenance.find((o) => o.status === 'new')!;
    const detail = await adminOrderDetail(app.db, 'immediate_maintenance', fresh.id, 'en');
    expect(detail?.next_statuses).toEqual(nextStates('immediate_maintenance', 'new', 'admin'));
    expect(await adminOrderDetail(app.db, 'store', fresh.id, 'en')).toBeUndefined();
    expect(await findOrder(app.db, 'store', fresh.id)).toBeUndefined();
    expect((await findOrder(app.db, 'immediate_maintenance', fresh.id))?.id).toBe(fresh.id);
    await expect(ownOrder(app.db, 'store', userId, fresh.id)).rejects.toMatchObject({ status: 404 });
    expect((await ownOrder(app.db, 'immediate_maintenance', userId, fresh.id)).id).toBe(fresh.id);
  });
});
