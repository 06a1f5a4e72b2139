/**
 * The approval of main display group changes (issue 4, spec section 4): a
 * change to a stored product's main display group waits as a pending
 * `main_variant_changes` request until an admin holding `products.approve`
 * approves (applies) or rejects it. Lists the requests and decides one.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tables, type Db } from '@pool/db';
import { CMS_PER_PAGE, type MainVariantChange } from '@pool/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import { coverImage, pageInfo } from './product-list.ts';

const { products: p, productVariants: pv, variantOptions: vo, featureOptions: fo, mainVariantChanges: mvc } = tables;

export async function mainVariantChanges(db: Db, q: { page: number; status?: 'pending' | 'approved' | 'rejected' }) {
  const requested = alias(pv, 'requested');
  const current = alias(pv, 'current');
  const asker = alias(tables.admins, 'asker');
  const decider = alias(tables.admins, 'decider');
  const where = and(isNull(p.deletedAt), q.status ? eq(mvc.status, q.status) : undefined);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(mvc).innerJoin(p, eq(p.id, mvc.productId)).where(where),
    db
      .select({
        change: mvc,
        product: { id: p.id, nameAr: p.nameAr, nameEn: p.nameEn },
        image: coverImage,
        requested: { id: requested.id, sku: requested.sku, price: requested.price },
        current: { id: current.id, sku: current.sku, price: current.price },
        asker: asker.name,
        decider: decider.name,
      })
      .from(mvc)
      .innerJoin(p, eq(p.id, mvc.productId))
      .innerJoin(requested, eq(requested.id, mvc.variantId))
      .leftJoin(current, eq(current.id, p.mainVariantId))
      .leftJoin(asker, eq(asker.id, mvc.requestedBy))
      .leftJoin(decider, eq(decider.id, mvc.decidedBy))
      .where(where)
      .orderBy(sql`${mvc.status} = 'pending' desc`, desc(mvc.createdAt), desc(mvc.id))
      .limit(CMS_PER_PAGE)
      .offset((q.page - 1) * CMS_PER_PAGE),
  ]);
  const variantIds = rows.flatMap((r) => [r.requested.id, r.current?.id].filter((v): v is number => !!v));
  const options = variantIds.length
    ? await db
        .select({ variantId: vo.variantId, nameAr: fo.nameAr, featureId: fo.featureId, sort: fo.sort })
        .from(vo)
        .innerJoin(fo, eq(fo.id, vo.optionId))
        .where(inArray(vo.variantId, variantIds))
        .orderBy(asc(fo.featureId), asc(fo.sort), asc(fo.id))
    : [];
  const nameOf = (id: number) =>
    options
      .filter((o) => o.variantId === id)
      .map((o) => o.nameAr)
      .join(' / ');
  const data: MainVariantChange[] = rows.map((r) => ({
    id: r.change.id,
    status: r.change.status,
    product: { id: r.product.id, name_ar: r.product.nameAr, name_en: r.product.nameEn, image: r.image },
    current: r.current?.id ? { ...r.current, id: r.current.id, name_ar: nameOf(r.current.id) } : null,
    requested: { ...r.requested, name_ar: nameOf(r.requested.id) },
    requested_by: r.asker,
    decided_by: r.decider,
    created_at: r.change.createdAt.toISOString(),
    decided_at: r.change.decidedAt?.toISOString() ?? null,
  }));
  return {
    data,
    pagination: pageInfo(total, q.page),
  };
}

/**
 * Approves (applies) or rejects a pending request. 404 when unknown, 409 when
 * already decided, or (approving) when the group is no longer an active group
 * of the product.
 */
export async function decideMainVariant(db: Db, id: number, approve: boolean, adminId: number) {
  return db.transaction(async (tx) => {
    const [change] = await tx.select().from(mvc).where(eq(mvc.id, id)).for('update');
    if (!change) throw notFound();
    if (change.status !== 'pending') throw new AppError('fail', 'catalogue.change_decided', { status: 409 });
    if (approve) {
      const [variant] = await tx
        .select({ id: pv.id, price: pv.price })
        .from(pv)
        .innerJoin(p, eq(p.id, pv.productId))
        .where(
          and(
            eq(pv.id, change.variantId),
            eq(pv.productId, change.productId),
            eq(pv.isActive, true),
            isNull(p.deletedAt),
          ),
        );
      if (!variant) throw new AppError('fail', 'catalogue.change_stale', { status: 409 });
      await tx
        .update(p)
        .set({ mainVariantId: variant.id, price: variant.price, updatedAt: new Date() })
        .where(eq(p.id, change.productId));
    }
    await tx
      .update(mvc)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: adminId, decidedAt: new Date() })
      .where(eq(mvc.id, id));
  });
}
