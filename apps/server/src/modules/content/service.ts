/** Public content: settings, home, about/terms, contact and redirects. */
import { asc, eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { DEFAULT_SETTINGS, tables, type Db } from '@pool/db';
import type { CancelReasonUse, Home, Lang, PublicSeo, SiteSettings } from '@pool/contracts';
import { translate } from '@pool/i18n';

const pick = (lang: Lang, ar: string, en: string) => (lang === 'en' ? en : ar);

/* ---------------------------------------------------------------- settings */

type Groups = 'site' | 'contact' | 'legal' | 'apps';
export type StoredSettings = {
  [K in Groups]: { -readonly [F in keyof (typeof DEFAULT_SETTINGS)[K]]: string };
} & { vat_rate: number; prices_include_vat: boolean; monthly_target: number };
/** Keys of the `settings` table that hold the site settings (also written by the dashboard). */
export const SETTING_KEYS = [
  'site',
  'contact',
  'legal',
  'apps',
  'vat_rate',
  'prices_include_vat',
  'monthly_target',
] as const;

/** The stored settings, each field falling back to its default when absent. */
export async function storedSettings(db: Db): Promise<StoredSettings> {
  const rows = await db
    .select()
    .from(tables.settings)
    .where(inArray(tables.settings.key, [...SETTING_KEYS]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const group = <K extends Groups>(key: K) => {
    const value = byKey.get(key);
    return { ...DEFAULT_SETTINGS[key], ...(value && typeof value === 'object' ? value : {}) } as StoredSettings[K];
  };
  const num = (key: 'vat_rate' | 'monthly_target') => {
    const value = byKey.get(key);
    return typeof value === 'number' ? value : DEFAULT_SETTINGS[key];
  };
  return {
    site: group('site'),
    contact: group('contact'),
    legal: group('legal'),
    apps: group('apps'),
    vat_rate: num('vat_rate'),
    prices_include_vat: byKey.get('prices_include_vat') === true,
    monthly_target: num('monthly_target'),
  };
}

function contactInfoOf(s: StoredSettings, lang: Lang) {
  return {
    location: pick(lang, s.contact.location_ar, s.contact.location_en),
    phone: s.contact.phone,
    email: s.contact.email,
    map_url: s.contact.map_url || null,
    tax_number: s.legal.tax_number,
    commercial_record: s.legal.commercial_record,
  };
}

/** The stored settings; the route adds what comes from the configuration (`maps_api_key`, `maps_map_id`). */
export async function siteSettings(db: Db, lang: Lang): Promise<Omit<SiteSettings, 'maps_api_key' | 'maps_map_id'>> {
  const s = await storedSettings(db);
  return {
    site_name: pick(lang, s.site.name_ar, s.site.name_en),
    description: pick(lang, s.site.description_ar, s.site.description_en),
    android_app_link: s.apps.android_app_link,
    iphone_app_link: s.apps.iphone_app_link,
    logo: s.site.logo,
    ...contactInfoOf(s, lang),
  };
}

/* -------------------------------------------------------------------- home */

/** The four services of the home page and the site paths they open (spec section 2). */
const SERVICES = [
  { key: 'online_store', path: '/online_store' },
  { key: 'immediate_maintenance', path: '/Immediate_maintenance' },
  { key: 'scheduled_maintenance', path: '/scheduled_maintenance' },
  { key: 'construction', path: '/construction' },
] as const;

export async function home(db: Db, lang: Lang): Promise<Home> {
  const b = tables.banners;
  const i = tables.introPages;
  const [banners, intros] = await Promise.all([
    db.select().from(b).where(eq(b.active, true)).orderBy(asc(b.sort), asc(b.id)),
    db.select().from(i).orderBy(asc(i.sort), asc(i.id)),
  ]);
  return {
    banners: banners.map((r) => ({ id: r.id, image: r.image, link: r.link, title: pick(lang, r.titleAr, r.titleEn) })),
    intros: intros.map((r) => ({
      id: r.id,
      title: pick(lang, r.titleAr, r.titleEn),
      description: pick(lang, r.descriptionAr, r.descriptionEn),
      image: r.image,
    })),
    services: SERVICES.map((s) => ({
      key: s.key,
      path: s.path,
      title: translate(lang, `server.service_${s.key}_title`),
      description: translate(lang, `server.service_${s.key}_description`),
    })),
  };
}

/* ---------------------------------------------------------- about / terms */

/**
 * Section HTML is admin-authored; it is cleaned on output with a small
 * allow-list so that a stored script or handler never reaches the page.
 */
const HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'strong', 'em', 'ul', 'ol', 'li', 'br', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const safeHtml = (html: string) => sanitizeHtml(html, HTML_POLICY);

export async function pageSections(db: Db, page: 'about' | 'terms', lang: Lang) {
  const p = tables.pageSections;
  const rows = await db.select().from(p).where(eq(p.page, page)).orderBy(asc(p.sort), asc(p.id));
  return rows.map((r) => ({
    id: r.id,
    title: pick(lang, r.titleAr, r.titleEn),
    content: safeHtml(pick(lang, r.contentAr, r.contentEn)),
  }));
}

/* ----------------------------------------------------------------- contact */

export async function storeContactMessage(
  db: Db,
  input: { name: string; phone: string; message: string; userId: number | null; meta: Record<string, unknown> },
) {
  const [row] = await db
    .insert(tables.contactMessages)
    .values({ name: input.name, phone: input.phone, message: input.message, userId: input.userId, meta: input.meta })
    .returning({ id: tables.contactMessages.id });
  return row!;
}

export async function contactUsInfo(db: Db, lang: Lang) {
  const s = tables.socialLinks;
  const [socials, stored] = await Promise.all([
    db.select().from(s).orderBy(asc(s.sort), asc(s.id)),
    storedSettings(db),
  ]);
  return {
    socials: socials.map((r) => ({ id: r.id, title: r.title, url: r.url, icon: r.icon })),
    contact_info: contactInfoOf(stored, lang),
  };
}

/* --------------------------------------------------------------- redirects */

/** The redirect stored for exactly this path, if any. */
export async function findRedirect(db: Db, path: string) {
  const r = tables.redirects;
  const [row] = await db.select({ to: r.to, permanent: r.permanent }).from(r).where(eq(r.fromPath, path)).limit(1);
  return row ? { redirect: row.to, permanent: row.permanent } : { redirect: null, permanent: false };
}

/* ------------------------------------------- FAQ, cities, cancel reasons */

export async function faqs(db: Db, lang: Lang) {
  const q = tables.faqs;
  const rows = await db.select().from(q).orderBy(asc(q.sort), asc(q.id));
  return rows.map((r) => ({
    id: r.id,
    question: pick(lang, r.questionAr, r.questionEn),
    answer: pick(lang, r.answerAr, r.answerEn),
  }));
}

/** Active cities, by name in the request language. */
export async function cities(db: Db, lang: Lang) {
  const c = tables.cities;
  const rows = await db
    .select()
    .from(c)
    .where(eq(c.active, true))
    .orderBy(asc(lang === 'en' ? c.nameEn : c.nameAr), asc(c.id));
  return rows.map((r) => ({ id: r.id, name: pick(lang, r.nameAr, r.nameEn) }));
}

/** The reasons one side chooses from: the customer cancelling, or an admin refusing or cancelling. */
export async function cancelReasons(db: Db, use: CancelReasonUse, lang: Lang) {
  const c = tables.cancelReasons;
  const rows = await db.select().from(c).where(eq(c.use, use)).orderBy(asc(c.id));
  return rows.map((r) => ({ id: r.id, title: pick(lang, r.titleAr, r.titleEn) }));
}

/* --------------------------------------------------------------------- seo */

/** The head of a site page; empty fields (or an unknown key) fall back to the site name and description. */
export async function seo(db: Db, key: string, lang: Lang): Promise<PublicSeo> {
  const e = tables.seoEntries;
  const [[row], s] = await Promise.all([db.select().from(e).where(eq(e.key, key)).limit(1), storedSettings(db)]);
  const siteName = pick(lang, s.site.name_ar, s.site.name_en);
  return {
    key,
    title: (row && pick(lang, row.metaTitleAr, row.metaTitleEn)) || siteName,
    description:
      (row && pick(lang, row.metaDescriptionAr, row.metaDescriptionEn)) ||
      pick(lang, s.site.description_ar, s.site.description_en),
    keywords: (row && pick(lang, row.metaKeywordsAr, row.metaKeywordsEn)) || '',
    site_name: siteName,
    share_image: s.site.share_image || s.site.logo,
  };
}
