/**
 * Whether products still use a brand, a category or feature options: a
 * catalogue row in use cannot be deleted (resources.ts).
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { tables, type Db } from '@pool/db';

const { products: p, variantOptions: vo, categories: cat } = tables;

/** Whether a non-deleted product refers to the brand / the category (or one of its sub-categories). */
export async function brandInUse(db: Db, id: number) {
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.brandId, id), isNull(p.deletedAt)))
    .limit(1);
  return !!row;
}

export async function categoryInUse(db: Db, id: number) {
  const children = db.select({ id: cat.id }).from(cat).where(eq(cat.parentId, id));
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        isNull(p.deletedAt),
        or(
          eq(p.categoryId, id),
          eq(p.subCategoryId, id),
          inArray(p.subCategoryId, children),
          inArray(p.categoryId, children),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/** Options (of `optionIds`) that a product group uses, deleted products included (their orders keep them). */
export async function optionsInUse(db: Db, optionIds: number[]) {
  if (!optionIds.length) return [];
  const rows = await db.selectDistinct({ id: vo.optionId }).from(vo).where(inArray(vo.optionId, optionIds));
  return rows.map((r) => r.id);
}
