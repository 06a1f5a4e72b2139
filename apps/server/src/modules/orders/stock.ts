/**
 * A store order's units: taken at checkout, given back once when the order is
 * cancelled or refused. Rows are touched in a fixed order (variants by id, then
 * products by id), so two carts never deadlock (SECURITY.md 21-25).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';

const v = tables.productVariants;
const p = tables.products;

export type StockLine = { variantId: number | null; productId: number | null; quantity: number };

/**
 * Takes (`sign` -1) or gives back (+1) the units of `lines`: variants in id
 * order, then products in id order. Taking stops when a variant has
 * fewer units than asked: it answers that variant's id (null when all were taken), and the
 * caller's transaction must then roll back.
 */
export async function moveStock(tx: Db, lines: StockLine[], sign: -1 | 1) {
  const byVariant = new Map<number, number>();
  const byProduct = new Map<number, number>();
  for (const l of lines) {
    if (l.variantId !== null) byVariant.set(l.variantId, (byVariant.get(l.variantId) ?? 0) + l.quantity);
    if (l.productId !== null) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  }
  for (const [variantId, q] of [...byVariant].sort((a, b) => a[0] - b[0])) {
    const rows = await tx
      .update(v)
      .set({ stock: sql`${v.stock} + ${sign * q}` })
      .where(and(eq(v.id, variantId), sign < 0 ? gte(v.stock, q) : undefined))
      .returning({ id: v.id });
    if (!rows.length && sign < 0) return variantId;
  }
  for (const [productId, q] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(p)
      .set({
        stock: sql`greatest(${p.stock} + ${sign * q}, 0)`,
        soldCount: sql`greatest(${p.soldCount} - ${sign * q}, 0)`,
      })
      .where(eq(p.id, productId));
  }
  return null;
}
