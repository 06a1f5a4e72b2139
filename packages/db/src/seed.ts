/**
 * Demo data in Arabic and English, loaded on first start. Built from the same
 * factories as the tests. Idempotent: a `seeded_at` setting marks it done.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';
import { catalogueSeeded, drawDemoPictures, seedCatalogue, type DemoImageMaker } from './seed-catalogue.ts';
import { seedConstruction, seedConstructionPrices } from './seed-construction.ts';
import { seedContent } from './seed-content.ts';
import { seedPackages } from './seed-packages.ts';
import { seedSeo } from './seed-seo.ts';
import { seedServices } from './seed-services.ts';

export type SeedOptions = {
  adminEmail: string;
  /**
   * Makes the argon2id hash of the super admin's password; called only on a first start (a hash holds
   * 64 MB for its moment: a process that finds the database seeded does not make one).
   */
  adminPasswordHash: () => Promise<string>;
  /** Also load the demo customer and sample notifications. */
  demo: boolean;
  /** Draws and stores a demo picture (products, categories, brands); none when left out. */
  demoImage?: DemoImageMaker;
};

/**
 * The demo store, the spare parts and extra services, the packages and the pool designer, once each
 * (also into a database seeded before they existed); the construction prices on every site.
 */
async function demoCatalogue(tx: Db, options: SeedOptions, pictures: string[] | undefined) {
  if (!options.demo) return seedConstructionPrices(tx);
  const store = await seedCatalogue(tx, pictures);
  const services = await seedServices(tx);
  const packages = await seedPackages(tx);
  const construction = await seedConstruction(tx);
  return store || services || packages || construction;
}

/** Any constant: the first-start data's advisory lock (processes starting together seed one after the other). */
const SEED_LOCK = 73_114_002;

export const DEMO_CUSTOMER = { countryCode: '966', phone: '500000001', name: 'محمد العتيبي' };
/** A technician serving Riyadh, to try the staff view (/staff) with the demo customer's orders. */
export const DEMO_TECHNICIAN = { countryCode: '966', phone: '500000002', name: 'فهد الدوسري' };

export const DEFAULT_SETTINGS = {
  site: {
    name_ar: 'مسابح',
    name_en: 'Masabeh',
    description_ar:
      'مسابح منصة سعودية متكاملة لخدمات ومستلزمات المسابح: متجر إلكتروني، صيانة فورية، باقات صيانة دورية، وإنشاء وتصميم المسابح.',
    description_en:
      'Masabeh is a Saudi platform for pool services and supplies: an online store, immediate maintenance, scheduled maintenance packages, and pool construction and design.',
    logo: '/img/logo_app.png',
    /** Open Graph image of the site's pages. */
    share_image: '/img/logo_app.png',
  },
  contact: {
    location_ar: 'الرياض، حي الملقا، طريق الملك فهد',
    location_en: 'King Fahd Road, Al Malqa, Riyadh',
    phone: '+966 11 000 0000',
    email: 'info@masabeh.com',
    map_url: 'https://maps.google.com/?q=24.8121,46.6127',
  },
  legal: { tax_number: '310000000000003', commercial_record: '1010000000' },
  apps: {
    android_app_link: 'https://play.google.com/store/apps/details?id=com.masabeh.app',
    iphone_app_link: 'https://apps.apple.com/sa/app/masabeh/id0000000000',
  },
  vat_rate: 15,
  /** Whether the store's entered prices already include VAT (ADR 0023): the demo's are before VAT. */
  prices_include_vat: false,
  monthly_target: 50_000_000,
} as const;

export async function seed(db: Db, options: SeedOptions) {
  // The pictures before the transaction: drawing them takes longer than it may sit idle. (Two processes
  // starting together may both draw them; only the one that seeds uses its own.)
  const pictures =
    options.demo && options.demoImage && !(await catalogueSeeded(db))
      ? await drawDemoPictures(options.demoImage)
      : undefined;
  // Before the transaction too, which must not sit idle while it is made.
  const adminPasswordHash = (await isSeeded(db)) ? null : await options.adminPasswordHash();
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // Several processes may start together on a new database: the first seeds, the others wait for
    // it here, then find everything there (each part checks before it writes).
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Not seeded now means it was not before the transaction either: the hash was made.
    if (adminPasswordHash === null || (await isSeeded(tx))) {
      return { seeded: await demoCatalogue(tx, options, pictures) };
    }
    await firstStart(tx, options, adminPasswordHash);
    await demoCatalogue(tx, options, pictures);
    return { seeded: true };
  });
}

/** Whether the first-start data is there (its `seeded_at` setting). */
const isSeeded = async (db: Db) =>
  (await db.select().from(t.settings).where(eq(t.settings.key, 'seeded_at'))).length > 0;

/** Settings, content, SEO, the super admin and, for a demo, the demo customer, technician and city. */
async function firstStart(tx: Db, options: SeedOptions, adminPasswordHash: string) {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) await f.makeSetting(tx, key, value);
  await seedContent(tx);
  await seedSeo(tx);

  const owner = await f.makeRole(tx, { nameAr: 'مدير عام', nameEn: 'General manager' });
  await f.makeAdmin(tx, {
    name: 'المدير العام',
    email: options.adminEmail,
    passwordHash: adminPasswordHash,
    isSuper: true,
    roleId: owner.id,
    phone: '500000000',
  });

  if (options.demo) {
    const customer = await f.makeUser(tx, {
      name: DEMO_CUSTOMER.name,
      countryCode: DEMO_CUSTOMER.countryCode,
      phone: DEMO_CUSTOMER.phone,
      email: 'customer@masabeh.com',
    });
    await f.makeNotification(tx, {
      userId: customer.id,
      type: 'admin_notify',
      titleAr: 'مرحباً بك في مسابح',
      titleEn: 'Welcome to Masabeh',
      bodyAr: 'يسعدنا انضمامك، تصفح المتجر واطلب خدمتك الأولى.',
      bodyEn: 'We are glad you joined; browse the store and order your first service.',
      link: '/',
    });
    await f.makeNotification(tx, {
      userId: customer.id,
      type: 'admin_notify',
      titleAr: 'خصم 10٪ على الكيماويات',
      titleEn: '10% off chemicals',
      bodyAr: 'استخدم الكود POOL10 عند الدفع حتى نهاية الشهر.',
      bodyEn: 'Use the code POOL10 at checkout until the end of the month.',
      link: '/online_store',
    });
    // Buying works out of the box: delivery to every city (25 SAR, free from 500 SAR) and the POOL10 coupon above.
    for (const city of await tx.select({ id: t.cities.id }).from(t.cities)) {
      await tx.insert(t.deliveryPrices).values({ cityId: city.id, price: 2500, freeAbove: 50_000 });
    }
    const technician = await f.makeStaff(tx, {
      ...DEMO_TECHNICIAN,
      job: 'technician',
      workingHours: Object.fromEntries(['0', '1', '2', '3', '4'].map((d) => [d, { from: '08:00', to: '20:00' }])),
    });
    const [riyadh] = await tx.select({ id: t.cities.id }).from(t.cities).where(eq(t.cities.nameEn, 'Riyadh'));
    if (riyadh) await tx.insert(t.staffCities).values({ staffId: technician.id, cityId: riyadh.id });
    await tx.insert(t.coupons).values({
      title: 'خصم 10٪ للعملاء',
      code: 'POOL10',
      discountType: 'ratio',
      value: 10,
      maxDiscount: 10_000,
      maxUses: 1000,
      maxUsesPerUser: 1,
      startsAt: new Date(),
      expiresAt: new Date(Date.now() + 60 * 86_400_000),
    });
  }
  await f.makeSetting(tx, 'seeded_at', new Date().toISOString());
}
