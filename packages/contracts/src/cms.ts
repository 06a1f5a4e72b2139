/**
 * Dashboard content (spec section 3) and the public content added with it
 * (FAQ, cities, cancel reasons, SEO). Bodies are forms: the dashboard may send
 * them as multipart with an `image` file, so numbers and booleans arrive as text.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { boolish, email, formInt, optionalText, requiredText, url, V, DB_INT_MAX } from './fields.ts';

export const CMS_PER_PAGE = 15;

/** `?q=&page=`: every dashboard list. */
export const cmsListQuery = pageQuery.extend({ q: optionalText(100) });

const sort = formInt(-1_000_000, 1_000_000).default(0);
const flag = (fallback: boolean) => boolish.default(fallback);

/** A site path (`/x`, never `//host`) or an absolute http(s) URL. */
export const isSitePath = (v: string) => /^\/(?!\/)\S*$/.test(v);
export const linkTarget = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(2000, { error: V.maxChars })
  .refine((v) => isSitePath(v) || url.safeParse(v).success, { error: V.url });

const html = (max = 50_000) => requiredText(1, max);

/* ---------------------------------------------------------------- countries */

export const countryBody = z.object({
  key: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .regex(/^\d+$/, { error: V.digitsOnly })
    .max(4, { error: V.maxDigits }),
  iso: z
    .string({ error: V.required })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: V.invalid })
    .transform((v) => v.toUpperCase()),
  name_ar: requiredText(2, 100),
  name_en: requiredText(2, 100),
  sms_allowed: flag(false),
  sort,
  active: flag(true),
});
export const adminCountry = z.object({
  id: z.number(),
  key: z.string(),
  iso: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  flag: z.string().nullable(),
  sms_allowed: z.boolean(),
  sort: z.number(),
  active: z.boolean(),
});

/* ------------------------------------------------------------------- cities */

export const cityBody = z.object({ name_ar: requiredText(2, 100), name_en: requiredText(2, 100), active: flag(true) });
export const adminCity = z.object({ id: z.number(), name_ar: z.string(), name_en: z.string(), active: z.boolean() });
export const publicCity = z.object({ id: z.number(), name: z.string() });

/* ------------------------------------------------------------------ socials */

export const SOCIAL_ICONS = [
  'x',
  'instagram',
  'snapchat',
  'whatsapp',
  'tiktok',
  'facebook',
  'youtube',
  'linkedin',
] as const;
export const socialBody = z.object({
  title: requiredText(2, 100),
  url,
  icon: z.enum(SOCIAL_ICONS, { error: V.invalid }),
  sort,
});
export const adminSocial = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  sort: z.number(),
});

/* ------------------------------------------------------------- intro pages */

export const introBody = z.object({
  title_ar: requiredText(2, 150),
  title_en: requiredText(2, 150),
  description_ar: requiredText(2, 500),
  description_en: requiredText(2, 500),
  content_ar: html(),
  content_en: html(),
  sort,
});
export const adminIntro = z.object({
  id: z.number(),
  title_ar: z.string(),
  title_en: z.string(),
  description_ar: z.string(),
  description_en: z.string(),
  content_ar: z.string(),
  content_en: z.string(),
  image: z.string(),
  sort: z.number(),
});

/* ----------------------------------------------------------------- banners */

/** Titles are optional; the banner opens `link` (site path or URL) or the product `product_id`. */
export const bannerBody = z.object({
  title_ar: optionalText(150),
  title_en: optionalText(150),
  link: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), linkTarget.optional()),
  product_id: z.preprocess((v) => (v === '' ? undefined : v), formInt(1, DB_INT_MAX).optional()),
  sort: formInt(-1_000_000, 1_000_000).optional(),
  active: flag(true),
});
export const adminBanner = z.object({
  id: z.number(),
  title_ar: z.string(),
  title_en: z.string(),
  link: z.string().nullable(),
  product_id: z.number().nullable(),
  image: z.string(),
  sort: z.number(),
  active: z.boolean(),
});
export const reorderBody = z.object({
  ids: z
    .array(z.number({ error: V.invalid }).int().positive().max(DB_INT_MAX), { error: V.required })
    .min(1, { error: V.required })
    .max(500, { error: V.invalid }),
});

/* --------------------------------------------------------------------- faqs */

export const faqBody = z.object({
  question_ar: requiredText(3, 300),
  question_en: requiredText(3, 300),
  answer_ar: requiredText(3, 3000),
  answer_en: requiredText(3, 3000),
  sort,
});
export const adminFaq = z.object({
  id: z.number(),
  question_ar: z.string(),
  question_en: z.string(),
  answer_ar: z.string(),
  answer_en: z.string(),
  sort: z.number(),
});
export const publicFaq = z.object({ id: z.number(), question: z.string(), answer: z.string() });

/* ----------------------------------------------------------- cancel reasons */

/** Who gives a reason: the customer cancelling, or an admin refusing or cancelling. */
export const CANCEL_REASON_USES = ['customer', 'admin'] as const;
export type CancelReasonUse = (typeof CANCEL_REASON_USES)[number];
export const cancelReasonUse = z.enum(CANCEL_REASON_USES);

export const cancelReasonBody = z.object({
  title_ar: requiredText(2, 200),
  title_en: requiredText(2, 200),
  use: cancelReasonUse.default('customer'),
});
export const adminCancelReason = z.object({
  id: z.number(),
  title_ar: z.string(),
  title_en: z.string(),
  use: cancelReasonUse,
});
export const publicCancelReason = z.object({ id: z.number(), title: z.string() });
/** `?use=`: the reasons a customer (default) or an admin chooses from. */
export const cancelReasonsQuery = z.object({ use: cancelReasonUse.default('customer') });

/* --------------------------------------------------------------------- seo */

export const seoBody = z.object({
  meta_title_ar: requiredText(2, 70),
  meta_title_en: requiredText(2, 70),
  meta_description_ar: requiredText(2, 320),
  meta_description_en: requiredText(2, 320),
  meta_keywords_ar: optionalText(500).transform((v) => v ?? ''),
  meta_keywords_en: optionalText(500).transform((v) => v ?? ''),
});
export const adminSeo = z.object({
  id: z.number(),
  key: z.string(),
  meta_title_ar: z.string(),
  meta_title_en: z.string(),
  meta_description_ar: z.string(),
  meta_description_en: z.string(),
  meta_keywords_ar: z.string(),
  meta_keywords_en: z.string(),
});
/** `key` is a route id of the site's route table (`home`, `contact-us`, …; `login`/`register`/`otp` for the auth pages). */
export const seoQuery = z.object({ key: z.string().trim().min(1).max(64) });
/** The head of a page in the request language; falls back to the site name and description. */
export const publicSeo = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  site_name: z.string(),
  share_image: z.string(),
});
export type PublicSeo = z.infer<typeof publicSeo>;

/* --------------------------------------------------------------- redirects */

export const redirectBody = z.object({
  from_path: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(2000, { error: V.maxChars })
    .refine(isSitePath, { error: V.invalid }),
  to: linkTarget,
  permanent: flag(true),
});
export const adminRedirect = z.object({
  id: z.number(),
  from_path: z.string(),
  to: z.string(),
  permanent: z.boolean(),
});

/* ----------------------------------------------------- about / terms pages */

export const PAGE_KEYS = ['about', 'terms'] as const;
export const pageParam = z.object({ page: z.enum(PAGE_KEYS, { error: V.invalid }) });
export const pageSectionBody = z.object({
  title_ar: requiredText(2, 150),
  title_en: requiredText(2, 150),
  content_ar: html(),
  content_en: html(),
  sort,
});
export const adminPageSection = z.object({
  id: z.number(),
  page: z.enum(PAGE_KEYS),
  title_ar: z.string(),
  title_en: z.string(),
  content_ar: z.string(),
  content_en: z.string(),
  sort: z.number(),
});

/* ---------------------------------------------------------- site settings */

/** Everything at once (the settings form); `logo` and `share_image` are optional files. */
export const settingsBody = z.object({
  site_name_ar: requiredText(2, 100),
  site_name_en: requiredText(2, 100),
  description_ar: requiredText(2, 500),
  description_en: requiredText(2, 500),
  location_ar: requiredText(2, 300),
  location_en: requiredText(2, 300),
  phone: requiredText(5, 30),
  email,
  map_url: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), url.optional()),
  tax_number: requiredText(1, 30),
  commercial_record: requiredText(1, 30),
  android_app_link: url,
  iphone_app_link: url,
  vat_rate: formInt(0, 100),
  /** Whether the store's prices as entered include VAT (ADR 0023). */
  prices_include_vat: flag(false),
  monthly_target: formInt(0, Number.MAX_SAFE_INTEGER),
});
export const adminSettings = z.object({
  site_name_ar: z.string(),
  site_name_en: z.string(),
  description_ar: z.string(),
  description_en: z.string(),
  location_ar: z.string(),
  location_en: z.string(),
  phone: z.string(),
  email: z.string(),
  map_url: z.string(),
  tax_number: z.string(),
  commercial_record: z.string(),
  android_app_link: z.string(),
  iphone_app_link: z.string(),
  vat_rate: z.number().describe('percent'),
  prices_include_vat: z.boolean(),
  monthly_target: z.number().describe('halalas'),
  logo: z.string(),
  share_image: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettings>;

/* -------------------------------------------------------- contact messages */

export const CONTACT_STATUSES = ['new', 'read', 'handled'] as const;
export const contactMessagesQuery = cmsListQuery.extend({
  status: z.enum(CONTACT_STATUSES, { error: V.invalid }).optional(),
});
export const contactStatusBody = z.object({ status: z.enum(['read', 'handled'], { error: V.invalid }) });
export const adminContactMessage = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  created_at: z.string(),
});
