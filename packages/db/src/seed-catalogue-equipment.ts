/** The demo store's equipment categories: pumps, filters and heaters, with their sub-categories and products. */
import { demo, type Category } from './seed-catalogue-model.ts';

export const EQUIPMENT: Category[] = [
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
        picture: 'pump',
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
        picture: 'pump',
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
        picture: 'fountain',
        products: [
          demo('مضخة نافورة صغيرة', 'Small fountain pump', 320, 25, 4, { sold: 19 }),
          demo('مضخة شلال مائي', 'Waterfall pump', 890, 7, 3, { install: 150, discount: ['ratio', 15] }),
          demo('مضخة غاطسة لتصريف المياه', 'Submersible drain pump', 560, 10, 6, { picture: 'submersible', sold: 13 }),
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
        picture: 'filter',
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
        picture: 'filter',
        products: [
          demo('فلتر خرطوشة سوان', 'SwimClear cartridge filter', 2450, 3, 0, { install: 250 }),
          demo('فلتر خرطوشة كلين آند كلير', 'Clean & Clear cartridge filter', 2290, 5, 1, { install: 250, sold: 7 }),
          demo('خرطوشة بديلة للفلتر', 'Replacement filter cartridge', 180, 40, 5, {
            picture: 'cartridge',
            sold: 64,
            rating: [420, 21],
          }),
        ],
      },
      {
        ar: 'وسائط الترشيح',
        en: 'Filter media',
        picture: 'bag',
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
    icon: 'heat-pump',
    hue: 8,
    about: [
      'تدفئة ثابتة لماء المسبح في ليالي الشتاء، بتحكم رقمي في درجة الحرارة وحماية من الأعطال.',
      'Steady pool water heating for winter nights, with digital temperature control and fault protection.',
    ],
    subs: [
      {
        ar: 'مضخات حرارية',
        en: 'Heat pumps',
        picture: 'heat-pump',
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
        picture: 'heater',
        products: [
          demo('سخان كهربائي 6 كيلوواط', 'Electric heater 6 kW', 1650, 6, 4, { install: 200, sold: 12 }),
          demo('سخان كهربائي 12 كيلوواط', 'Electric heater 12 kW', 2350, 4, 4, { install: 250 }),
          demo('سخان للمسابح الفوق أرضية', 'Above-ground pool heater', 890, 10, 5, { sold: 15, rating: [360, 6] }),
        ],
      },
      {
        ar: 'سخانات شمسية',
        en: 'Solar heaters',
        picture: 'solar-panel',
        products: [
          demo('لوح تسخين شمسي', 'Solar heating panel', 760, 12, 6, { install: 150, discount: ['ratio', 12] }),
          demo('غطاء شمسي حراري', 'Solar thermal cover', 540, 9, 6, { picture: 'cover', sold: 10 }),
        ],
      },
    ],
  },
];
