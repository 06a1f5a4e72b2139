/**
 * Whose order it is: the staff member assigned, or the customer who placed it;
 * anyone else is told it does not exist (SECURITY.md 14, 36).
 */
import { and, eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import type { OrderKind } from '@pool/contracts';
import { notFound } from '../../lib/errors.ts';
import { lockOrder } from '../orders/index.ts';

const o = tables.orders;
export type OrderRow = typeof o.$inferSelect;

/** Locks an order assigned to `staffId` (404 for any other). */
export async function lockAssigned(tx: Db, orderId: number, staffId: number) {
  const order = await lockOrder(tx, orderId);
  if (order.staffId !== staffId) throw notFound();
  return order;
}

/** An order assigned to `staffId`, unlocked (404 for any other). */
export async function assignedOrderRow(db: Db, orderId: number, staffId: number) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.staffId, staffId)));
  if (!row) throw notFound();
  return row;
}

/** The customer's own order, of `kind` when given (404 for any other). */
export async function customerOrderRow(db: Db, orderId: number, userId: number, kind?: OrderKind) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), eq(o.userId, userId), kind ? eq(o.kind, kind) : undefined));
  if (!row) throw notFound();
  return row;
}

/** Any order of `kind` (the dashboard; 404 when there is none). */
export async function orderRow(db: Db, orderId: number, kind?: OrderKind) {
  const [row] = await db
    .select()
    .from(o)
    .where(and(eq(o.id, orderId), kind ? eq(o.kind, kind) : undefined));
  if (!row) throw notFound();
  return row;
}
