import { describe, expect, it } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { CUSTOMER_ROUTES } from './route-table.ts';
import { translate } from './lib/i18n.ts';

/**
 * Every customer route's `<title>` in Arabic and in English (the part before
 * "| site name"), or null for an address that only redirects (it has no page).
 */
const TITLES: Record<string, [ar: string, en: string] | null> = {
  'auth-login': ['تسجيل الدخول', 'Log in'],
  'auth-Otp': ['رمز التحقق', 'Verification code'],
  'auth-register': ['إنشاء حساب', 'Create an account'],
  'auth-logout': null,
  home: ['الرئيسية', 'Home'],
  'chat-immediate': ['محادثة الصيانة الفورية', 'Immediate maintenance chat'],
  'chat-construction': ['محادثة إنشاء المسبح', 'Pool construction chat'],
  'chat-scheduled': ['محادثة الصيانة الدورية', 'Scheduled maintenance chat'],
  construction: ['صمّم مسبحك', 'Design your pool'],
  'immediate-maintenance': ['صيانة فورية', 'Immediate maintenance'],
  'scheduled-maintenance': ['الصيانة الدورية', 'Scheduled maintenance'],
  'contact-us': ['تواصل معنا', 'Contact us'],
  'date-picker': ['اختر تاريخ الزيارة', 'Choose the visit date'],
  time: ['اختر وقت الزيارة', 'Choose the visit time'],
  terms: ['الشروط والأحكام', 'Terms and conditions'],
  profile: ['الملف الشخصي', 'Profile'],
  notifications: ['الإشعارات', 'Notifications'],
  'shopping-cart': ['سلة المشتريات', 'Shopping cart'],
  'name-online-store': ['البحث عن المنتجات بالاسم', 'Search products by name'],
  'online-store': ['المتجر الإلكتروني', 'Online store'],
  // The product's name once loaded (store.test.ts); this is the title without one.
  'online-store-details': ['تفاصيل المنتج', 'Product details'],
  'online-store-id': null,
  more: ['المزيد', 'More'],
  about: ['عن الموقع', 'About the site'],
  faq: ['الأسئلة الشائعة', 'Frequently asked questions'],
  favorite: ['المفضلة', 'Favourites'],
  'my-remains': ['باقاتي', 'My packages'],
  wallet: ['المحفظة', 'Wallet'],
  complaints: ['الشكاوى والاستفسارات', 'Complaints and inquiries'],
  complaint: ['تفاصيل الشكوى', 'Complaint details'],
  'order-complaints': ['شكوى على طلب', 'A complaint about an order'],
  orders: ['طلباتي', 'My orders'],
  'orders-immediate': ['طلبات الصيانة الفورية', 'Immediate maintenance orders'],
  'orders-immediate-id': ['تفاصيل طلب الصيانة', 'Maintenance order details'],
  'orders-store': ['طلبات المتجر', 'Store orders'],
  'orders-store-id': ['تفاصيل الطلب', 'Order details'],
  'orders-construction': ['طلبات إنشاء المسابح', 'Pool construction orders'],
  'orders-construction-id': ['تفاصيل طلب إنشاء المسبح', 'Pool construction order details'],
  'orders-scheduled': ['طلبات الصيانة الدورية', 'Scheduled maintenance orders'],
  'orders-scheduled-id': ['اشتراك', 'Subscription'],
  'orders-scheduled-visit': null,
  'orders-evaluation': ['تقييم المنتجات', 'Rate the products'],
  'order-details': null,
  settings: ['الإعدادات', 'Settings'],
  'edit-profile': ['تعديل الملف الشخصي', 'Edit profile'],
  'change-mobile': ['تغيير رقم الجوال', 'Change mobile number'],
  'change-mobile-phone': ['رقم الجوال الجديد', 'New mobile number'],
  'change-mobile-confirm': ['تأكيد رقم الجوال الجديد', 'Confirm the new mobile number'],
};

type RouteModule = { meta?: (args: unknown) => MetaDescriptor[] };
const modules = import.meta.glob<RouteModule>('./routes/**/*.tsx');

async function titleOf(file: string, path: string, lang: 'ar' | 'en') {
  const mod = await modules[`./${file}`]!();
  const pathname = `${lang === 'en' ? '/en' : ''}/${path}`.replace(/\/$/, '') || '/';
  const tags = mod.meta?.({ matches: [{ id: 'root', meta: [] }], location: { pathname }, params: {} });
  const title = tags?.find((d): d is { title: string } => 'title' in d)?.title;
  return title ?? null;
}

describe('page titles', () => {
  it('lists every customer route', () => {
    expect(Object.keys(TITLES).sort()).toEqual(CUSTOMER_ROUTES.map((r) => r.id).sort());
  });

  for (const lang of ['ar', 'en'] as const) {
    it(`gives each page its own title in ${lang}`, async () => {
      const site = translate(lang, 'common.app_name');
      const seen = new Map<string, string>();
      for (const route of CUSTOMER_ROUTES) {
        const expected = TITLES[route.id];
        const title = await titleOf(route.file, route.path, lang);
        if (!expected) {
          expect(title, route.id).toBeNull();
          continue;
        }
        expect(title, route.id).toBe(`${expected[lang === 'ar' ? 0 : 1]} | ${site}`);
        expect(seen.get(title!), `${route.id} has the title of ${seen.get(title!)}`).toBeUndefined();
        seen.set(title!, route.id);
      }
    }, 120_000);
  }
});
