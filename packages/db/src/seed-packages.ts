/**
 * The demo scheduled-maintenance packages (seed.ts): what `/scheduled_maintenance`
 * sells on a fresh site. Prices in halalas before VAT. Loaded once, into an empty
 * table only, so the dashboard's own packages are never touched.
 */
import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as t from './schema/index.ts';

type DemoPackage = Omit<typeof t.packages.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'image'>;

const DEMO_PACKAGES: DemoPackage[] = [
  {
    nameAr: 'باقة العناية الشهرية',
    nameEn: 'Monthly care',
    descriptionAr: 'زيارتان خلال الشهر لتنظيف المسبح وضبط كيمياء المياه، تناسب المسابح المنزلية.',
    descriptionEn: 'Two visits a month to clean the pool and balance its water, for home pools.',
    featuresAr: ['تنظيف القاع والجدران وسلة الكاشط', 'فحص الكلور ودرجة الحموضة وضبطهما', 'غسيل عكسي للفلتر'],
    featuresEn: ['Floor, walls and skimmer basket cleaned', 'Chlorine and pH tested and balanced', 'Filter backwash'],
    price: 35_000,
    visits: 2,
    validityDays: 30,
    sort: 1,
  },
  {
    nameAr: 'باقة الصيف',
    nameEn: 'Summer package',
    descriptionAr: 'زيارة كل أسبوع لمدة شهرين في موسم السباحة، مع فحص المضخة والإضاءة.',
    descriptionEn: 'A visit every week for two months of the swimming season, with the pump and lights checked.',
    featuresAr: ['8 زيارات أسبوعية', 'تنظيف شامل وضبط المياه في كل زيارة', 'فحص المضخة والإضاءة', 'تقرير بعد كل زيارة'],
    featuresEn: [
      '8 weekly visits',
      'Full cleaning and water balance at every visit',
      'Pump and lights checked',
      'A report after every visit',
    ],
    price: 120_000,
    visits: 8,
    validityDays: 60,
    sort: 2,
  },
  {
    nameAr: 'باقة الربع السنوية',
    nameEn: 'Quarterly care',
    descriptionAr: 'أربع زيارات خلال ثلاثة أشهر لصيانة دورية هادئة طوال الموسم.',
    descriptionEn: 'Four visits over three months for steady care all season.',
    featuresAr: ['تنظيف وضبط المياه', 'فحص التسربات الظاهرة', 'أولوية في حجز المواعيد'],
    featuresEn: ['Cleaning and water balance', 'Visible leaks checked', 'Priority booking'],
    price: 60_000,
    visits: 4,
    validityDays: 90,
    sort: 3,
  },
];

/** Loads the demo packages when the table is empty; false when it holds any row (deleted ones too). */
export async function seedPackages(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(t.packages);
  if (n > 0) return false;
  await db.insert(t.packages).values(DEMO_PACKAGES);
  return true;
}
