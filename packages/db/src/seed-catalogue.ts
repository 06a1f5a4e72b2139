/**
 * The demo store (issue 4): pool brands, seven categories with sub-categories,
 * features with options, and 63 products in Arabic and English, some with
 * groups (power, weight, colour, size) and discounts. Built with the factories.
 * Images come from `image` (the server draws them and stores them through the
 * upload pipeline); without it the products have no pictures.
 * Idempotent on its own (`catalogue_seeded_at`), so an existing demo database gets it too.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import * as f from './factories.ts';
import * as t from './schema/index.ts';

/** The drawing of a demo picture: a category's icon and colour, and a number that varies it. */
export type DemoImage = {
  kind: 'product' | 'category' | 'brand';
  icon: DemoIcon;
  /** 0-359 */
  hue: number;
  /** Makes pictures of one icon differ. */
  variant: number;
  /** Short Latin text on the picture (brand name, size). */
  label: string;
};
export type DemoIcon = 'pump' | 'filter' | 'heater' | 'chemical' | 'cleaning' | 'lighting' | 'accessory' | 'brand';
export type DemoImageMaker = (image: DemoImage) => Promise<string>;

export const CATALOGUE_SEEDED = 'catalogue_seeded_at';

const BRANDS: [string, string][] = [
  ['هايوارد', 'Hayward'],
  ['بنتير', 'Pentair'],
  ['زودياك', 'Zodiac'],
  ['أسترال بول', 'AstralPool'],
  ['إيماكس', 'Emaux'],
  ['إنتكس', 'Intex'],
  ['بيست واي', 'Bestway'],
  ['دولفين', 'Dolphin'],
];

type Demo = {
  ar: string;
  en: string;
  /** SAR */
  price: number;
  stock: number;
  brand: number;
  discount?: ['ratio' | 'number', number, number?];
  sizes?: string[];
  install?: number;
  /** A feature key and, per option, [price SAR, stock]. */
  groups?: [FeatureKey, [number, number][]];
  sold?: number;
  rating?: [number, number];
};
type FeatureKey = 'power' | 'weight' | 'colour' | 'size';

const FEATURES: Record<FeatureKey, [string, string, [string, string][]]> = {
  power: [
    'القدرة',
    'Power',
    [
      ['0.75 حصان', '0.75 HP'],
      ['1 حصان', '1 HP'],
      ['1.5 حصان', '1.5 HP'],
      ['2 حصان', '2 HP'],
    ],
  ],
  weight: [
    'الوزن',
    'Weight',
    [
      ['5 كغ', '5 kg'],
      ['10 كغ', '10 kg'],
      ['25 كغ', '25 kg'],
    ],
  ],
  colour: [
    'اللون',
    'Colour',
    [
      ['أبيض', 'White'],
      ['أزرق', 'Blue'],
      ['متعدد الألوان', 'Multicolour'],
    ],
  ],
  size: [
    'المقاس',
    'Size',
    [
      ['صغير', 'Small'],
      ['وسط', 'Medium'],
      ['كبير', 'Large'],
    ],
  ],
};

type Category = {
  ar: string;
  en: string;
  icon: DemoIcon;
  hue: number;
  /** What every product of the category is, for its description. */
  about: [string, string];
  subs: { ar: string; en: string; products: Demo[] }[];
};

/** A demo product: its names, price (SAR), stock and brand (an index of BRANDS), then what it has besides. */
const demo = (
  ar: string,
  en: string,
  price: number,
  stock: number,
  brand: number,
  more: Omit<Demo, 'ar' | 'en' | 'price' | 'stock' | 'brand'> = {},
): Demo => ({ ar, en, price, stock, brand, ...more });

const CATEGORIES: Category[] = [
  {
    ar: 'المضخات',
    en: 'Pumps',
    icon: 'pump',
    hue: 205,
    about: [
      'تدوير هادئ وموفر للطاقة لماء المسبح، بمحرك مقاوم للحرارة ومناسب لمناخ المملكة.',
      'Quiet, energy-saving circulation for pool water, with a heat-resistant motor suited to the Saudi climate.',
    ],
    subs: [
      {
        ar: 'مضخات المسابح',
        en: 'Pool pumps',
        products: [
          demo('مضخة مسبح ماكس فلو', 'MaxFlo pool pump', 1450, 12, 0, {
            install: 250,
            groups: [
              'power',
              [
                [1250, 4],
                [1450, 6],
                [1750, 3],
                [2100, 2],
              ],
            ],
            sold: 41,
            rating: [460, 18],
          }),
          demo('مضخة سوبر بامب 1 حصان', 'Super Pump 1 HP', 1380, 9, 0, { install: 250, sold: 33, rating: [430, 11] }),
          demo('مضخة وايبر فلو', 'WhisperFlo pump', 2650, 5, 1, { install: 300, discount: ['ratio', 10], sold: 12 }),
          demo('مضخة سايلنس بلس', 'Silence Plus pump', 1190, 14, 4, { install: 200, sold: 27, rating: [410, 9] }),
          demo('مضخة فيكتوريا بلس', 'Victoria Plus pump', 1590, 0, 3, { install: 250, sold: 8 }),
        ],
      },
      {
        ar: 'مضخات متغيرة السرعة',
        en: 'Variable-speed pumps',
        products: [
          demo('مضخة متغيرة السرعة إنتلي فلو', 'IntelliFlo variable-speed pump', 5200, 4, 1, {
            install: 400,
            discount: ['number', 500],
            sold: 6,
            rating: [490, 5],
          }),
          demo('مضخة إيكو ستار الموفرة', 'EcoStar energy-saving pump', 4800, 3, 0, { install: 400, sold: 4 }),
          demo('مضخة فلوبرو الذكية', 'FloPro smart pump', 3950, 2, 2, { install: 350 }),
        ],
      },
      {
        ar: 'مضخات النوافير',
        en: 'Fountain pumps',
        products: [
          demo('مضخة نافورة صغيرة', 'Small fountain pump', 320, 25, 4, { sold: 19 }),
          demo('مضخة شلال مائي', 'Waterfall pump', 890, 7, 3, { install: 150, discount: ['ratio', 15] }),
          demo('مضخة غاطسة لتصريف المياه', 'Submersible drain pump', 560, 10, 6, { sold: 13 }),
        ],
      },
    ],
  },
  {
    ar: 'الفلاتر',
    en: 'Filters',
    icon: 'filter',
    hue: 28,
    about: [
      'ترشيح دقيق يبقي الماء صافياً ويقلل استهلاك الكيماويات، مع صمام متعدد الاتجاهات سهل الاستخدام.',
      'Fine filtration that keeps the water clear and cuts chemical use, with an easy multiport valve.',
    ],
    subs: [
      {
        ar: 'فلاتر رملية',
        en: 'Sand filters',
        products: [
          demo('فلتر رملي برو سيريز', 'Pro Series sand filter', 1850, 6, 0, {
            install: 300,
            groups: [
              'size',
              [
                [1650, 3],
                [1850, 4],
                [2300, 2],
              ],
            ],
            sold: 22,
            rating: [450, 8],
          }),
          demo('فلتر رملي تريتون', 'Triton sand filter', 2100, 4, 1, { install: 300, sold: 9 }),
          demo('فلتر رملي ميلينيوم', 'Millennium sand filter', 1490, 8, 3, { install: 250, discount: ['number', 200] }),
          demo('فلتر رملي للمسابح الصغيرة', 'Compact sand filter', 690, 15, 5, { sold: 31, rating: [390, 14] }),
        ],
      },
      {
        ar: 'فلاتر الخرطوشة',
        en: 'Cartridge filters',
        products: [
          demo('فلتر خرطوشة سوان', 'SwimClear cartridge filter', 2450, 3, 0, { install: 250 }),
          demo('فلتر خرطوشة كلين آند كلير', 'Clean & Clear cartridge filter', 2290, 5, 1, { install: 250, sold: 7 }),
          demo('خرطوشة بديلة للفلتر', 'Replacement filter cartridge', 180, 40, 5, { sold: 64, rating: [420, 21] }),
        ],
      },
      {
        ar: 'وسائط الترشيح',
        en: 'Filter media',
        products: [
          demo('رمل سيليكا للفلاتر 25 كغ', 'Silica filter sand 25 kg', 65, 120, 4, { sold: 88 }),
          demo('زجاج ترشيح معاد تدويره', 'Recycled filter glass', 140, 60, 3, { discount: ['ratio', 20] }),
        ],
      },
    ],
  },
  {
    ar: 'السخانات',
    en: 'Heaters',
    icon: 'heater',
    hue: 8,
    about: [
      'تدفئة ثابتة لماء المسبح في ليالي الشتاء، بتحكم رقمي في درجة الحرارة وحماية من الأعطال.',
      'Steady pool water heating for winter nights, with digital temperature control and fault protection.',
    ],
    subs: [
      {
        ar: 'مضخات حرارية',
        en: 'Heat pumps',
        products: [
          demo('مضخة حرارية إنفرتر 21 كيلوواط', 'Inverter heat pump 21 kW', 9800, 2, 2, {
            install: 600,
            sold: 3,
            rating: [470, 3],
          }),
          demo('مضخة حرارية هيت برو', 'HeatPro heat pump', 8400, 3, 0, { install: 600, discount: ['number', 700] }),
          demo('مضخة حرارية أولترا تمب', 'UltraTemp heat pump', 11500, 1, 1, { install: 700 }),
        ],
      },
      {
        ar: 'سخانات كهربائية',
        en: 'Electric heaters',
        products: [
          demo('سخان كهربائي 6 كيلوواط', 'Electric heater 6 kW', 1650, 6, 4, { install: 200, sold: 12 }),
          demo('سخان كهربائي 12 كيلوواط', 'Electric heater 12 kW', 2350, 4, 4, { install: 250 }),
          demo('سخان للمسابح الفوق أرضية', 'Above-ground pool heater', 890, 10, 5, { sold: 15, rating: [360, 6] }),
        ],
      },
      {
        ar: 'سخانات شمسية',
        en: 'Solar heaters',
        products: [
          demo('لوح تسخين شمسي', 'Solar heating panel', 760, 12, 6, { install: 150, discount: ['ratio', 12] }),
          demo('غطاء شمسي حراري', 'Solar thermal cover', 540, 9, 6, { sold: 10 }),
        ],
      },
    ],
  },
  {
    ar: 'الكيماويات',
    en: 'Chemicals',
    icon: 'chemical',
    hue: 150,
    about: [
      'معالجة آمنة وفعالة لماء المسبح، بتركيز ثابت وتعليمات استخدام واضحة على العبوة.',
      'Safe, effective pool water treatment with a steady concentration and clear instructions on the pack.',
    ],
    subs: [
      {
        ar: 'الكلور',
        en: 'Chlorine',
        products: [
          demo('أقراص كلور 90٪', 'Chlorine tablets 90%', 120, 80, 3, {
            groups: [
              'weight',
              [
                [120, 30],
                [220, 25],
                [495, 10],
              ],
            ],
            discount: ['ratio', 10],
            sold: 150,
            rating: [480, 40],
          }),
          demo('كلور محبب سريع الذوبان', 'Fast-dissolving granular chlorine', 145, 50, 4, {
            sold: 73,
            rating: [440, 19],
          }),
          demo('كلور سائل 20 لتر', 'Liquid chlorine 20 L', 95, 35, 4, { sold: 58 }),
          demo('كلور صدمة للمعالجة المركزة', 'Shock chlorine treatment', 85, 0, 5, { sold: 40 }),
        ],
      },
      {
        ar: 'موازنة الماء',
        en: 'Water balance',
        products: [
          demo('رافع درجة الحموضة pH بلس', 'pH Plus', 60, 45, 3, { sold: 36 }),
          demo('خافض درجة الحموضة pH ماينس', 'pH Minus', 60, 4, 3, { sold: 41 }),
          demo('رافع القلوية', 'Alkalinity increaser', 75, 30, 4, { discount: ['number', 10] }),
          demo('مثبت الكلور', 'Chlorine stabiliser', 110, 22, 0),
        ],
      },
      {
        ar: 'مضادات الطحالب',
        en: 'Algaecides',
        products: [
          demo('مضاد الطحالب المركز', 'Concentrated algaecide', 90, 28, 3, { sold: 25, rating: [410, 7] }),
          demo('منظف الماء الصافي', 'Water clarifier', 70, 3, 4, { discount: ['ratio', 25] }),
        ],
      },
    ],
  },
  {
    ar: 'التنظيف',
    en: 'Cleaning',
    icon: 'cleaning',
    hue: 265,
    about: [
      'تنظيف شامل للأرضية والجدران وخط الماء يوفر وقتك ويحافظ على مظهر المسبح.',
      'Thorough cleaning of the floor, walls and waterline that saves your time and keeps the pool looking new.',
    ],
    subs: [
      {
        ar: 'روبوتات التنظيف',
        en: 'Robotic cleaners',
        products: [
          demo('روبوت تنظيف دولفين إي 30', 'Dolphin E30 robotic cleaner', 4200, 5, 7, {
            discount: ['ratio', 8],
            sold: 14,
            rating: [480, 12],
          }),
          demo('روبوت تنظيف دولفين إس 300', 'Dolphin S300 robotic cleaner', 6900, 2, 7, { sold: 5, rating: [500, 4] }),
          demo('روبوت تنظيف فوكس', 'Vortex robotic cleaner', 5600, 3, 2, { sold: 6 }),
          demo('منظف أرضية آلي', 'Automatic floor cleaner', 1850, 6, 0),
        ],
      },
      {
        ar: 'أدوات التنظيف اليدوي',
        en: 'Manual cleaning',
        products: [
          demo('فرشاة جدران المسبح', 'Pool wall brush', 65, 45, 5, { sold: 52 }),
          demo('شبكة التقاط أوراق', 'Leaf skimmer net', 55, 60, 6, { sold: 67, rating: [420, 15] }),
          demo('عصا تلسكوبية 5 أمتار', 'Telescopic pole 5 m', 120, 20, 5),
          demo('مكنسة يدوية للمسبح', 'Handheld pool vacuum', 330, 9, 6, { discount: ['ratio', 10], sold: 16 }),
          demo('خرطوم شفط عائم', 'Floating vacuum hose', 210, 14, 4, {
            sizes: ['9 م', '12 م', '15 م'],
            discount: ['number', 30],
          }),
        ],
      },
    ],
  },
  {
    ar: 'الإضاءة',
    en: 'Lighting',
    icon: 'lighting',
    hue: 48,
    about: [
      'إضاءة مقاومة للماء تمنح مسبحك أجواء ليلية جميلة باستهلاك منخفض للكهرباء.',
      'Waterproof lighting that gives your pool a beautiful night look with low power use.',
    ],
    subs: [
      {
        ar: 'إضاءة LED',
        en: 'LED lights',
        products: [
          demo('كشاف LED للمسابح', 'Pool LED spotlight', 450, 30, 1, {
            install: 120,
            groups: [
              'colour',
              [
                [420, 12],
                [450, 10],
                [560, 8],
              ],
            ],
            sold: 38,
            rating: [450, 13],
          }),
          demo('إضاءة LED مسطحة رفيعة', 'Slim flat LED light', 380, 16, 3, { install: 120, sold: 17 }),
          demo('محول إضاءة 12 فولت', '12 V lighting transformer', 260, 11, 0),
          demo('حبل إضاءة LED للحواف', 'LED edge rope light', 310, 13, 6, { install: 100, sold: 8 }),
          demo('إضاءة نافورة ملونة', 'Colour fountain light', 240, 6, 4, { discount: ['number', 40] }),
        ],
      },
      {
        ar: 'إضاءة عائمة',
        en: 'Floating lights',
        products: [
          demo('كرة مضيئة عائمة', 'Floating light ball', 140, 24, 6, { discount: ['ratio', 20], sold: 29 }),
          demo('إضاءة شمسية عائمة', 'Solar floating light', 95, 2, 5, { sold: 21 }),
        ],
      },
    ],
  },
  {
    ar: 'الإكسسوارات',
    en: 'Accessories',
    icon: 'accessory',
    hue: 185,
    about: [
      'ملحقات عملية تكمل مسبحك وتجعل استخدامه وصيانته أسهل وأكثر أماناً.',
      'Practical accessories that complete your pool and make using and maintaining it easier and safer.',
    ],
    subs: [
      {
        ar: 'السلالم والدرابزين',
        en: 'Ladders and rails',
        products: [
          demo('سلم ستانلس ستيل', 'Stainless steel ladder', 980, 8, 3, {
            install: 200,
            groups: [
              'size',
              [
                [850, 3],
                [980, 3],
                [1150, 2],
              ],
            ],
            sold: 11,
          }),
          demo('درابزين دخول المسبح', 'Pool entry handrail', 720, 5, 3, { install: 150 }),
          demo('دش خارجي للمسبح', 'Outdoor pool shower', 830, 4, 3, { install: 180, rating: [400, 3] }),
        ],
      },
      {
        ar: 'أدوات الفحص',
        en: 'Test kits',
        products: [
          demo('شرائط فحص الماء', 'Water test strips', 45, 90, 5, { sold: 95, rating: [430, 26] }),
          demo('جهاز فحص رقمي', 'Digital water tester', 390, 7, 2, { discount: ['number', 50], rating: [470, 6] }),
          demo('ميزان حرارة عائم', 'Floating thermometer', 35, 4, 6, { sold: 44 }),
          demo('موزع كلور عائم', 'Floating chlorine dispenser', 48, 33, 5, { sold: 57 }),
        ],
      },
      {
        ar: 'أغطية المسابح',
        en: 'Pool covers',
        products: [
          demo('غطاء أمان للمسبح', 'Pool safety cover', 2400, 3, 2, {
            sizes: ['4×8 م', '5×10 م', '6×12 م'],
            install: 300,
          }),
          demo('غطاء شتوي مقاوم للغبار', 'Dust-proof winter cover', 650, 9, 6, { discount: ['ratio', 15], sold: 9 }),
        ],
      },
    ],
  },
];

const sar = (v: number) => Math.round(v * 100);
/** Distinct dates, newest last in the list: the store's "newest" order follows it. */
const createdAt = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 7 * 3_600_000);

/** Runs `work` on every item, `limit` at a time, keeping the order of the results. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}

/** The pictures to draw, in a fixed order: brands, categories, then each product's gallery. */
function pictures() {
  const specs: DemoImage[] = BRANDS.map(([, nameEn], i) => ({
    kind: 'brand',
    icon: 'brand',
    hue: (i * 45) % 360,
    variant: i,
    label: nameEn,
  }));
  for (const c of CATEGORIES) specs.push({ kind: 'category', icon: c.icon, hue: c.hue, variant: 0, label: c.en });
  let i = 0;
  for (const c of CATEGORIES)
    for (const s of c.subs)
      for (const d of s.products) {
        const label = BRANDS[d.brand]![1];
        specs.push({ kind: 'product', icon: c.icon, hue: c.hue, variant: i, label });
        if (i % 8 === 0) specs.push({ kind: 'product', icon: c.icon, hue: c.hue + 20, variant: i + 101, label });
        i++;
      }
  return specs;
}

/**
 * Loads the demo store once. The pictures are drawn first, a few at a time (the
 * image work runs on sharp's threads), then every row is written.
 */
export async function seedCatalogue(db: Db, image?: DemoImageMaker) {
  const done = await db.select().from(t.settings).where(eq(t.settings.key, CATALOGUE_SEEDED));
  if (done.length) return false;
  const urls = image ? await pool(pictures(), 4, image) : [];
  let u = 0;
  const take = () => (image ? urls[u++]! : null);

  const brands = [];
  for (const [nameAr, nameEn] of BRANDS) brands.push(await f.makeBrand(db, { nameAr, nameEn, logo: take() }));
  const features = {} as Record<FeatureKey, Awaited<ReturnType<typeof f.makeFeature>>>;
  for (const [key, [nameAr, nameEn, options]] of Object.entries(FEATURES) as [
    FeatureKey,
    (typeof FEATURES)[FeatureKey],
  ][]) {
    features[key] = await f.makeFeature(db, { nameAr, nameEn, options });
  }
  const categories = [];
  for (const [ci, c] of CATEGORIES.entries())
    categories.push(await f.makeCategory(db, { nameAr: c.ar, nameEn: c.en, sort: ci, image: take() }));

  let n = 0;
  for (const [ci, c] of CATEGORIES.entries()) {
    const category = categories[ci]!;
    for (const [si, s] of c.subs.entries()) {
      const sub = await f.makeCategory(db, { nameAr: s.ar, nameEn: s.en, parentId: category.id, sort: si });
      for (const d of s.products) {
        const i = n++;
        const brand = brands[d.brand]!;
        const feature = d.groups ? features[d.groups[0]] : undefined;
        const variants: f.VariantSpec[] = d.groups
          ? d.groups[1].map(([price, stock], k) => ({
              price: sar(price),
              stock,
              sku: `DEMO-${String(i + 1).padStart(3, '0')}-${k + 1}`,
              optionIds: [feature!.options[k]!.id],
            }))
          : [{ price: sar(d.price), stock: d.stock, sku: `DEMO-${String(i + 1).padStart(3, '0')}` }];
        // A multi-attribute product shows its second group (a middle size or power) first.
        if (variants.length > 2) variants.unshift(variants.splice(1, 1)[0]!);
        const images = [take(), i % 8 === 0 ? take() : null].filter((x): x is string => !!x);
        const [discountType = 'none', discount = 0] = d.discount ?? [];
        await f.makeProduct(db, {
          nameAr: d.ar,
          nameEn: d.en,
          descriptionAr: `${d.ar} من ${brand.nameAr}. ${c.about[0]}`,
          descriptionEn: `${d.en} by ${brand.nameEn}. ${c.about[1]}`,
          categoryId: category.id,
          subCategoryId: sub.id,
          brandId: brand.id,
          discountType,
          discountValue: discountType === 'number' ? sar(discount) : discount,
          // Every third discount ends in two weeks; the others have no end.
          discountExpiresAt: d.discount && i % 3 === 0 ? new Date(Date.now() + 14 * 86_400_000) : null,
          sizes: d.sizes ?? [],
          installationPrice: d.install ? sar(d.install) : null,
          soldCount: d.sold ?? 0,
          ratingAvg: d.rating?.[0] ?? 0,
          ratingCount: d.rating?.[1] ?? 0,
          createdAt: createdAt(i),
          variants,
          images,
          searchNames: [brand.nameAr, brand.nameEn, c.ar, c.en, s.ar, s.en],
        });
      }
    }
  }
  await f.makeSetting(db, CATALOGUE_SEEDED, new Date().toISOString());
  return true;
}

/** How many demo products there are (for tests). */
export const DEMO_PRODUCT_COUNT = CATEGORIES.flatMap((c) => c.subs.flatMap((s) => s.products)).length;
