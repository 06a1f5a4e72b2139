/**
 * The customer site's areas of texts (ar and en): what every page of the site may show.
 * The browser loads the page's language at start (site-ar.ts, site-en.ts) and the other on a
 * switch; the dashboard adds its own (dashboard.ts) when it mounts, and the areas only the API
 * speaks (api.ts) never reach the browser.
 */
export { siteAr } from './site-ar.ts';
export { siteEn } from './site-en.ts';
