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
          {
            ar: 'مضخة مسبح ماكس فلو',
            en: 'MaxFlo pool pump',
            price: 1450,
            stock: 12,
            brand: 0,
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
          },
          {
            ar: 'مضخة سوبر بامب 1 حصان',
            en: 'Super Pump 1 HP',
            price: 1380,
            stock: 9,
            brand: 0,
            install: 250,
            sold: 33,
            rating: [430, 11],
          },
          {
            ar: 'مضخة وايبر فلو',
            en: 'WhisperFlo pump',
            price: 2650,
            stock: 5,
            brand: 1,
            install: 300,
            discount: ['ratio', 10],
            sold: 12,
          },
          {
            ar: 'مضخة سايلنس بلس',
            en: 'Silence Plus pump',
            price: 1190,
            stock: 14,
            brand: 4,
            install: 200,
            sold: 27,
            rating: [410, 9],
          },
          { ar: 'مضخة فيكتوريا بلس', en: 'Victoria Plus pump', price: 1590, stock: 0, brand: 3, install: 250, sold: 8 },
        ],
      },
      {
        ar: 'مضخات متغيرة السرعة',
        en: 'Variable-speed pumps',
        products: [
          {
            ar: 'مضخة متغيرة السرعة إنتلي فلو',
            en: 'IntelliFlo variable-speed pump',
            price: 5200,
            stock: 4,
            brand: 1,
            install: 400,
            discount: ['number', 500],
            sold: 6,
            rating: [490, 5],
          },
          {
            ar: 'مضخة إيكو ستار الموفرة',
            en: 'EcoStar energy-saving pump',
            price: 4800,
            stock: 3,
            brand: 0,
            install: 400,
            sold: 4,
          },
          { ar: 'مضخة فلوبرو الذكية', en: 'FloPro smart pump', price: 3950, stock: 2, brand: 2, install: 350 },
        ],
      },
      {
        ar: 'مضخات النوافير',
        en: 'Fountain pumps',
        products: [
          { ar: 'مضخة نافورة صغيرة', en: 'Small fountain pump', price: 320, stock: 25, brand: 4, sold: 19 },
          {
            ar: 'مضخة شلال مائي',
            en: 'Waterfall pump',
            price: 890,
            stock: 7,
            brand: 3,
            install: 150,
            discount: ['ratio', 15],
          },
          { ar: 'مضخة غاطسة لتصريف المياه', en: 'Submersible drain pump', price: 560, stock: 10, brand: 6, sold: 13 },
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
          {
            ar: 'فلتر رملي برو سيريز',
            en: 'Pro Series sand filter',
            price: 1850,
            stock: 6,
            brand: 0,
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
          },
          { ar: 'فلتر رملي تريتون', en: 'Triton sand filter', price: 2100, stock: 4, brand: 1, install: 300, sold: 9 },
          {
            ar: 'فلتر رملي ميلينيوم',
            en: 'Millennium sand filter',
            price: 1490,
            stock: 8,
            brand: 3,
            install: 250,
            discount: ['number', 200],
          },
          {
            ar: 'فلتر رملي للمسابح الصغيرة',
            en: 'Compact sand filter',
            price: 690,
            stock: 15,
            brand: 5,
            sold: 31,
            rating: [390, 14],
          },
        ],
      },
      {
        ar: 'فلاتر الخرطوشة',
        en: 'Cartridge filters',
        products: [
          { ar: 'فلتر خرطوشة سوان', en: 'SwimClear cartridge filter', price: 2450, stock: 3, brand: 0, install: 250 },
          {
            ar: 'فلتر خرطوشة كلين آند كلير',
            en: 'Clean & Clear cartridge filter',
            price: 2290,
            stock: 5,
            brand: 1,
            install: 250,
            sold: 7,
          },
          {
            ar: 'خرطوشة بديلة للفلتر',
            en: 'Replacement filter cartridge',
            price: 180,
            stock: 40,
            brand: 5,
            sold: 64,
            rating: [420, 21],
          },
        ],
      },
      {
        ar: 'وسائط الترشيح',
        en: 'Filter media',
        products: [
          { ar: 'رمل سيليكا للفلاتر 25 كغ', en: 'Silica filter sand 25 kg', price: 65, stock: 120, brand: 4, sold: 88 },
          {
            ar: 'زجاج ترشيح معاد تدويره',
            en: 'Recycled filter glass',
            price: 140,
            stock: 60,
            brand: 3,
            discount: ['ratio', 20],
          },
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
          {
            ar: 'مضخة حرارية إنفرتر 21 كيلوواط',
            en: 'Inverter heat pump 21 kW',
            price: 9800,
            stock: 2,
            brand: 2,
            install: 600,
            sold: 3,
            rating: [470, 3],
          },
          {
            ar: 'مضخة حرارية هيت برو',
            en: 'HeatPro heat pump',
            price: 8400,
            stock: 3,
            brand: 0,
            install: 600,
            discount: ['number', 700],
          },
          { ar: 'مضخة حرارية أولترا تمب', en: 'UltraTemp heat pump', price: 11500, stock: 1, brand: 1, install: 700 },
        ],
      },
      {
        ar: 'سخانات كهربائية',
        en: 'Electric heaters',
        products: [
          {
            ar: 'سخان كهربائي 6 كيلوواط',
            en: 'Electric heater 6 kW',
            price: 1650,
            stock: 6,
            brand: 4,
            install: 200,
            sold: 12,
          },
          { ar: 'سخان كهربائي 12 كيلوواط', en: 'Electric heater 12 kW', price: 2350, stock: 4, brand: 4, install: 250 },
          {
            ar: 'سخان للمسابح الفوق أرضية',
            en: 'Above-ground pool heater',
            price: 890,
            stock: 10,
            brand: 5,
            sold: 15,
            rating: [360, 6],
          },
        ],
      },
      {
        ar: 'سخانات شمسية',
        en: 'Solar heaters',
        products: [
          {
            ar: 'لوح تسخين شمسي',
            en: 'Solar heating panel',
            price: 760,
            stock: 12,
            brand: 6,
            install: 150,
            discount: ['ratio', 12],
          },
          { ar: 'غطاء شمسي حراري', en: 'Solar thermal cover', price: 540, stock: 9, brand: 6, sold: 10 },
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
          {
            ar: 'أقراص كلور 90٪',
            en: 'Chlorine tablets 90%',
            price: 120,
            stock: 80,
            brand: 3,
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
          },
          {
            ar: 'كلور محبب سريع الذوبان',
            en: 'Fast-dissolving granular chlorine',
            price: 145,
            stock: 50,
            brand: 4,
            sold: 73,
            rating: [440, 19],
          },
          { ar: 'كلور سائل 20 لتر', en: 'Liquid chlorine 20 L', price: 95, stock: 35, brand: 4, sold: 58 },
          { ar: 'كلور صدمة للمعالجة المركزة', en: 'Shock chlorine treatment', price: 85, stock: 0, brand: 5, sold: 40 },
        ],
      },
      {
        ar: 'موازنة الماء',
        en: 'Water balance',
        products: [
          { ar: 'رافع درجة الحموضة pH بلس', en: 'pH Plus', price: 60, stock: 45, brand: 3, sold: 36 },
          { ar: 'خافض درجة الحموضة pH ماينس', en: 'pH Minus', price: 60, stock: 4, brand: 3, sold: 41 },
          { ar: 'رافع القلوية', en: 'Alkalinity increaser', price: 75, stock: 30, brand: 4, discount: ['number', 10] },
          { ar: 'مثبت الكلور', en: 'Chlorine stabiliser', price: 110, stock: 22, brand: 0 },
        ],
      },
      {
        ar: 'مضادات الطحالب',
        en: 'Algaecides',
        products: [
          {
            ar: 'مضاد الطحالب المركز',
            en: 'Concentrated algaecide',
            price: 90,
            stock: 28,
            brand: 3,
            sold: 25,
            rating: [410, 7],
          },
          { ar: 'منظف الماء الصافي', en: 'Water clarifier', price: 70, stock: 3, brand: 4, discount: ['ratio', 25] },
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
          {
            ar: 'روبوت تنظيف دولفين إي 30',
            en: 'Dolphin E30 robotic cleaner',
            price: 4200,
            stock: 5,
            brand: 7,
            discount: ['ratio', 8],
            sold: 14,
            rating: [480, 12],
          },
          {
            ar: 'روبوت تنظيف دولفين إس 300',
            en: 'Dolphin S300 robotic cleaner',
            price: 6900,
            stock: 2,
            brand: 7,
            sold: 5,
            rating: [500, 4],
          },
          { ar: 'روبوت تنظيف فوكس', en: 'Vortex robotic cleaner', price: 5600, stock: 3, brand: 2, sold: 6 },
          { ar: 'منظف أرضية آلي', en: 'Automatic floor cleaner', price: 1850, stock: 6, brand: 0 },
        ],
      },
      {
        ar: 'أدوات التنظيف اليدوي',
        en: 'Manual cleaning',
        products: [
          { ar: 'فرشاة جدران المسبح', en: 'Pool wall brush', price: 65, stock: 45, brand: 5, sold: 52 },
          {
            ar: 'شبكة التقاط أوراق',
            en: 'Leaf skimmer net',
            price: 55,
            stock: 60,
            brand: 6,
            sold: 67,
            rating: [420, 15],
          },
          { ar: 'عصا تلسكوبية 5 أمتار', en: 'Telescopic pole 5 m', price: 120, stock: 20, brand: 5 },
          {
            ar: 'مكنسة يدوية للمسبح',
            en: 'Handheld pool vacuum',
            price: 330,
            stock: 9,
            brand: 6,
            discount: ['ratio', 10],
            sold: 16,
          },
          {
            ar: 'خرطوم شفط عائم',
            en: 'Floating vacuum hose',
            price: 210,
            stock: 14,
            brand: 4,
            sizes: ['9 م', '12 م', '15 م'],
            discount: ['number', 30],
          },
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
          {
            ar: 'كشاف LED للمسابح',
            en: 'Pool LED spotlight',
            price: 450,
            stock: 30,
            brand: 1,
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
          },
          {
            ar: 'إضاءة LED مسطحة رفيعة',
            en: 'Slim flat LED light',
            price: 380,
            stock: 16,
            brand: 3,
            install: 120,
            sold: 17,
          },
          { ar: 'محول إضاءة 12 فولت', en: '12 V lighting transformer', price: 260, stock: 11, brand: 0 },
          {
            ar: 'حبل إضاءة LED للحواف',
            en: 'LED edge rope light',
            price: 310,
            stock: 13,
            brand: 6,
            install: 100,
            sold: 8,
          },
          {
            ar: 'إضاءة نافورة ملونة',
            en: 'Colour fountain light',
            price: 240,
            stock: 6,
            brand: 4,
            discount: ['number', 40],
          },
        ],
      },
      {
        ar: 'إضاءة عائمة',
        en: 'Floating lights',
        products: [
          {
            ar: 'كرة مضيئة عائمة',
            en: 'Floating light ball',
            price: 140,
            stock: 24,
            brand: 6,
            discount: ['ratio', 20],
            sold: 29,
          },
          { ar: 'إضاءة شمسية عائمة', en: 'Solar floating light', price: 95, stock: 2, brand: 5, sold: 21 },
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
          {
            ar: 'سلم ستانلس ستيل',
            en: 'Stainless steel ladder',
            price: 980,
            stock: 8,
            brand: 3,
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
          },
          { ar: 'درابزين دخول المسبح', en: 'Pool entry handrail', price: 720, stock: 5, brand: 3, install: 150 },
          {
            ar: 'دش خارجي للمسبح',
            en: 'Outdoor pool shower',
            price: 830,
            stock: 4,
            brand: 3,
            install: 180,
            rating: [400, 3],
          },
        ],
      },
      {
        ar: 'أدوات الفحص',
        en: 'Test kits',
        products: [
          {
            ar: 'شرائط فحص الماء',
            en: 'Water test strips',
            price: 45,
            stock: 90,
            brand: 5,
            sold: 95,
            rating: [430, 26],
          },
          {
            ar: 'جهاز فحص رقمي',
            en: 'Digital water tester',
            price: 390,
            stock: 7,
            brand: 2,
            discount: ['number', 50],
            rating: [470, 6],
          },
          { ar: 'ميزان حرارة عائم', en: 'Floating thermometer', price: 35, stock: 4, brand: 6, sold: 44 },
          { ar: 'موزع كلور عائم', en: 'Floating chlorine dispenser', price: 48, stock: 33, brand: 5, sold: 57 },
        ],
      },
      {
        ar: 'أغطية المسابح',
        en: 'Pool covers',
        products: [
          {
            ar: 'غطاء أمان للمسبح',
            en: 'Pool safety cover',
            price: 2400,
            stock: 3,
            brand: 2,
            sizes: ['4×8 م', '5×10 م', '6×12 م'],
            install: 300,
          },
          {
            ar: 'غطاء شتوي مقاوم للغبار',
            en: 'Dust-proof winter cover',
            price: 650,
            stock: 9,
            brand: 6,
            discount: ['ratio', 15],
            sold: 9,
          },
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
