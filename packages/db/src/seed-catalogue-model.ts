/**
 * The shape of the demo store (seed-catalogue.ts): its brands and features
 * with their options, and how a category and a product are written down.
 */

export type DemoIcon = 'pump' | 'filter' | 'heater' | 'chemical' | 'cleaning' | 'lighting' | 'accessory' | 'brand';

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
  icon: DemoIcon;
  hue: number;
  /** What every product of the category is, for its description. */
  about: [string, string];
  subs: { ar: string; en: string; products: Demo[] }[];
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
