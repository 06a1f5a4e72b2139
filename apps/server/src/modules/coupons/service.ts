/**
 * Coupons: the dashboard's rules (unique upper-case code, ratio at most 100,
 * expiry after start, computed status) and whether a customer may use one.
 * The use itself is counted at checkout (orders/checkout.ts) with a
 * conditional increment, so `max_uses` holds under any concurrency.
 */
import { and, count, desc, eq, gt, gte, ilike, lt, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import { CMS_PER_PAGE, type AdminCoupon, type CouponBody, type CouponStatus, type CouponTerms } from '@pool/contracts';
import { fieldError, type MessageParams } from '../../lib/errors.ts';
import { contains } from '../../lib/like.ts';
import { pages } from '../../lib/pagination.ts';

const c = tables.coupons;
export type CouponRow = typeof c.$inferSelect;

export function couponStatus(row: CouponRow, now = new Date()): CouponStatus {
  if (row.isClosed) return 'closed';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.usedCount >= row.maxUses) return 'usage_ended';
  if (row.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'available';
}

/** The same rule as `couponStatus`, as a filter. */
function statusWhere(status: CouponStatus): SQL {
  const open = eq(c.isClosed, false);
  const live = gt(c.expiresAt, sql`now()`);
  const started = lte(c.startsAt, sql`now()`);
  switch (status) {
    case 'closed':
      return eq(c.isClosed, true);
    case 'expired':
      return and(open, lte(c.expiresAt, sql`now()`))!;
    case 'usage_ended':
      return and(open, live, gte(c.usedCount, c.maxUses))!;
    case 'scheduled':
      return and(open, live, lt(c.usedCount, c.maxUses), gt(c.startsAt, sql`now()`))!;
    case 'available':
      return and(open, live, lt(c.usedCount, c.maxUses), started)!;
  }
}

export const toAdminCoupon = (row: CouponRow): AdminCoupon => ({
  id: row.id,
  title: row.title,
  code: row.code,
  discount_type: row.discountType,
  value: row.value,
  max_discount: row.maxDiscount,
  max_uses: row.maxUses,
  max_uses_per_user: row.maxUsesPerUser,
  used_count: row.usedCount,
  starts_at: row.startsAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  is_closed: row.isClosed,
  status: couponStatus(row),
  created_at: row.createdAt.toISOString(),
});

export const couponTerms = (row: CouponRow): CouponTerms => ({
  discount_type: row.discountType,
  value: row.value,
  max_discount: row.maxDiscount,
});

export async function listCoupons(db: Db, q: { q?: string; status?: CouponStatus; page: number }) {
  const where = and(
    q.q ? or(ilike(c.code, contains(q.q)), ilike(c.title, contains(q.q))) : undefined,
    q.status ? statusWhere(q.status) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(c).where(where);
  const rows = await db
    .select()
    .from(c)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(CMS_PER_PAGE)
    .offset((q.page - 1) * CMS_PER_PAGE);
  return {
    data: rows.map(toAdminCoupon),
    pagination: pages(total, CMS_PER_PAGE, q.page),
  };
}

export async function findCoupon(db: Db, id: number) {
  const [row] = await db.select().from(c).where(eq(c.id, id)).limit(1);
  return row;
}

export async function findCouponByCode(db: Db, code: string) {
  const [row] = await db.select().from(c).where(eq(c.code, code.trim().toUpperCase())).limit(1);
  return row;
}

/** Rules beyond the schema; throws a field error (422). */
async function checkCoupon(db: Db, body: CouponBody, id?: number) {
  if (body.discount_type === 'ratio' && body.value > 100) throw fieldError('value', 'coupons.ratio_max');
  if (body.expires_at.getTime() <= body.starts_at.getTime())
    throw fieldError('expires_at', 'coupons.expiry_after_start');
  if (body.max_uses_per_user > body.max_uses) throw fieldError('max_uses_per_user', 'coupons.per_user_above_total');
  const [taken] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.code, body.code), id ? ne(c.id, id) : undefined))
    .limit(1);
  if (taken) throw fieldError('code', 'coupons.code_taken');
}

const valuesOf = (b: CouponBody) => ({
  title: b.title,
  code: b.code,
  discountType: b.discount_type,
  value: b.value,
  maxDiscount: b.max_discount ?? null,
  maxUses: b.max_uses,
  maxUsesPerUser: b.max_uses_per_user,
  startsAt: b.starts_at,
  expiresAt: b.expires_at,
});

/** A unique violation on the code (two admins saving the same code at once) is a field error too. */
async function uniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('code', 'coupons.code_taken');
    throw error;
  }
}

export async function createCoupon(db: Db, body: CouponBody) {
  await checkCoupon(db, body);
  return uniqueCode(async () => {
    const [row] = await db.insert(c).values(valuesOf(body)).returning();
    return row!;
  });
}

/** Undefined when the coupon does not exist. `max_uses` may not go below the uses made. */
export async function updateCoupon(db: Db, id: number, body: CouponBody) {
  const before = await findCoupon(db, id);
  if (!before) return undefined;
  await checkCoupon(db, body, id);
  return uniqueCode(async () => {
    const [row] = await db
      .update(c)
      .set({ ...valuesOf(body), updatedAt: new Date() })
      .where(and(eq(c.id, id), lte(c.usedCount, body.max_uses)))
      .returning();
    if (!row) throw fieldError('max_uses', 'coupons.max_uses_below_used', { used: before.usedCount });
    return row;
  });
}

export async function setClosed(db: Db, id: number, closed: boolean) {
  const [row] = await db.update(c).set({ isClosed: closed, updatedAt: new Date() }).where(eq(c.id, id)).returning();
  return row;
}

export async function deleteCoupon(db: Db, id: number) {
  const [row] = await db.delete(c).where(eq(c.id, id)).returning({ id: c.id });
  return row;
}

/* ------------------------------------------------------ customers' use */

export type CouponRefusal = { key: string; params?: MessageParams };
export type CouponCheck = { ok: true; coupon: CouponRow } | { ok: false; coupon?: CouponRow; reason: CouponRefusal };

/** How many orders of this customer hold a use of the coupon (cancelled orders gave theirs back). */
export async function usesBy(db: Db, couponId: number, userId: number) {
  const u = tables.couponUses;
  const [row] = await db
    .select({ n: count() })
    .from(u)
    .where(and(eq(u.couponId, couponId), eq(u.userId, userId)));
  return row?.n ?? 0;
}

/**
 * Whether `code` can be used now by `userId` (null for a visitor: the
 * per-customer limit is checked again at checkout). The reason is an i18n key.
 */
export async function checkCouponUse(
  db: Db,
  code: string,
  userId: number | null,
  now = new Date(),
): Promise<CouponCheck> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon) return { ok: false, reason: { key: 'cart.coupon_unknown' } };
  const refuse = (key: string, params?: MessageParams): CouponCheck => ({ ok: false, coupon, reason: { key, params } });
  if (coupon.isClosed) return refuse('cart.coupon_closed');
  if (coupon.startsAt.getTime() > now.getTime()) return refuse('cart.coupon_not_started', { date: coupon.startsAt });
  if (coupon.expiresAt.getTime() <= now.getTime()) return refuse('cart.coupon_expired');
  if (coupon.usedCount >= coupon.maxUses) return refuse('cart.coupon_used_up');
  if (userId !== null && (await usesBy(db, coupon.id, userId)) >= coupon.maxUsesPerUser)
    return refuse('cart.coupon_user_limit', { count: coupon.maxUsesPerUser });
  return { ok: true, coupon };
}

/** A refusal as the error the API answers (422 on the `code` field, as a schema failure would be). */
export const couponError = (reason: CouponRefusal, field = 'code') => fieldError(field, reason.key, reason.params);

/**
 * Counts one use of the coupon for an order, inside the checkout's transaction:
 * a conditional increment that fails once `max_uses` is reached, so N parallel
 * orders get exactly `max_uses` discounts. The per-customer limit is exact
 * because a customer's checkouts are serialised on their cart row.
 */
export async function takeCouponUse(tx: Db, coupon: CouponRow, userId: number, orderId: number) {
  if ((await usesBy(tx, coupon.id, userId)) >= coupon.maxUsesPerUser)
    throw couponError({ key: 'cart.coupon_user_limit', params: { count: coupon.maxUsesPerUser } }, 'coupon_code');
  const [taken] = await tx
    .update(c)
    .set({ usedCount: sql`${c.usedCount} + 1` })
    .where(
      and(
        eq(c.id, coupon.id),
        lt(c.usedCount, c.maxUses),
        not(c.isClosed),
        lte(c.startsAt, sql`now()`),
        gt(c.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: c.id });
  if (!taken) throw couponError({ key: 'cart.coupon_used_up' }, 'coupon_code');
  await tx.insert(tables.couponUses).values({ couponId: coupon.id, userId, orderId });
}

/** Gives an order's coupon use back, once: the `coupon_uses` row is deleted and only then the count lowered. */
export async function releaseCouponUse(tx: Db, orderId: number) {
  const u = tables.couponUses;
  const gone = await tx.delete(u).where(eq(u.orderId, orderId)).returning({ couponId: u.couponId });
  for (const { couponId } of gone) {
    await tx
      .update(c)
      .set({ usedCount: sql`${c.usedCount} - 1` })
      .where(and(eq(c.id, couponId), gt(c.usedCount, 0)));
  }
  return gone.length > 0;
}
