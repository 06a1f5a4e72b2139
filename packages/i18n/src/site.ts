/**
 * The customer site's areas of texts (ar and en): what every page of the site may show.
 * The browser loads the page's language only: the areas any page shows (site-ar.ts,
 * site-en.ts) before it renders, those of the account and service pages (site-more-ar.ts,
 * site-more-en.ts) too but on the home page, which fetches them after it runs; the other
 * language on a switch. The dashboard adds its own (dashboard.ts) when it mounts, and the
 * areas only the API speaks (api.ts) never reach the browser.
 */
import { siteArBase } from './site-ar.ts';
import { siteEnBase } from './site-en.ts';
import { siteArMore } from './site-more-ar.ts';
import { siteEnMore } from './site-more-en.ts';

export const siteAr = { ...siteArBase, ...siteArMore };
export const siteEn = { ...siteEnBase, ...siteEnMore };
