/**
 * Row factories shared by the tests and the demo seed. Each takes a `db`
 * (or transaction) and overrides, and returns the inserted row.
 */
import { eq } from 'drizzle-orm';
import { normalizeSearch } from '@pool/contracts';
import type { Db } from './client.ts';
import * as t from './schema/index.ts';

let seq = 0;
const next = () => ++seq;

export async function makeCountry(db: Db, o: Partial<typeof t.countries.$inferInsert> = {}) {
  const [row] = await db
    .insert(t.countries)
    .values({ key: '966', iso: 'SA', nameAr: 'السعودية', nameEn: 'Saudi Arabia', smsAllowed: true, ...o })
    .returning();
  return row!;
}

export async function makeCity(db: Db, o: Partial<typeof t.cities.$inferInsert> = {}) {
  const [row] = await db
    .insert(t.cities)
    .values({ nameAr: 'الرياض', nameEn: 'Riyadh', ...o })
    .returning();
  return row!;
}

/** An active customer with a unique Saudi number unless one is given. */
export async function makeUser(db: Db, o: Partial<typeof t.users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(t.users)
    .values({
      name: `Customer ${n}`,
      countryCode: '966',
      phone: `5${String(10_000_000 + ((Date.now() + n * 7919) % 89_999_999)).padStart(8, '0')}`,
      isActive: true,
      ...o,
    })
    .returning();
  return row!;
}

/** An active engineer or technician (a technician unless told) with a unique Saudi number. */
export async function makeStaff(db: Db, o: Partial<typeof t.staff.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(t.staff)
    .values({
      name: `Technician ${n}`,
      countryCode: '966',
      phone: `55${String(1_000_000 + ((Date.now() + n * 104_729) % 8_999_999)).padStart(7, '0')}`,
      job: 'technician',
      ...o,
    })
    .returning();
  return row!;
}

export async function makeRole(db: Db, o: Partial<typeof t.roles.$inferInsert> & { permissions?: string[] } = {}) {
  const { permissions = [], ...values } = o;
  const [role] = await db
    .insert(t.roles)
    .values({ nameAr: 'دور', nameEn: 'Role', ...values })
    .returning();
  if (permissions.length) {
    await db.insert(t.rolePermissions).values(permissions.map((permission) => ({ roleId: role!.id, permission })));
  }
  return role!;
}

/** `passwordHash` must be an argon2id hash; the server's `hashPassword` makes one. */
export async function makeAdmin(db: Db, o: Partial<typeof t.admins.$inferInsert> & { passwordHash: string }) {
  const n = next();
  const [row] = await db
    .insert(t.admins)
    .values({ name: `Admin ${n}`, email: `admin${n}-${Date.now()}@example.com`, ...o })
    .returning();
  return row!;
}

export async function makeNotification(db: Db, o: Partial<typeof t.notifications.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(t.notifications)
    .values({
      type: 'admin_notify',
      titleAr: `إشعار ${n}`,
      titleEn: `Notification ${n}`,
      bodyAr: 'نص الإشعار',
      bodyEn: 'Notification text',
      ...o,
    })
    .returning();
  return row!;
}

export async function makeSetting(db: Db, key: string, value: unknown) {
  await db.insert(t.settings).values({ key, value }).onConflictDoUpdate({ target: t.settings.key, set: { value } });
}

export async function makePageSection(db: Db, o: Partial<typeof t.pageSections.$inferInsert> = {}) {
  const [row] = await db
    .insert(t.pageSections)
    .values({
      page: 'about',
      titleAr: 'من نحن',
      titleEn: 'About us',
      contentAr: '<p>نص</p>',
      contentEn: '<p>Text</p>',
      ...o,
    })
    .returning();
  return row!;
}

export async function makeSocial(db: Db, o: Partial<typeof t.socialLinks.$inferInsert> = {}) {
  const [row] = await db
    .insert(t.socialLinks)
    .values({ title: 'X', url: 'https://x.com/example', icon: 'x', ...o })
    .returning();
  return row!;
}

export async function makeBanner(db: Db, o: Partial<typeof t.banners.$inferInsert> = {}) {
  const [row] = await db
    .insert(t.banners)
    .values({ image: '/img/demo/banner-1.webp', ...o })
    .returning();
  return row!;
}

export async function makeIntro(db: Db, o: Partial<typeof t.introPages.$inferInsert> = {}) {
  const [row] = await db
    .insert(t.introPages)
    .values({
      titleAr: 'عنوان',
      titleEn: 'Title',
      descriptionAr: 'وصف',
      descriptionEn: 'Description',
      image: '/img/demo/intro-1.webp',
      ...o,
    })
    .returning();
  return row!;
}

export async function makeRedirect(
  db: Db,
  o: Partial<typeof t.redirects.$inferInsert> & { fromPath: string; to: string },
) {
  const [row] = await db.insert(t.redirects).values(o).returning();
  return row!;
}

/* --------------------------------------------------------------- catalogue */

export async function makeBrand(db: Db, o: Partial<typeof t.brands.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(t.brands)
    .values({ nameAr: `علامة ${n}`, nameEn: `Brand ${n}`, ...o })
    .returning();
  return row!;
}

/** A category; a sub-category when `parentId` is given. */
export async function makeCategory(db: Db, o: Partial<typeof t.categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(t.categories)
    .values({ nameAr: `قسم ${n}`, nameEn: `Category ${n}`, ...o })
    .returning();
  return row!;
}

/** A feature and its options (`[name ar, name en]`, in order). */
export async function makeFeature(
  db: Db,
  o: Partial<typeof t.features.$inferInsert> & { options?: [string, string][] } = {},
) {
  const n = next();
  const {
    options = [
      ['صغير', 'Small'],
      ['كبير', 'Large'],
    ],
    ...values
  } = o;
  const [feature] = await db
    .insert(t.features)
    .values({ nameAr: `خاصية ${n}`, nameEn: `Feature ${n}`, ...values })
    .returning();
  const rows = await db
    .insert(t.featureOptions)
    .values(options.map(([nameAr, nameEn], sort) => ({ featureId: feature!.id, nameAr, nameEn, sort })))
    .returning();
  return { ...feature!, options: rows };
}

export type VariantSpec = { price: number; stock?: number; sku?: string; optionIds?: number[]; images?: string[] };

/**
 * A product with its groups (one without options unless `variants` are given;
 * the first is the main display group), gallery images and the derived columns
 * (price, stock, search text) as the catalogue service keeps them.
 */
export async function makeProduct(
  db: Db,
  o: Partial<typeof t.products.$inferInsert> & {
    variants?: VariantSpec[];
    images?: string[];
    /** Words added to the search text (brand and category names). */
    searchNames?: string[];
  } = {},
) {
  const n = next();
  const { variants, images = [], searchNames = [], ...values } = o;
  const specs = variants ?? [{ price: values.price ?? 10_000, stock: values.stock ?? 10 }];
  const nameAr = values.nameAr ?? `منتج ${n}`;
  const nameEn = values.nameEn ?? `Product ${n}`;
  const skus = specs.map((v, i) => v.sku ?? `SKU-${n}-${i + 1}-${Date.now() % 100_000}`);
  const [product] = await db
    .insert(t.products)
    .values({
      descriptionAr: `وصف ${nameAr}`,
      descriptionEn: `About ${nameEn}`,
      type: variants?.some((v) => v.optionIds?.length) ? 'multi' : 'simple',
      ...values,
      nameAr,
      nameEn,
      price: specs[0]!.price,
      stock: specs.reduce((sum, v) => sum + (v.stock ?? 10), 0),
      searchText: normalizeSearch([nameAr, nameEn, ...searchNames, ...skus].join(' ')),
    })
    .returning();
  const rows = await db
    .insert(t.productVariants)
    .values(specs.map((v, i) => ({ productId: product!.id, sku: skus[i]!, price: v.price, stock: v.stock ?? 10 })))
    .returning();
  const options = specs.flatMap((v, i) =>
    (v.optionIds ?? []).map((optionId) => ({ variantId: rows[i]!.id, optionId })),
  );
  if (options.length) await db.insert(t.variantOptions).values(options);
  const pictures = [
    ...images.map((path, sort) => ({ productId: product!.id, variantId: null, path, sort })),
    ...specs.flatMap((v, i) =>
      (v.images ?? []).map((path, sort) => ({ productId: product!.id, variantId: rows[i]!.id, path, sort })),
    ),
  ];
  if (pictures.length) await db.insert(t.productImages).values(pictures);
  const [main] = await db
    .update(t.products)
    .set({ mainVariantId: rows[0]!.id })
    .where(eq(t.products.id, product!.id))
    .returning();
  return { ...main!, variants: rows };
}
