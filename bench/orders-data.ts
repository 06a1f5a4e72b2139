/**
 * Store orders in bulk for the benchmark (generate_series, one statement each for the orders and their
 * lines): `count` orders of the customers `userIds` in turn, in every state of the store's machine,
 * one product line each (the VAT-inclusive prices of ADR 0023), newest a minute apart.
 */
import type pg from 'pg';
import { withoutIndexes } from './bulk.ts';

const STATES = ['new', 'preparing', 'delivering', 'delivered', 'cancelled', 'refused', 'pending_payment'];

export async function insertOrders(client: pg.Client | pg.PoolClient, count: number, userIds: number[]) {
  const started = Date.now();
  const [{ from }] = (await client.query<{ from: number }>('select coalesce(max(id), 0)::int as "from" from orders'))
    .rows as [{ from: number }];
  await client.query('begin');
  try {
    await withoutIndexes(client, ['orders', 'order_items'], async () => {
      await client.query(
        `
        with g as (
          select i, $3::int[] as users, 10000 + ((i::bigint * 7919) % 400000)::int as price from generate_series(1, $1::int) as i
        )
        insert into orders (kind, number, user_id, status, payment_method, products_price, delivery_price, tax_rate, tax,
          total, delivery_with_vat, discount_with_vat, paid_at, created_at, updated_at)
        select 'store', 'B' || ($2::int + i), users[1 + i % array_length(users, 1)], ($4::text[])[1 + i % 7],
          case when i % 5 = 0 then 'wallet' else 'electronic' end, price, 2500, 1500, (price + 2500) * 15 / 115,
          price + 2500, 2500, 0,
          case when i % 7 = 6 then null else now() - make_interval(mins => i) end,
          now() - make_interval(mins => i), now() - make_interval(mins => i)
        from g
        `,
        [count, from, userIds, STATES],
      );
      await client.query(
        `
        insert into order_items (order_id, kind, name_ar, name_en, unit_price, quantity, vat_rate, vat,
          unit_price_with_vat, installation_with_vat)
        select o.id, 'product', 'مضخة أكوا ' || o.id, 'Aqua pump ' || o.id, o.products_price, 1, 1500,
          o.products_price * 15 / 115, o.products_price, 0
        from orders o where o.id > $1::int
        `,
        [from],
      );
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('vacuum analyze orders, order_items');
  return (Date.now() - started) / 1000;
}
