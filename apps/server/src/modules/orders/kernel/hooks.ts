/** What an order kind plugs into the kernel: hooks around its moves (EXAMPLES.md, "State machines as data"). */
import type { tables, Db } from '@pool/db';
import type { OrderMove } from '@pool/contracts';
import type { Actor } from './actor.ts';

export type OrderRow = typeof tables.orders.$inferSelect;
export type OrderPatch = Partial<typeof tables.orders.$inferInsert>;

export type MoveContext = { tx: Db; order: OrderRow; move: OrderMove; actor: Actor };

export type KindHooks = {
  /** Before the state is written: may refuse (throw) or answer more columns to set with it. */
  beforeMove?: (ctx: MoveContext) => Promise<OrderPatch | void>;
  /** After the state and its history row are written, in the same transaction (`order` is the new row). */
  afterMove?: (ctx: MoveContext) => Promise<void>;
};
