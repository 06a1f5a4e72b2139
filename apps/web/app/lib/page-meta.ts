/**
 * A page's `<title>` ("Page | Site name"), keeping the root's description,
 * share and alternate-language tags (React Router renders only the deepest
 * route's `meta`, so the root's tags are carried over here).
 */
import type { MetaDescriptor } from 'react-router';
import { translate } from './i18n.ts';
import { langFromPath } from './lang.ts';

/** The default icon and share image (spec section 1: favicon, apple-touch icon and og:image). */
export const SITE_IMAGE = '/img/logo_app.png';

/** What this needs of a route's `meta` arguments (typed loosely so every route's `Route.MetaArgs` fits). */
type MetaInput = {
  matches: ReadonlyArray<{ id: string; meta: MetaDescriptor[]; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

export function pageMeta({ matches, location }: MetaInput, titleKey: string): MetaDescriptor[] {
  const lang = langFromPath(location.pathname);
  const root = matches.find((m) => m?.id === 'root');
  const data = root?.loaderData as
    { settings?: { site_name?: string } | null; seo?: { title?: string } | null } | undefined;
  const site = data?.settings?.site_name || translate(lang, 'common.app_name');
  // The page's SEO entry (managed in the dashboard) wins over the built-in title.
  const title = data?.seo?.title || `${translate(lang, titleKey)} | ${site}`;
  const inherited = (root?.meta ?? []).filter(
    (d) => !('title' in d) && !('property' in d && d.property === 'og:title'),
  );
  return [{ title }, { property: 'og:title', content: title }, ...inherited];
}
