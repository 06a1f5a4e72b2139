/**
 * The demo catalogue of spare parts and extra services (seed.ts): what the
 * price offers and the technicians pick lines from. Prices in halalas before
 * VAT. Loaded once, into an empty table only, so an admin's own catalogue is
 * never touched.
 */
import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as t from './schema/index.ts';
import type { ServiceItemKind } from './schema/services.ts';

/** [kind, Arabic name, English name, price in halalas, active]. */
const DEMO_SERVICE_ITEMS: [ServiceItemKind, string, string, number, boolean][] = [
  ['spare_part', 'مانع تسرب ميكانيكي للمضخة', 'Pump mechanical seal', 8_500, true],
  ['spare_part', 'حلقة مطاطية لغطاء المضخة', 'Pump lid O-ring', 2_500, true],
  ['spare_part', 'مقياس ضغط الفلتر', 'Filter pressure gauge', 4_500, true],
  ['spare_part', 'صمام متعدد الاتجاهات للفلتر', 'Filter multiport valve', 39_000, true],
  ['spare_part', 'رمل فلتر سيليكا 25 كجم', 'Silica filter sand 25 kg', 3_800, true],
  ['spare_part', 'سلة الكاشط', 'Skimmer basket', 5_500, true],
  ['spare_part', 'كشاف LED للمسبح 12 فولت', 'LED pool light 12 V', 42_000, true],
  ['spare_part', 'خلية كلورة ملحية', 'Salt chlorinator cell', 185_000, true],
  ['spare_part', 'محرك مضخة 1.5 حصان', 'Pump motor 1.5 HP', 125_000, false],
  ['extra_service', 'غسيل عكسي للفلتر', 'Filter backwash', 6_000, true],
  ['extra_service', 'تغيير رمل الفلتر (مصنعية)', 'Filter sand replacement (labour)', 20_000, true],
  ['extra_service', 'غسيل المسبح بالحمض', 'Acid wash', 95_000, true],
  ['extra_service', 'كشف التسربات', 'Leak detection', 45_000, true],
  ['extra_service', 'تنظيف البلاط وخط الماء', 'Tile and waterline cleaning', 30_000, true],
  ['extra_service', 'معالجة الماء الأخضر بالصدمة', 'Green water shock treatment', 35_000, true],
];

/** Loads the demo items when the table is empty; false when it holds any row (deleted ones too). */
export async function seedServices(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(t.serviceItems);
  if (n > 0) return false;
  await db
    .insert(t.serviceItems)
    .values(
      DEMO_SERVICE_ITEMS.map(([kind, nameAr, nameEn, price, isActive]) => ({ kind, nameAr, nameEn, price, isActive })),
    );
  return true;
}
