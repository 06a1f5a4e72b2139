import type { TFunction } from 'i18next';

type AddressLike = {
  city?: string;
  district?: string;
  street?: string;
  building_number?: string;
  postal_code?: string;
  additional_number?: string | null;
};

/** One line of a national address: city, district, street, building number, postal code (and additional number). */
export function addressText(t: TFunction, a: AddressLike) {
  return (
    t('cart.ui_address_line', {
      city: a.city ?? '',
      district: a.district ?? '',
      street: a.street ?? '',
      building: a.building_number ?? '',
      postal: a.postal_code ?? '',
    }) + (a.additional_number ? t('cart.ui_address_additional', { number: a.additional_number }) : '')
  );
}
