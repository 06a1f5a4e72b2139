/** Public content: contact, about, terms, settings, home, redirects. */
import { z } from 'zod';
import { phone, requiredText } from './fields.ts';

export const social = z.object({ id: z.number(), title: z.string(), url: z.string(), icon: z.string().nullable() });

export const contactInfo = z.object({
  location: z.string(),
  phone: z.string(),
  email: z.string(),
  map_url: z.string().nullable(),
  tax_number: z.string(),
  commercial_record: z.string(),
});

export const contactUsInfo = z.object({ socials: z.array(social), contact_info: contactInfo });

export const contactUsBody = z.object({
  name: requiredText(3, 100),
  phone,
  message: requiredText(10, 2000),
});

/** A titled section of the about or terms page; `content` is sanitised HTML. */
export const pageSection = z.object({ id: z.number(), title: z.string(), content: z.string() });

export const siteSettings = z.object({
  site_name: z.string(),
  description: z.string(),
  android_app_link: z.string(),
  iphone_app_link: z.string(),
  logo: z.string(),
  ...contactInfo.shape,
  maps_api_key: z
    .string()
    .nullable()
    .describe(
      'browser key of the Google Maps JavaScript API (referrer-restricted) for the address map pin; null when not configured',
    ),
  maps_map_id: z
    .string()
    .nullable()
    .describe('Google Maps map id of the address map (its advanced marker needs one); null when there is no maps key'),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const banner = z.object({ id: z.number(), image: z.string(), link: z.string().nullable(), title: z.string() });
export const intro = z.object({ id: z.number(), title: z.string(), description: z.string(), image: z.string() });
export const service = z.object({
  key: z.enum(['online_store', 'immediate_maintenance', 'scheduled_maintenance', 'construction']),
  title: z.string(),
  description: z.string(),
  path: z.string(),
});
export const home = z.object({ banners: z.array(banner), intros: z.array(intro), services: z.array(service) });
export type Home = z.infer<typeof home>;

export const redirectQuery = z.object({ path: z.string().min(1).max(2000).startsWith('/') });
export const redirectAnswer = z.object({
  redirect: z.string().nullable().describe('a site path or an absolute URL; null when the path stays'),
  permanent: z.boolean(),
});
