/**
 * Ratings of staff (DOMAIN.md, "Ratings"): once per order, after it is
 * completed, by its customer, for the staff member assigned; the staff row's
 * average (stars × 100) and count are recomputed from the ratings in the same
 * transaction, under the staff row's lock, so parallel ratings of one
 * technician never lose one. Every field-visit kind (its finished state) and
 * construction (`completed`) use it.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { starsOf, visitFinishedState, type EvaluationView, type OrderKind, type RateStaffBody } from '@pool/contracts';
import { retryTransaction } from '../../lib/retry.ts';
import type { OrderRow } from './access.ts';
import { lockOrder } from '../orders/index.ts';
import { customerOrderRow } from './access.ts';
import { conflict } from './extras.ts';

const sr = tables.staffRatings;
const st = tables.staff;

/** The state after which an order's staff member may be rated: its visit's finish, else `completed` (construction). */
const ratable = (order: Pick<OrderRow, 'kind' | 'status'>) =>
  order.status === (visitFinishedState(order.kind) ?? 'completed');

/** Whether the customer may rate the order's staff member now: finished, with one, not rated yet. */
export const canRateStaff = (order: Pick<OrderRow, 'kind' | 'status' | 'staffId'>, rated: boolean) =>
  !rated && ratable(order) && order.staffId !== null;

/** The ratings given on these orders, by order id. */
export async function ratingsOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, typeof sr.$inferSelect>();
  const rows = await db.select().from(sr).where(inArray(sr.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export async function rateStaff(
  db: Db,
  input: { userId: number; orderId: number; kind?: OrderKind },
  body: RateStaffBody,
) {
  return retryTransaction(db, async (tx) => {
    const order = await lockOrder(tx, input.orderId, { userId: input.userId, kind: input.kind });
    if (!ratable(order) || !order.staffId) throw conflict('not_ratable');
    const staffId = order.staffId;
    // The staff row first: ratings of one staff member are counted one after the other.
    await tx.select({ id: st.id }).from(st).where(eq(st.id, staffId)).for('update');
    const [rating] = await tx
      .insert(sr)
      .values({ orderId: order.id, staffId, userId: input.userId, stars: body.stars, comment: body.comment ?? null })
      .onConflictDoNothing({ target: sr.orderId })
      .returning();
    if (!rating) throw conflict('already_rated');
    await tx
      .update(st)
      .set({
        ratingCount: sql`(select count(*) from ${sr} where ${sr.staffId} = ${staffId})::int`,
        ratingAvg: sql`(select round(avg(${sr.stars}) * 100) from ${sr} where ${sr.staffId} = ${staffId})::int`,
      })
      .where(eq(st.id, staffId));
    return rating;
  });
}

export async function ratingOf(db: Db, orderId: number) {
  const [row] = await db.select().from(sr).where(eq(sr.orderId, orderId));
  return row ?? null;
}

/** The card of a staff member as customers see it (null when none). */
export async function staffCardOf(db: Db, staffId: number | null) {
  if (!staffId) return null;
  const [s] = await db.select().from(st).where(eq(st.id, staffId));
  if (!s) return null;
  return {
    id: s.id,
    name: s.name,
    image: s.image,
    job: s.job,
    rating: starsOf(s.ratingAvg),
    rating_count: s.ratingCount,
  };
}

export async function evaluationOf(db: Db, order: OrderRow): Promise<EvaluationView> {
  const rating = await ratingOf(db, order.id);
  const staff = await staffCardOf(db, rating?.staffId ?? order.staffId);
  return {
    order_id: order.id,
    kind: order.kind,
    number: order.number,
    status: order.status,
    staff,
    can_rate: canRateStaff(order, !!rating),
    rating: rating
      ? { stars: rating.stars, comment: rating.comment, created_at: rating.createdAt.toISOString() }
      : null,
  };
}

/** The rating page of my order (404 for another customer's). */
export async function myEvaluation(db: Db, userId: number, orderId: number) {
  return evaluationOf(db, await customerOrderRow(db, orderId, userId));
}
