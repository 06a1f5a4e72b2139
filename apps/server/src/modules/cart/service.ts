/**
 * Carts: a customer's by user, a visitor's or guest's by a random key (stored
 * as its SHA-256). A key cart is merged into the customer's cart once they
 * sign in. Every change is one transaction, so a refused request writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';
import { CART_MAX_QUANTITY, V, type CartView, type Lang } from '@pool/contracts';
import { translate } from '@pool/i18n';
import { fieldError, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { checkCouponUse, couponError, couponTerms } from '../coupons/index.ts';
import { deliveryQuote } from '../delivery/index.ts';
import { findAddress } from '../addresses/index.ts';
import { enteredProducts, loadVariants, priceLinesOf, priceTotals, publicLine, sellable, vatTerms } from './pricing.ts';

const carts = tables.carts;
const items = tables.cartItems;
type CartRow = typeof carts.$inferSelect;

/** Whose cart: a customer's, or the holder of a key (none yet: `key` null). */
export type CartOwner = { userId: number } | { userId: null; key: string | null };

export const newCartKey = () => randomBytes(32).toString('base64url');

/** The owner's cart, if there is one (locked `FOR UPDATE` when `lock`). */
export async function findCart(db: Db, owner: CartOwner, lock = false): Promise<CartRow | undefined> {
  if (owner.userId === null && !owner.key) return undefined;
  const where = owner.userId !== null ? eq(carts.userId, owner.userId) : eq(carts.keyHash, sha256(owner.key!));
  const query = db.select().from(carts).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The owner's cart, created when missing; `key` is set when a new key cart was made. */
async function ensureCart(tx: Db, owner: CartOwner): Promise<{ cart: CartRow; key: string | null }> {
  const existing = await findCart(tx, owner, true);
  if (existing) return { cart: existing, key: null };
  if (owner.userId !== null) {
    await tx.insert(carts).values({ userId: owner.userId }).onConflictDoNothing();
    return { cart: (await findCart(tx, owner, true))!, key: null };
  }
  const key = newCartKey();
  const [cart] = await tx
    .insert(carts)
    .values({ keyHash: sha256(key) })
    .returning();
  return { cart: cart!, key };
}

async function cartLines(db: Db, cartId: number) {
  return db.select().from(items).where(eq(items.cartId, cartId)).orderBy(asc(items.createdAt), asc(items.variantId));
}

/** Refuses a variant that cannot be sold, or installation on a product without it. */
async function checkVariant(db: Db, variantId: number, withInstallation: boolean | undefined) {
  const row = (await loadVariants(db, [variantId])).get(variantId);
  if (!row || !sellable(row)) throw fieldError('variant_id', 'cart.product_unavailable');
  if (withInstallation && row.product.installationPrice === null)
    throw fieldError('with_installation', 'cart.no_installation');
  return row;
}

const stockError = (stock: number) =>
  stock <= 0
    ? fieldError('quantity', 'cart.out_of_stock')
    : fieldError('quantity', 'cart.max_quantity', { count: stock });

/** Units in the owner's cart. */
export async function countItems(db: Db, owner: CartOwner) {
  const cart = await findCart(db, owner);
  if (!cart) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${items.quantity}), 0)::int` })
    .from(items)
    .where(eq(items.cartId, cart.id));
  return row?.n ?? 0;
}

/** Adds units of a variant (to the line already there, if any). Answers a new key when one was made. */
export async function addItem(
  db: Db,
  owner: CartOwner,
  input: { variantId: number; quantity: number; withInstallation: boolean },
) {
  return db.transaction(async (tx) => {
    const { variant } = await checkVariant(tx, input.variantId, input.withInstallation);
    if (input.quantity > variant.stock) throw stockError(variant.stock);
    const { cart, key } = await ensureCart(tx, owner);
    const [line] = await tx
      .insert(items)
      .values({
        cartId: cart.id,
        variantId: input.variantId,
        quantity: input.quantity,
        withInstallation: input.withInstallation,
      })
      .onConflictDoUpdate({
        target: [items.cartId, items.variantId],
        set: {
          quantity: sql`least(${items.quantity} + excluded.quantity, ${CART_MAX_QUANTITY})`,
          withInstallation: sql`excluded.with_installation`,
        },
      })
      .returning();
    if (line!.quantity > variant.stock) throw stockError(variant.stock);
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
    return { key };
  });
}

/** Sets a line's quantity or installation; 404 when the line is not in the cart. */
export async function updateItem(
  db: Db,
  owner: CartOwner,
  variantId: number,
  input: { quantity?: number; withInstallation?: boolean },
) {
  await db.transaction(async (tx) => {
    const cart = await findCart(tx, owner, true);
    if (!cart) throw notFound();
    const [line] = await tx
      .select()
      .from(items)
      .where(and(eq(items.cartId, cart.id), eq(items.variantId, variantId)));
    if (!line) throw notFound();
    const { variant } = await checkVariant(tx, variantId, input.withInstallation);
    if (input.quantity !== undefined && input.quantity > variant.stock) throw stockError(variant.stock);
    await tx
      .update(items)
      .set({
        ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
        ...(input.withInstallation !== undefined ? { withInstallation: input.withInstallation } : {}),
      })
      .where(and(eq(items.cartId, cart.id), eq(items.variantId, variantId)));
  });
}

export async function removeItem(db: Db, owner: CartOwner, variantId: number) {
  const cart = await findCart(db, owner);
  if (!cart) throw notFound();
  const gone = await db
    .delete(items)
    .where(and(eq(items.cartId, cart.id), eq(items.variantId, variantId)))
    .returning({ id: items.variantId });
  if (!gone.length) throw notFound();
}

/** Applies a coupon if it can be used now; otherwise a 422 on `code` saying why, and nothing changes. */
export async function applyCoupon(db: Db, owner: CartOwner, code: string) {
  const cart = await findCart(db, owner);
  if (!cart || !(await cartLines(db, cart.id)).length) throw fieldError('code', 'cart.empty');
  const check = await checkCouponUse(db, code, owner.userId);
  if (!check.ok) throw couponError(check.reason);
  await db.update(carts).set({ couponCode: check.coupon.code }).where(eq(carts.id, cart.id));
}

export async function removeCoupon(db: Db, owner: CartOwner) {
  const cart = await findCart(db, owner);
  if (cart) await db.update(carts).set({ couponCode: null }).where(eq(carts.id, cart.id));
}

/**
 * Moves a key cart into the customer's cart (quantities added, the coupon
 * kept when the customer's cart has none) and deletes it. Nothing happens
 * for an unknown key. Answers whether a cart was merged.
 */
export async function mergeCart(db: Db, userId: number, key: string) {
  return db.transaction(async (tx) => {
    const from = await findCart(tx, { userId: null, key }, true);
    if (!from) return false;
    const { cart } = await ensureCart(tx, { userId });
    const lines = await cartLines(tx, from.id);
    if (lines.length) {
      await tx
        .insert(items)
        .values(
          lines.map((l) => ({
            cartId: cart.id,
            variantId: l.variantId,
            quantity: l.quantity,
            withInstallation: l.withInstallation,
          })),
        )
        .onConflictDoUpdate({
          target: [items.cartId, items.variantId],
          set: {
            quantity: sql`least(${items.quantity} + excluded.quantity, ${CART_MAX_QUANTITY})`,
            withInstallation: sql`${items.withInstallation} or excluded.with_installation`,
          },
        });
    }
    if (!cart.couponCode && from.couponCode)
      await tx.update(carts).set({ couponCode: from.couponCode }).where(eq(carts.id, cart.id));
    await tx.delete(carts).where(eq(carts.id, from.id));
    return true;
  });
}

/** Where the order would go: a saved address of the customer, or a city. */
export type Destination = { addressId?: number; cityId?: number };

async function destinationCity(db: Db, owner: CartOwner, to: Destination) {
  if (to.addressId) {
    if (owner.userId === null) throw fieldError('address_id', V.invalid);
    const address = await findAddress(db, owner.userId, to.addressId);
    if (!address) throw notFound();
    return address.a.cityId;
  }
  return to.cityId;
}

/** The cart as the customer sees it: lines, coupon, delivery and price lines, all from stored prices. */
export async function viewCart(db: Db, owner: CartOwner, lang: Lang, to: Destination = {}): Promise<CartView> {
  const cart = await findCart(db, owner);
  const rows = cart ? await cartLines(db, cart.id) : [];
  const lines = await priceLinesOf(
    db,
    rows.map((r) => ({ variantId: r.variantId, quantity: r.quantity, withInstallation: r.withInstallation })),
    lang,
  );
  const products = enteredProducts(lines);

  let coupon: CartView['coupon'] = null;
  let terms = null;
  if (cart?.couponCode) {
    const check = await checkCouponUse(db, cart.couponCode, owner.userId);
    if (check.ok) terms = couponTerms(check.coupon);
    coupon = {
      code: cart.couponCode,
      valid: check.ok,
      message: check.ok ? null : translate(lang, check.reason.key, check.reason.params),
      discount: 0,
    };
  }

  const cityId = await destinationCity(db, owner, to);
  const quote = cityId ? await deliveryQuote(db, cityId, products) : undefined;
  if (to.cityId && !quote) throw fieldError('city_id', V.invalid);
  const prices = priceTotals(lines, { delivery: quote?.price ?? null, coupon: terms, vat: await vatTerms(db) });
  if (coupon) coupon.discount = prices.discount;
  return {
    cart_key: null,
    lines: lines.map(publicLine),
    count: lines.reduce((s, l) => s + l.quantity, 0),
    coupon,
    delivery: quote
      ? {
          city_id: quote.cityId,
          city: lang === 'en' ? quote.cityEn : quote.cityAr,
          available: quote.available,
          free_above: quote.freeAbove,
        }
      : null,
    prices,
    can_checkout: lines.length > 0 && lines.every((l) => l.problem === null),
  };
}

/** Empties the customer's cart after checkout (inside its transaction). */
export async function emptyCart(tx: Db, cartId: number) {
  await tx.delete(items).where(eq(items.cartId, cartId));
  await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cartId));
}

export { cartLines };
