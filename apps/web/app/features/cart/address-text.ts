import type { TFunction } from 'i18next';

type AddressLike = {
  city?: string;
  district?: string;
  street?: string;
  building_number?: string;
  postal_code?: string;
  additional_number?: string | null;
};

/** «حي الملقا», "Al Malqa District": the word the address line adds itself, as a customer may have typed it. */
const DISTRICT_WORD = [/^\s*(حي|district)\s+/i, /\s+(district|حي)\s*$/i];

/** A district without its word «حي» / "district", so the line never says it twice («حي حي الملقا»). */
export const bareDistrict = (district: string) => DISTRICT_WORD.reduce((d, re) => d.replace(re, ''), district).trim();

/**
 * One line of a national address: city, district, street, building number, postal code (and additional
 * number). The one place the site writes an address (checkout, orders, invoices, the dashboard).
 */
export function addressText(t: TFunction, a: AddressLike) {
  return (
    t('cart.ui_address_line', {
      city: a.city ?? '',
      district: bareDistrict(a.district ?? ''),
      street: a.street ?? '',
      building: a.building_number ?? '',
      postal: a.postal_code ?? '',
    }) + (a.additional_number ? t('cart.ui_address_additional', { number: a.additional_number }) : '')
  );
}
