/**
 * The construction catalogue's forms and their way to the API (pure, unit tested): design types
 * and colours as typed (riyals, percent, a colour code as typed or picked) to the multipart fields
 * the resource routes take, a row's body for the list's "shown" switch, and the prices form.
 */
import {
  HEX_COLOUR,
  type AdminColour,
  type AdminDesignType,
  type ConstructionPrices,
} from '@pool/contracts/construction-admin';
import { CONSTRUCTION_OPTIONS, type ConstructionOption, type ConstructionShape } from '@pool/contracts/construction';
import { typedSar } from '../../../lib/typed-money.ts';

/** Halalas as the riyals a form shows (`1250` → `12.50`). */
export const sarText = (halalas: number) => (halalas / 100).toFixed(2);

/** A colour code as typed: trimmed, lower case, `#` added when missing (`1E90FF` → `#1e90ff`). */
export function normaliseHex(typed: string): string {
  const v = typed.trim().toLowerCase();
  return v && !v.startsWith('#') ? `#${v}` : v;
}

/** The colour a swatch can show for a typed code (a grey while it is not a colour yet). */
export const swatchOf = (typed: string) => {
  const hex = normaliseHex(typed);
  return HEX_COLOUR.test(hex) ? hex : '#ced4da';
};

export type DesignTypeValues = {
  shape: ConstructionShape | '';
  name_ar: string;
  name_en: string;
  price_factor: number | string;
  sort: number | string;
  is_active: boolean;
};

export const designTypeValues = (item: AdminDesignType | null): DesignTypeValues => ({
  shape: item?.shape ?? '',
  name_ar: item?.name_ar ?? '',
  name_en: item?.name_en ?? '',
  price_factor: item?.price_factor ?? 100,
  sort: item?.sort ?? 0,
  is_active: item?.is_active ?? true,
});

export type ColourValues = {
  name_ar: string;
  name_en: string;
  hex: string;
  extra_sar: string;
  sort: number | string;
  is_active: boolean;
};

export const colourValues = (item: AdminColour | null): ColourValues => ({
  name_ar: item?.name_ar ?? '',
  name_en: item?.name_en ?? '',
  hex: item?.hex ?? '',
  extra_sar: item ? sarText(item.extra_m2) : '0',
  sort: item?.sort ?? 0,
  is_active: item?.is_active ?? true,
});

/** Form text of a number field: a blank one is sent as its default. */
const numberText = (v: number | string, blank: string) => (String(v).trim() === '' ? blank : String(v));

/** The fields of a design type as the API takes them (strings, as a form sends them). */
export const designTypeFields = (v: DesignTypeValues) => ({
  shape: v.shape,
  name_ar: v.name_ar.trim(),
  name_en: v.name_en.trim(),
  price_factor: numberText(v.price_factor, '100'),
  sort: numberText(v.sort, '0'),
  is_active: String(v.is_active),
});

export const colourFields = (v: ColourValues) => ({
  name_ar: v.name_ar.trim(),
  name_en: v.name_en.trim(),
  hex: normaliseHex(v.hex),
  extra_sar: typedSar(v.extra_sar) || '0',
  sort: numberText(v.sort, '0'),
  is_active: String(v.is_active),
});

/** Fields and the chosen picture (if any) as the multipart body of the resource routes. */
export function multipartOf(fields: Record<string, string>, image: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', image);
  return form;
}

/** A row saved again with "shown to customers" switched: everything else as it is. */
export const designTypeToggled = (item: AdminDesignType, active: boolean) =>
  designTypeFields({ ...designTypeValues(item), is_active: active });
export const colourToggled = (item: AdminColour, active: boolean) =>
  colourFields({ ...colourValues(item), is_active: active });

export type PricesValues = {
  surface_m2_sar: string;
  volume_m3_sar: string;
  options: Record<ConstructionOption, string>;
  low_percent: number | string;
  high_percent: number | string;
};

export const pricesValues = (p: ConstructionPrices): PricesValues => ({
  surface_m2_sar: sarText(p.surface_m2),
  volume_m3_sar: sarText(p.volume_m3),
  options: Object.fromEntries(CONSTRUCTION_OPTIONS.map((k) => [k, sarText(p.options[k])])) as Record<
    ConstructionOption,
    string
  >,
  low_percent: p.low_percent,
  high_percent: p.high_percent,
});

/** The prices form as `PUT /api/admin/construction/prices` takes it (riyals as typed on any keyboard). */
export const pricesBody = (v: PricesValues) => ({
  surface_m2_sar: typedSar(v.surface_m2_sar),
  volume_m3_sar: typedSar(v.volume_m3_sar),
  options: Object.fromEntries(CONSTRUCTION_OPTIONS.map((k) => [k, typedSar(v.options[k])])),
  low_percent: String(v.low_percent),
  high_percent: String(v.high_percent),
});
