/**
 * The ar and en catalogues, one file per area, shared by the site and the API.
 * Keys are identical in both languages (checked by a test); Arabic carries all
 * six plural forms (zero, one, two, few, many, other) where a key is plural.
 */
import { createInstance, type TOptions } from 'i18next';
import arAdmin from './ar/admin.ts';
import arAudit from './ar/audit.ts';
import arCart from './ar/cart.ts';
import arCoupons from './ar/coupons.ts';
import arOrders from './ar/orders.ts';
import arCatalogue from './ar/catalogue.ts';
import arPush from './ar/push.ts';
import arRealtime from './ar/realtime.ts';
import arCms from './ar/cms.ts';
import arPeople from './ar/people.ts';
import arAuth from './ar/auth.ts';
import arCommon from './ar/common.ts';
import arContact from './ar/contact.ts';
import arErrors from './ar/errors.ts';
import arEvents from './ar/events.ts';
import arFooter from './ar/footer.ts';
import arNav from './ar/nav.ts';
import arNotifications from './ar/notifications.ts';
import arPages from './ar/pages.ts';
import arProfile from './ar/profile.ts';
import arServer from './ar/server.ts';
import arSettings from './ar/settings.ts';
import arValidation from './ar/validation.ts';
import arPayments from './ar/payments.ts';
import arWallet from './ar/wallet.ts';
import arStore from './ar/store.ts';
import arStaff from './ar/staff.ts';
import enAdmin from './en/admin.ts';
import enAudit from './en/audit.ts';
import enCart from './en/cart.ts';
import enCoupons from './en/coupons.ts';
import enOrders from './en/orders.ts';
import enCatalogue from './en/catalogue.ts';
import enPush from './en/push.ts';
import enRealtime from './en/realtime.ts';
import enCms from './en/cms.ts';
import enPeople from './en/people.ts';
import enAuth from './en/auth.ts';
import enCommon from './en/common.ts';
import enContact from './en/contact.ts';
import enErrors from './en/errors.ts';
import enEvents from './en/events.ts';
import enFooter from './en/footer.ts';
import enNav from './en/nav.ts';
import enNotifications from './en/notifications.ts';
import enPages from './en/pages.ts';
import enProfile from './en/profile.ts';
import enServer from './en/server.ts';
import enSettings from './en/settings.ts';
import enValidation from './en/validation.ts';
import enPayments from './en/payments.ts';
import enWallet from './en/wallet.ts';
import enStore from './en/store.ts';
import enStaff from './en/staff.ts';

export type Lang = 'ar' | 'en';

export const catalogues = {
  ar: {
    admin: arAdmin,
    audit: arAudit,
    cart: arCart,
    coupons: arCoupons,
    orders: arOrders,
    catalogue: arCatalogue,
    push: arPush,
    realtime: arRealtime,
    cms: arCms,
    people: arPeople,
    auth: arAuth,
    common: arCommon,
    contact: arContact,
    errors: arErrors,
    events: arEvents,
    footer: arFooter,
    nav: arNav,
    notifications: arNotifications,
    pages: arPages,
    profile: arProfile,
    server: arServer,
    settings: arSettings,
    validation: arValidation,
    payments: arPayments,
    wallet: arWallet,
    store: arStore,
    staff: arStaff,
  },
  en: {
    admin: enAdmin,
    audit: enAudit,
    cart: enCart,
    coupons: enCoupons,
    orders: enOrders,
    catalogue: enCatalogue,
    push: enPush,
    realtime: enRealtime,
    cms: enCms,
    people: enPeople,
    auth: enAuth,
    common: enCommon,
    contact: enContact,
    errors: enErrors,
    events: enEvents,
    footer: enFooter,
    nav: enNav,
    notifications: enNotifications,
    pages: enPages,
    profile: enProfile,
    server: enServer,
    settings: enSettings,
    validation: enValidation,
    payments: enPayments,
    wallet: enWallet,
    store: enStore,
    staff: enStaff,
  },
};

export type Catalogue = (typeof catalogues)['ar'];

/** i18next resources: one `translation` namespace per language. */
export const resources = {
  ar: { translation: catalogues.ar },
  en: { translation: catalogues.en },
};

const instance = createInstance();
void instance.init({
  resources,
  lng: 'ar',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translate `key` (e.g. `server.code_sent`) for the server side; returns the key itself when missing. */
export function translate(lang: Lang, key: string, params?: TOptions): string {
  return instance.getFixedT(lang)(key, params ?? {}) as string;
}

export const hasKey = (lang: Lang, key: string) => instance.exists(key, { lng: lang });
