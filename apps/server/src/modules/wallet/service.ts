/**
 * The wallet (SECURITY.md 23, ADR 0005): `wallets.balance` with
 * `CHECK (balance >= 0)` and an append-only ledger, `wallet_entries`, written
 * in the same transaction as every balance change. A debit is one conditional
 * UPDATE, so parallel payments cannot overdraw. Pass a transaction as `tx` to
 * make the move part of a larger one (a checkout); each move runs in its own
 * savepoint there, or in its own transaction when given the database.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import { isUniqueViolation, tables, type Db } from '@pool/db';
import { ORDER_PAGE, WALLET_PAGE_SIZE, type WalletEntry, type WalletPage } from '@pool/contracts';
import { AppError } from '../../lib/errors.ts';
import { listTotal, pages, totalOf } from '../../lib/pagination.ts';

const w = tables.wallets;
const e = tables.walletEntries;

export type WalletRefs = { orderId?: number | null; paymentId?: number | null };
export type WalletMove = {
  /** The balance after the move (halalas). */
  balance: number;
  /** The ledger row; null when the move had already been made (`duplicate`). */
  entryId: number | null;
  /** A refund for this order had already landed: nothing changed. */
  duplicate: boolean;
};

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError('fail', 'wallet.invalid_amount', { status: 422 });
  }
}

export async function getBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: w.balance }).from(w).where(eq(w.userId, userId));
  return row?.balance ?? 0;
}

/**
 * Adds `amount` halalas (a card charge or a refund). A second refund for the
 * same order changes nothing and answers `duplicate: true`.
 */
export async function credit(
  tx: Db,
  userId: number,
  amount: number,
  kind: 'charge' | 'refund',
  refs: WalletRefs = {},
): Promise<WalletMove> {
  checkAmount(amount);
  try {
    return await tx.transaction(async (t) => {
      const [row] = await t
        .insert(w)
        .values({ userId, balance: amount })
        .onConflictDoUpdate({
          target: w.userId,
          set: { balance: sql`${w.balance} + ${amount}`, updatedAt: sql`now()` },
        })
        .returning({ balance: w.balance });
      const balance = row!.balance;
      const [entry] = await t
        .insert(e)
        .values({
          userId,
          amount,
          kind,
          balanceAfter: balance,
          orderId: refs.orderId ?? null,
          paymentId: refs.paymentId ?? null,
        })
        .returning({ id: e.id });
      return { balance, entryId: entry!.id, duplicate: false };
    });
  } catch (err) {
    if (kind === 'refund' && isUniqueViolation(err, 'wallet_entries_refund_once')) {
      return { balance: await getBalance(tx, userId), entryId: null, duplicate: true };
    }
    throw err;
  }
}

/** Takes `amount` halalas for a payment; 422 "insufficient balance" (nothing written) when the wallet holds less. */
export async function debit(tx: Db, userId: number, amount: number, refs: WalletRefs = {}): Promise<WalletMove> {
  checkAmount(amount);
  return tx.transaction(async (t) => {
    const [row] = await t
      .update(w)
      .set({ balance: sql`${w.balance} - ${amount}`, updatedAt: sql`now()` })
      .where(sql`${w.userId} = ${userId} and ${w.balance} >= ${amount}`)
      .returning({ balance: w.balance });
    if (!row) {
      const balance = await getBalance(t, userId);
      throw new AppError('fail', 'wallet.insufficient_balance', {
        status: 422,
        params: { balance: (balance / 100).toFixed(2), amount: (amount / 100).toFixed(2) },
        data: { balance, amount },
      });
    }
    const [entry] = await t
      .insert(e)
      .values({
        userId,
        amount: -amount,
        kind: 'payment',
        balanceAfter: row.balance,
        orderId: refs.orderId ?? null,
        paymentId: refs.paymentId ?? null,
      })
      .returning({ id: e.id });
    return { balance: row.balance, entryId: entry!.id, duplicate: false };
  });
}

/** The balance and one page of the ledger, newest first, with the order number where there is one. */
export async function walletPage(db: Db, userId: number, page: number): Promise<WalletPage> {
  const perPage = WALLET_PAGE_SIZE;
  const rows = await db
    .select({ entry: e, orderNumber: tables.orders.number, orderKind: tables.orders.kind, total: listTotal })
    .from(e)
    .leftJoin(tables.orders, eq(tables.orders.id, e.orderId))
    .where(eq(e.userId, userId))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = await totalOf(rows, page, async () => {
    const [row] = await db.select({ total: count() }).from(e).where(eq(e.userId, userId));
    return row?.total ?? 0;
  });
  const data: WalletEntry[] = rows.map(({ entry, orderNumber, orderKind }) => ({
    id: entry.id,
    kind: entry.kind,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    order_id: entry.orderId,
    order_number: orderNumber ?? null,
    order_path: orderKind && entry.orderId ? `${ORDER_PAGE[orderKind]}/${entry.orderId}` : null,
    created_at: entry.createdAt.toISOString(),
  }));
  return {
    balance: await getBalance(db, userId),
    currency: 'SAR',
    entries: {
      data,
      pagination: pages(total, perPage, page),
    },
  };
}

/** The `wallet_charge` purpose's paid handler (app.paidHandlers): credits the wallet in the payment's transaction, so once. */
export async function walletCharged(tx: Db, payment: typeof tables.payments.$inferSelect) {
  await credit(tx, payment.userId, payment.amount, 'charge', { paymentId: payment.id });
}
