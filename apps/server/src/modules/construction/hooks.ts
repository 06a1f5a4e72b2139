/**
 * The pool-construction kind's hooks in the order kernel (kernel/kinds.ts):
 * the work is completed only once the engineer has posted at least one stage
 * of it (what the customer sees of the work). The offer's rules are the
 * kernel's (kernel/offer.ts). This file imports nothing of the orders module,
 * so the kernel may import it.
 */
import { count, eq } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { AppError } from '../../lib/errors.ts';

type Ctx = { tx: Db; order: { id: number }; move: { to: string } };

export const constructionHooks = {
  async beforeMove({ tx, order, move }: Ctx): Promise<void> {
    if (move.to !== 'completed') return;
    const cs = tables.constructionStages;
    const [row] = await tx.select({ n: count() }).from(cs).where(eq(cs.orderId, order.id));
    if (!row?.n) throw new AppError('fail', 'construction.no_stages', { status: 409 });
  },
};
