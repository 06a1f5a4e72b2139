/** The store kind's hooks in the order kernel: a closed order gives its units and coupon use back, once. */
import { eq } from 'drizzle-orm';
import { tables } from '@pool/db';
import { releaseCouponUse } from '../coupons/index.ts';
import type { KindHooks } from './kernel/hooks.ts';
import { moveStock } from './stock.ts';

export const storeHooks: KindHooks = {
  async afterMove({ tx, order, move }) {
    if (move.to !== 'cancelled' && move.to !== 'refused') return;
    const items = await tx.select().from(tables.orderItems).where(eq(tables.orderItems.orderId, order.id));
    await moveStock(tx, items, 1);
    await releaseCouponUse(tx, order.id);
  },
};
