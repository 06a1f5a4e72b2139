import './styles/fonts.css';
// All of Mantine's core styles in development; in the build only its global part, each component's
// styles coming with the component's code (mantine-styles.ts).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The theme's CSS variables, made once (theme-css.ts) instead of printed by MantineProvider in every page.
import './styles/theme.css';
import './styles/global.css';
import cairoArabic from './styles/fonts/cairo-arabic.woff2?url';
import cairoLatin from './styles/fonts/cairo-latin.woff2?url';

import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  data,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import { ColorSchemeScript, DirectionProvider, MantineProvider, mantineHtmlProps, useDirection } from '@mantine/core';
import { seoKeyFor } from './route-table.ts';
import type { Route } from './+types/root';
import { appContext } from './context.ts';
import { apiFor } from './lib/api.server.ts';
import { cartKeyHeaders } from './features/cart/cart.server.ts';
import { clearAuth, readLangCookie, saveLang } from './lib/cookies.server.ts';
import { createI18n, loadSiteTexts } from './lib/i18n.ts';
import { dirOf, langFromPath, localePath, pagePath, stripLang } from './lib/lang.ts';
import { SITE_IMAGE } from './lib/page-meta.ts';
import { theme } from './theme.ts';
import { Splash } from './components/splash.tsx';
import { RouteErrorPage } from './components/error-page.tsx';
import { SessionWatcher } from './components/session-watcher.tsx';
import { BuildWatcher } from './components/build-watcher.tsx';
import { Toasts } from './components/toasts.tsx';

/** zod's interpreted parsers: the same results without eval. */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig={jitless:true}';

/** What the page may know of the signed-in account: never the token. */
export type Viewer =
  | {
      kind: 'user';
      id: number;
      name: string;
      image: string | null;
      phone: string;
      country_code: string;
      is_notify: boolean;
    }
  | { kind: 'guest' }
  | null;

export async function loader({ request, context }: Route.LoaderArgs) {
  // Over the page limit (a client navigation; documents get the server's own 429 page): nothing else runs.
  const limited = context.get(appContext).limited;
  if (limited) {
    const retryAfter = limited.retryAfter;
    throw data({ retry_after: retryAfter }, { status: 429, headers: { 'retry-after': String(retryAfter) } });
  }
  const url = new URL(request.url);
  const api = await apiFor(context, request);
  const headers = new Headers();

  // Set-default-locale middleware: opening `/` (a document request, not a client
  // navigation) follows the remembered language, else the browser's.
  const remembered = await readLangCookie(request);
  if (url.pathname === '/' && request.method === 'GET') {
    const preferred = remembered ?? (/^en\b/i.test(request.headers.get('accept-language') ?? '') ? 'en' : 'ar');
    if (preferred === 'en') throw redirect(`/en${url.search}`, { headers: { 'set-cookie': await saveLang('en') } });
  }
  if (remembered !== api.lang) headers.append('set-cookie', await saveLang(api.lang));

  // Everyone's answers are asked without the visitor's token: the server keeps them (ADR 0024).
  const everyone = api.as({ lang: api.lang });
  // Redirect guard: the server may move this path (spec section 2).
  const path = pagePath(request);
  const moved = await everyone.GET('/api/user/redirect', { params: { query: { path } } });
  if (moved.key === 'success' && moved.data.redirect && moved.data.redirect !== path) {
    const search = new URLSearchParams(url.search);
    search.delete('_routes');
    const query = search.size ? `?${search}` : '';
    throw redirect(
      moved.data.redirect + (moved.data.redirect.startsWith('/') ? query : ''),
      moved.data.permanent ? 301 : 302,
    );
  }

  const settingsAnswer = everyone.GET('/api/user/settings');
  // The admin-managed SEO entry of this page (title, description, keywords), applied in the head.
  const seoKey = seoKeyFor(stripLang(path));
  const seoAnswer = seoKey ? everyone.GET('/api/user/seo', { params: { query: { key: seoKey } } }) : null;
  // The header in one call (who is signed in, unread notifications, cart badge), fresh on every navigation:
  // the account may have changed on another device. A visitor's or guest's cart is known by its key.
  const cartKey = cartKeyHeaders(request);
  const header =
    !path.startsWith('/admin') && (api.auth || Object.keys(cartKey).length)
      ? await api.GET('/api/user/me', { headers: cartKey })
      : null;
  let viewer: Viewer = api.auth?.is_guest ? { kind: 'guest' } : null;
  let authError: { msg: string; key: string } | null = null;
  if (header?.key === 'success' && header.data.user) {
    const a = header.data.user;
    viewer = {
      kind: 'user',
      id: a.id,
      name: a.name,
      image: a.image,
      phone: a.phone,
      country_code: a.country_code,
      is_notify: a.is_notify,
    };
  } else if (api.auth && !api.auth.is_guest && (header?.key === 'blocked' || header?.key === 'unauthenticated')) {
    authError = { msg: header.msg, key: header.key };
    headers.append('set-cookie', await clearAuth());
  }
  const counts = header?.key === 'success' ? header.data : null;
  const [settings, seo] = await Promise.all([settingsAnswer, seoAnswer]);
  return data(
    {
      lang: api.lang,
      nonce: context.get(appContext).nonce,
      settings: settings.key === 'success' ? settings.data : null,
      seo: seo?.key === 'success' ? seo.data : null,
      viewer,
      notificationsCount: counts?.notifications_count ?? 0,
      cartCount: counts?.cart_count ?? 0,
      authError,
      origin: url.origin,
    },
    { headers },
  );
}

/** A navigation to the other language fetches its texts before the page renders in it (lib/i18n.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }) => {
    await loadSiteTexts(langFromPath(new URL(request.url).pathname));
  },
];

/** The root loader runs on every navigation: it carries the redirect guard and the session check. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: SITE_IMAGE, type: 'image/png' },
  { rel: 'apple-touch-icon', href: SITE_IMAGE },
];

export const meta: Route.MetaFunction = ({ loaderData: d, location }) => {
  const lang = d?.lang ?? langFromPath(location.pathname);
  const name = d?.seo?.title || d?.settings?.site_name || '';
  const description = d?.seo?.description || d?.settings?.description || '';
  const path = stripLang(location.pathname);
  const origin = d?.origin ?? '';
  const site = [
    { title: name },
    { name: 'description', content: description },
    ...(d?.seo?.keywords ? [{ name: 'keywords', content: d.seo.keywords }] : []),
    { property: 'og:title', content: name },
    { property: 'og:description', content: description },
    { property: 'og:image', content: origin + SITE_IMAGE },
    { property: 'og:locale', content: lang === 'ar' ? 'ar_SA' : 'en_US' },
  ];
  // The dashboard is Arabic-only and not for search engines: no language alternates.
  if (path === '/admin' || path.startsWith('/admin/')) return site;
  return [
    ...site,
    { tagName: 'link', rel: 'canonical', href: origin + localePath(lang, path) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'ar', href: origin + localePath('ar', path) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: origin + localePath('en', path) },
  ];
};

/** Keeps Mantine's direction in step with the URL on client navigation between `/` and `/en`. */
function DirectionSync({ dir }: { dir: 'rtl' | 'ltr' }) {
  const { setDirection } = useDirection();
  useEffect(() => setDirection(dir), [dir, setDirection]);
  return null;
}

/** Marks `<html data-hydrated>` once React has taken over the server-rendered page (tests wait for it). */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const root = useRouteLoaderData<typeof loader>('root');
  const lang = langFromPath(location.pathname);
  const dir = dirOf(lang);
  const i18n = useMemo(() => createI18n(lang), []); // eslint-disable-line react-hooks/exhaustive-deps
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  const nonce = root?.nonce;
  return (
    <html lang={lang} dir={dir} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c7ed6" />
        {/* The web font of the page's language, fetched with the document rather than when the text is laid out. */}
        <link
          rel="preload"
          as="font"
          type="font/woff2"
          href={lang === 'ar' ? cairoArabic : cairoLatin}
          crossOrigin="anonymous"
        />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
        {/* Before any module runs: zod 4 (shared config on globalThis) would otherwise probe `new Function`
            as it builds its first schema, which this CSP (no 'unsafe-eval') refuses and reports on every page. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <DirectionProvider initialDirection={dir} detectDirection={false}>
            <DirectionSync dir={dir} />
            <HydratedMark />
            <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light">
              <Toasts />
              <Splash />
              {children}
            </MantineProvider>
          </DirectionProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SessionWatcher authError={loaderData.authError} lang={loaderData.lang} />
      <BuildWatcher />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
