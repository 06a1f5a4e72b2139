import { describe, expect, it } from 'vitest';
import {
  colourBody,
  constructionPricesBody,
  designTypeBody,
  type AdminColour,
  type AdminDesignType,
} from '@pool/contracts/construction-admin';
import {
  colourFields,
  colourToggled,
  colourValues,
  designTypeFields,
  designTypeToggled,
  designTypeValues,
  multipartOf,
  normaliseHex,
  pricesBody,
  pricesValues,
  swatchOf,
} from './values.ts';

const kidney: AdminDesignType = {
  id: 4,
  shape: 'kidney',
  name_ar: 'كلوي',
  name_en: 'Kidney',
  image: '/uploads/construction/kidney.png',
  price_factor: 125,
  is_active: true,
  sort: 3,
};
const sand: AdminColour = {
  id: 2,
  name_ar: 'رملي',
  name_en: 'Sand',
  hex: '#d8c7a0',
  image: null,
  extra_m2: 1250,
  is_active: false,
  sort: 0,
};

describe('colour codes', () => {
  it('are read as typed: trimmed, lower case, the # added', () => {
    expect(normaliseHex(' 1E90FF ')).toBe('#1e90ff');
    expect(normaliseHex('#ABCDEF')).toBe('#abcdef');
    expect(normaliseHex('')).toBe('');
  });

  it('show a grey swatch until the code is a colour', () => {
    expect(swatchOf('1e90ff')).toBe('#1e90ff');
    expect(swatchOf('#1e90f')).toBe('#ced4da');
    expect(swatchOf('blue')).toBe('#ced4da');
  });
});

describe('design type form', () => {
  it('starts a new type as shown, factor 100, sort 0, no shape', () => {
    expect(designTypeValues(null)).toEqual({
      shape: '',
      name_ar: '',
      name_en: '',
      price_factor: 100,
      sort: 0,
      is_active: true,
    });
  });

  it('sends what the API accepts, blanks as their defaults', () => {
    const fields = designTypeFields({ ...designTypeValues(kidney), name_ar: ' كلوي كبير ', sort: '' });
    expect(fields).toEqual({
      shape: 'kidney',
      name_ar: 'كلوي كبير',
      name_en: 'Kidney',
      price_factor: '125',
      sort: '0',
      is_active: 'true',
    });
    expect(designTypeBody.parse(fields)).toMatchObject({
      shape: 'kidney',
      price_factor: 125,
      sort: 0,
      is_active: true,
    });
  });

  it('switches "shown" alone, everything else saved as it is', () => {
    expect(designTypeBody.parse(designTypeToggled(kidney, false))).toEqual({
      shape: 'kidney',
      name_ar: 'كلوي',
      name_en: 'Kidney',
      price_factor: 125,
      is_active: false,
      sort: 3,
    });
  });
});

describe('colour form', () => {
  it('shows the extra in riyals and sends it as typed on an Arabic keyboard', () => {
    const values = colourValues(sand);
    expect(values.extra_sar).toBe('12.50');
    const fields = colourFields({ ...values, hex: 'D8C7A0', extra_sar: '١٥٫٧٥' });
    expect(fields).toMatchObject({ hex: '#d8c7a0', extra_sar: '15.75', is_active: 'false' });
    expect(colourBody.parse(fields)).toMatchObject({ hex: '#d8c7a0', extra_sar: 1575 });
  });

  it('sends no extra as 0', () => {
    expect(colourFields({ ...colourValues(null), name_ar: 'أزرق', name_en: 'Blue', hex: '#1e90ff' }).extra_sar).toBe(
      '0',
    );
  });

  it('switches "shown" alone', () => {
    expect(colourBody.parse(colourToggled(sand, true))).toEqual({
      name_ar: 'رملي',
      name_en: 'Sand',
      hex: '#d8c7a0',
      extra_sar: 1250,
      is_active: true,
      sort: 0,
    });
  });

  it('goes as multipart with the picture only when one is chosen', () => {
    const without = multipartOf({ name_ar: 'أزرق' }, null);
    expect([...without.keys()]).toEqual(['name_ar']);
    const file = new File([new Uint8Array([1])], 'finish.png', { type: 'image/png' });
    expect(multipartOf({ name_ar: 'أزرق' }, file).get('image')).toBeInstanceOf(File);
  });
});

describe('prices form', () => {
  const prices = {
    surface_m2: 45_000,
    volume_m3: 12_000,
    options: { steps: 350_000, lighting: 220_000, heating: 900_000, cover: 640_050 },
    low_percent: 10,
    high_percent: 20,
    vat_rate: 15,
  };

  it('shows halalas as riyals and sends back what the API reads as the same prices', () => {
    const values = pricesValues(prices);
    expect(values.options.cover).toBe('6400.50');
    const body = constructionPricesBody.parse(pricesBody(values));
    expect(body).toEqual({
      surface_m2_sar: 45_000,
      volume_m3_sar: 12_000,
      options: { steps: 350_000, lighting: 220_000, heating: 900_000, cover: 640_050 },
      low_percent: 10,
      high_percent: 20,
    });
  });
});
