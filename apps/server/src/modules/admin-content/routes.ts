/**
 * Dashboard content under /api/admin (spec section 3): countries, cities,
 * socials, intro pages, banners, FAQ, cancel reasons, SEO, redirects,
 * about/terms sections, site settings and the contact inbox.
 * Every route requires its permission (`<screen>.<action>`).
 */
import type { App } from '../../app-type.ts';
import { contactMessagesRoutes } from './contact-messages-routes.ts';
import { contentResources } from './content-resources.ts';
import { siteSettingsRoutes } from './site-settings-routes.ts';

export default async function adminContentRoutes(app: App) {
  contentResources(app);
  siteSettingsRoutes(app);
  contactMessagesRoutes(app);
}
