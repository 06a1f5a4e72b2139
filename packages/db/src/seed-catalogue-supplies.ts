/** The demo store's supplies categories: chemicals, cleaning, lighting and accessories, with their sub-categories and products. */
import { demo, type Category } from './seed-catalogue-model.ts';

export const SUPPLIES: Category[] = [
  {
    ar: 'الكيماويات',
    en: 'Chemicals',
    icon: 'tub',
    hue: 150,
    about: [
      'معالجة آمنة وفعالة لماء المسبح، بتركيز ثابت وتعليمات استخدام واضحة على العبوة.',
      'Safe, effective pool water treatment with a steady concentration and clear instructions on the pack.',
    ],
    subs: [
      {
        ar: 'الكلور',
        en: 'Chlorine',
        picture: 'tub',
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
          demo('كلور سائل 20 لتر', 'Liquid chlorine 20 L', 95, 35, 4, { picture: 'jerrycan', sold: 58 }),
          demo('كلور صدمة للمعالجة المركزة', 'Shock chlorine treatment', 85, 0, 5, { sold: 40 }),
        ],
      },
      {
        ar: 'موازنة الماء',
        en: 'Water balance',
        picture: 'bottle',
        products: [
          demo('رافع درجة الحموضة pH بلس', 'pH Plus', 60, 45, 3, { sold: 36 }),
          demo('خافض درجة الحموضة pH ماينس', 'pH Minus', 60, 4, 3, { sold: 41 }),
          demo('رافع القلوية', 'Alkalinity increaser', 75, 30, 4, { picture: 'tub', discount: ['number', 10] }),
          demo('مثبت الكلور', 'Chlorine stabiliser', 110, 22, 0, { picture: 'tub' }),
        ],
      },
      {
        ar: 'مضادات الطحالب',
        en: 'Algaecides',
        picture: 'bottle',
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
    icon: 'robot',
    hue: 265,
    about: [
      'تنظيف شامل للأرضية والجدران وخط الماء يوفر وقتك ويحافظ على مظهر المسبح.',
      'Thorough cleaning of the floor, walls and waterline that saves your time and keeps the pool looking new.',
    ],
    subs: [
      {
        ar: 'روبوتات التنظيف',
        en: 'Robotic cleaners',
        picture: 'robot',
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
        picture: 'brush',
        products: [
          demo('فرشاة جدران المسبح', 'Pool wall brush', 65, 45, 5, { sold: 52 }),
          demo('شبكة التقاط أوراق', 'Leaf skimmer net', 55, 60, 6, { picture: 'net', sold: 67, rating: [420, 15] }),
          demo('عصا تلسكوبية 5 أمتار', 'Telescopic pole 5 m', 120, 20, 5, { picture: 'pole' }),
          demo('مكنسة يدوية للمسبح', 'Handheld pool vacuum', 330, 9, 6, {
            picture: 'vacuum',
            discount: ['ratio', 10],
            sold: 16,
          }),
          demo('خرطوم شفط عائم', 'Floating vacuum hose', 210, 14, 4, {
            picture: 'hose',
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
    icon: 'spotlight',
    hue: 48,
    about: [
      'إضاءة مقاومة للماء تمنح مسبحك أجواء ليلية جميلة باستهلاك منخفض للكهرباء.',
      'Waterproof lighting that gives your pool a beautiful night look with low power use.',
    ],
    subs: [
      {
        ar: 'إضاءة LED',
        en: 'LED lights',
        picture: 'spotlight',
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
          demo('محول إضاءة 12 فولت', '12 V lighting transformer', 260, 11, 0, { picture: 'transformer' }),
          demo('حبل إضاءة LED للحواف', 'LED edge rope light', 310, 13, 6, {
            picture: 'rope-light',
            install: 100,
            sold: 8,
          }),
          demo('إضاءة نافورة ملونة', 'Colour fountain light', 240, 6, 4, { discount: ['number', 40] }),
        ],
      },
      {
        ar: 'إضاءة عائمة',
        en: 'Floating lights',
        picture: 'light-ball',
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
    icon: 'ladder',
    hue: 185,
    about: [
      'ملحقات عملية تكمل مسبحك وتجعل استخدامه وصيانته أسهل وأكثر أماناً.',
      'Practical accessories that complete your pool and make using and maintaining it easier and safer.',
    ],
    subs: [
      {
        ar: 'السلالم والدرابزين',
        en: 'Ladders and rails',
        picture: 'ladder',
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
          demo('درابزين دخول المسبح', 'Pool entry handrail', 720, 5, 3, { picture: 'handrail', install: 150 }),
          demo('دش خارجي للمسبح', 'Outdoor pool shower', 830, 4, 3, {
            picture: 'shower',
            install: 180,
            rating: [400, 3],
          }),
        ],
      },
      {
        ar: 'أدوات الفحص',
        en: 'Test kits',
        picture: 'test-strips',
        products: [
          demo('شرائط فحص الماء', 'Water test strips', 45, 90, 5, { sold: 95, rating: [430, 26] }),
          demo('جهاز فحص رقمي', 'Digital water tester', 390, 7, 2, {
            picture: 'tester',
            discount: ['number', 50],
            rating: [470, 6],
          }),
          demo('ميزان حرارة عائم', 'Floating thermometer', 35, 4, 6, { picture: 'thermometer', sold: 44 }),
          demo('موزع كلور عائم', 'Floating chlorine dispenser', 48, 33, 5, { picture: 'dispenser', sold: 57 }),
        ],
      },
      {
        ar: 'أغطية المسابح',
        en: 'Pool covers',
        picture: 'cover',
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
