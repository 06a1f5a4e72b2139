/**
 * Signed-in visitors for the benchmark: `count` active customers, each with a session token inserted as the
 * sign-in would write it (`user_tokens.token_hash` is the SHA-256 of the random token, lib/tokens.ts), 20
 * notifications and `ordersEach` store orders (see orders-data.ts); the site's `auth` cookie of each
 * (ADR 0003: the sign-in answer as base64url JSON); and an admin token through the admin sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { encodeAuthCookie } from '@pool/contracts/account';
import { insertOrders } from './orders-data.ts';

export type Customer = { id: number; token: string; cookie: string };

export async function makeCustomers(url: string, count: number, ordersEach = 30): Promise<Customer[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const customers: Customer[] = [];
  try {
    const { rows } = await client.query<{ id: number; name: string; phone: string }>(
      `insert into users (name, country_code, phone, is_active, lang)
       select 'Bench customer ' || i, '966', (550000000 + i)::text, true, 'ar' from generate_series(1, $1::int) as i
       returning id, name, phone`,
      [count],
    );
    for (const u of rows) {
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `insert into user_tokens (token_hash, user_id, kind, device_type, last_used_at) values ($1, $2, 'user', 'web', now())`,
        [createHash('sha256').update(token).digest('hex'), u.id],
      );
      const cookie = encodeAuthCookie({
        id: u.id,
        name: u.name,
        phone: u.phone,
        country_code: '966',
        full_phone: `966${u.phone}`,
        email: null,
        image: null,
        lang: 'ar',
        is_notify: true,
        tax_number: null,
        commercial_record: null,
        bank_account_name: null,
        bank_name: null,
        iban: null,
        bank_account_number: null,
        city_id: null,
        token,
        is_guest: false,
      });
      customers.push({ id: u.id, token, cookie: `auth=${cookie}` });
    }
    await client.query(
      `insert into notifications (user_id, type, title_ar, title_en, body_ar, body_en, created_at)
       select u.id, 'order_payed', 'تم الدفع', 'Paid', 'تم دفع طلبك رقم ' || k, 'Your order ' || k || ' is paid',
         now() - make_interval(mins => k)
       from users u cross join generate_series(1, 20) as k where u.id = any($1::int[])`,
      [customers.map((c) => c.id)],
    );
    await insertOrders(
      client,
      customers.length * ordersEach,
      customers.map((c) => c.id),
    );
  } finally {
    await client.end();
  }
  return customers;
}

/** An admin bearer token, through the admin sign-in of the running server (ADMIN_EMAIL, ADMIN_PASSWORD). */
export async function adminToken(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!res.ok || !body.data?.token) throw new Error(`admin sign-in: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * `count` customers who only buy (no session, no notifications), phones 0560000001 on: the growth's orders
 * go to one of them per ten orders, as a shop's customers come back now and then, not to a few who each
 * hold tens of thousands (that would mislead PostgreSQL's estimates for a customer's orders).
 */
export async function makeBuyers(client: pg.Client, count: number): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `insert into users (name, country_code, phone, is_active, lang)
     select 'Buyer ' || i, '966', (560000000 + i)::text, true, 'ar' from generate_series(1, $1::int) as i
     returning id`,
    [count],
  );
  // As the other fills do: the planner's estimates of the customers' search are from their statistics.
  await client.query('analyze users');
  return rows.map((r) => r.id);
}
