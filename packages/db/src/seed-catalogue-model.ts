/**
 * The shape of the demo store (seed-catalogue.ts): its brands and features
 * with their options, and how a category and a product are written down.
 */

/** What a demo picture shows: each kind of product its own drawing (a ladder shows a ladder), and brands'. */
export const DEMO_ICONS = [
  'pump',
  'submersible',
  'fountain',
  'filter',
  'cartridge',
  'bag',
  'heat-pump',
  'heater',
  'solar-panel',
  'cover',
  'tub',
  'jerrycan',
  'bottle',
  'robot',
  'brush',
  'net',
  'pole',
  'vacuum',
  'hose',
  'spotlight',
  'transformer',
  'rope-light',
  'light-ball',
  'ladder',
  'handrail',
  'shower',
  'test-strips',
  'tester',
  'thermometer',
  'dispenser',
  'brand',
] as const;
export type DemoIcon = (typeof DEMO_ICONS)[number];

export const BRANDS: [string, string][] = [
  ['هايوارد', 'Hayward'],
  ['بنتير', 'Pentair'],
  ['زودياك', 'Zodiac'],
  ['أسترال بول', 'AstralPool'],
  ['إيماكس', 'Emaux'],
  ['إنتكس', 'Intex'],
  ['بيست واي', 'Bestway'],
  ['دولفين', 'Dolphin'],
];

export type Demo = {
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
  /** What its picture shows, when not its sub-category's. */
  picture?: DemoIcon;
};
export type FeatureKey = 'power' | 'weight' | 'colour' | 'size';

export const FEATURES: Record<FeatureKey, [string, string, [string, string][]]> = {
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

export type Category = {
  ar: string;
  en: string;
  /** The category's own picture. */
  icon: DemoIcon;
  hue: number;
  /** What every product of the category is, for its description. */
  about: [string, string];
  /** `picture`: what its products' pictures show, unless a product says otherwise. */
  subs: { ar: string; en: string; picture: DemoIcon; products: Demo[] }[];
};

/** A demo product: its names, price (SAR), stock and brand (an index of BRANDS), then what it has besides. */
export const demo = (
  ar: string,
  en: string,
  price: number,
  stock: number,
  brand: number,
  more: Omit<Demo, 'ar' | 'en' | 'price' | 'stock' | 'brand'> = {},
): Demo => ({ ar, en, price, stock, brand, ...more });
