/**
 * What a customer page's JavaScript carries (ARCHITECTURE.md, "Layout"; ADR 0014). Reads the
 * client build (React Router's manifest in build/client/assets) and, for every customer route,
 * the chunks the page loads and every chunk those may import later: none may hold a text of the
 * dashboard's catalogues (@pool/i18n/dashboard) or a field of a dashboard-only schema. Prints
 * what the Arabic home, store, product and cart pages load before they run (JavaScript, bytes
 * and gzip: the modules, the texts of the page's language, the route manifest inlined in the
 * HTML; CSS apart) and fails when the Arabic home passes its BUDGET (issue 13).
 *
 * `node scripts/check-client-bundles.ts [build/client folder]`, after `npm run build`; a step of `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { catalogues } from '@pool/i18n';
import { dashboardAr, dashboardEn } from '@pool/i18n/dashboard';

const clientDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'apps', 'web', 'build', 'client'));
const assets = join(clientDir, 'assets');

/**
 * Fields found only in dashboard-only schemas (@pool/contracts/people, /cms, /catalogue):
 * each must be in some dashboard chunk (else this list is stale) and in no customer chunk.
 */
const DASHBOARD_SCHEMA_MARKERS: Record<string, string> = {
  password_confirmation: 'people.ts: adminCreateBody, ownProfileBody',
  working_hours: 'staff.ts: staffBody',
  site_name_ar: 'cms.ts: settingsBody',
  meta_title_ar: 'cms.ts: seoBody',
  main_option_ids: 'catalogue-products.ts: productBody',
};
/**
 * The most the Arabic home page may load, gzip (issue 13): its JavaScript before it runs (modules,
 * texts, inline manifest), and its CSS (its routes' stylesheets, which the document carries inline:
 * apps/web/app/lib/critical-css.server.ts).
 * The issue's goal is 130 KB of JavaScript; React DOM and React Router alone take about 111 KB,
 * so the budget is the 200.9 KB reached (Mantine's core, i18next, the page) plus 5 %.
 */
export const BUDGET = { jsGzipKB: 211, cssGzipKB: 30 } as const;
/**
 * The most the Arabic store, product and cart pages may load of JavaScript, gzip: what they reached plus 5 %
 * (235.3, 232.7 and 263.4 KB: no Mantine ScrollArea or NumberInput, and the positioning library they brought,
 * on the store and product pages; the cart's new-address dialog loaded when it first opens).
 */
export const PAGE_JS_BUDGET_KB: Partial<Record<keyof typeof REPORTED, number>> = {
  store: 247,
  product: 244,
  cart: 277,
};
/** The pages whose size is reported. */
const REPORTED = {
  home: 'ar:home',
  store: 'ar:online-store',
  product: 'ar:online-store-details',
  cart: 'ar:shopping-cart',
};

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));

/** Dashboard texts a bundle would hold verbatim: sentences said nowhere else (not in the site's or the API's areas). */
function dashboardTexts(texts: string[]): string[] {
  const dashboardAreas = new Set(Object.keys(dashboardAr));
  const others = (['ar', 'en'] as const).flatMap((lang) =>
    Object.entries(catalogues[lang])
      .filter(([area]) => !dashboardAreas.has(area))
      .flatMap(([, texts]) => leaves(texts as Tree)),
  );
  return [...new Set(texts)].filter(
    (t) => t.length >= 12 && / /.test(t) && !/[`\\$\n'"]/.test(t) && !others.some((o) => o.includes(t)),
  );
}

type Route = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, Route> };

function readManifest(): Manifest {
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}: run \`npm run build\` first`);
  const text = readFileSync(join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}

const isDashboard = (id: string) => id === 'admin-login' || id.startsWith('admin');

const chunkCache = new Map<string, string>();
const chunk = (name: string) => {
  let text = chunkCache.get(name);
  if (text === undefined) chunkCache.set(name, (text = readFileSync(join(assets, name), 'utf8')));
  return text;
};
const baseName = (path: string) => path.replace(/^.*\//, '');

/** Chunks a chunk imports: statically (`from"./x.js"`, `import"./x.js"`) or, with `lazy`, also on demand. */
function imported(name: string, lazy: boolean): string[] {
  const text = chunk(name);
  const found = [...text.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);
  if (lazy) {
    found.push(...[...text.matchAll(/import\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)].map((m) => m[1]!));
    // Vite's preload lists name the dependencies of a dynamic import as `assets/x.js`.
    found.push(...[...text.matchAll(/["']assets\/([\w.-]+\.js)["']/g)].map((m) => m[1]!));
  }
  return found.filter((f) => existsSync(join(assets, f)));
}

function closure(start: string[], lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const next = todo.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...imported(next, lazy));
  }
  return seen;
}

const manifest = readManifest();
const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f))!;
const version = manifestFile.replace(/^manifest-|\.js$/g, '');
const chain = (id: string): Route[] => {
  const route = manifest.routes[id];
  if (!route) throw new Error(`no route ${id} in the manifest`);
  return [...(route.parentId ? chain(route.parentId) : []), route];
};
/**
 * The chunks of the site's texts in `lang` (@pool/i18n/site-ar, /site-more-ar and the English
 * ones): entry.client.tsx fetches the page's language before it hydrates (the home page without
 * the `more` areas), so they are part of what the page loads first.
 */
function textsChunks(lang: 'ar' | 'en', home: boolean): string[] {
  return (home ? [`site-${lang}`] : [`site-${lang}`, `site-more-${lang}`]).map((part) => {
    const name = readdirSync(assets).find((f) => new RegExp(`^${part}-[\\w-]+\\.js$`).test(f));
    if (!name) throw new Error(`no chunk of the site's texts (${part}-*.js) in ${assets}`);
    return name;
  });
}
/** The chunks a first visit to the route loads (entry, texts, each route of its branch) and all they may import later. */
function chunksOf(id: string): { loaded: Set<string>; reachable: Set<string> } {
  const start = [manifest.entry.module, ...manifest.entry.imports];
  for (const r of chain(id)) start.push(r.module, ...(r.imports ?? []));
  const names = start.map(baseName);
  if (!isDashboard(id)) names.push(...textsChunks(id.startsWith('en:') ? 'en' : 'ar', id.endsWith(':home')));
  return { loaded: closure(names, false), reachable: closure(names, true) };
}
/**
 * The route manifest React Router inlines in the page (lazy route discovery: the entry and the
 * page's branch only; the rest comes from /__manifest on navigation), as the page carries it.
 */
function inlineManifest(id: string): string {
  const routes = Object.fromEntries(chain(id).map((r) => [r.id, r]));
  const imports = chain(id)
    .map((r, i) => `import * as route${i} from ${JSON.stringify(r.module)};`)
    .join('\n');
  return `${imports}\nwindow.__reactRouterManifest = ${JSON.stringify({ entry: manifest.entry, routes, url: `/assets/${manifestFile}`, version }, null, 2)};`;
}
/**
 * The CSS files the route's page carries (its branch's, in the manifest), each once: React Router
 * marks with a trailing `#` a stylesheet that a lazy chunk also loads.
 */
const cssOf = (id: string) => [
  ...new Set(
    chain(id).flatMap((r) => ((r as Route & { css?: string[] }).css ?? []).map((href) => href.replace(/[?#].*$/, ''))),
  ),
];
/** Stylesheets only the dashboard may load: @mantine/charts' and @mantine/tiptap's first classes. */
const DASHBOARD_CSS_MARKERS: Record<string, string> = {
  '.m_e4d36c9b': '@mantine/charts/styles.css',
  '.m_dd3f7539': '@mantine/tiptap/styles.css',
};

const customerRoutes = Object.keys(manifest.routes).filter((id) => !isDashboard(id));
const dashboardRoutes = Object.keys(manifest.routes).filter(isDashboard);

// Both languages are looked for in customer chunks; the dashboard itself loads its Arabic only.
const texts = dashboardTexts([...leaves(dashboardAr as unknown as Tree), ...leaves(dashboardEn as unknown as Tree)]);
const arabicTexts = dashboardTexts(leaves(dashboardAr as unknown as Tree));
const problems: string[] = [];

// The check would prove nothing if the dashboard's own chunks did not show what it looks for.
const dashboardChunks = new Set(dashboardRoutes.flatMap((id) => [...chunksOf(id).reachable]));
const dashboardCode = [...dashboardChunks].map(chunk).join('\n');
for (const [marker, where] of Object.entries(DASHBOARD_SCHEMA_MARKERS)) {
  if (!dashboardCode.includes(marker))
    problems.push(`marker "${marker}" (${where}) is in no dashboard chunk: update the list`);
}
const missing = arabicTexts.filter((t) => !dashboardCode.includes(t));
if (missing.length)
  problems.push(`${missing.length} Arabic dashboard texts in no dashboard chunk, e.g. "${missing[0]}"`);

const customerChunks = new Set(customerRoutes.flatMap((id) => [...chunksOf(id).reachable]));
for (const name of customerChunks) {
  const text = chunk(name);
  const leaked = texts.filter((t) => text.includes(t));
  if (leaked.length)
    problems.push(`${name} (a customer page's chunk) holds ${leaked.length} dashboard texts, e.g. "${leaked[0]}"`);
  for (const [marker, where] of Object.entries(DASHBOARD_SCHEMA_MARKERS))
    if (text.includes(marker)) problems.push(`${name} (a customer page's chunk) holds "${marker}" (${where})`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`client build: ${clientDir}`);
console.log(
  `${customerRoutes.length} customer routes (${customerChunks.size} chunks) checked against ${texts.length} dashboard texts and ${Object.keys(DASHBOARD_SCHEMA_MARKERS).length} dashboard schema fields`,
);
const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
for (const [page, id] of Object.entries(REPORTED)) {
  if (!manifest.routes[id]) continue;
  const files = [...chunksOf(id).loaded];
  const inline = inlineManifest(id);
  const raw = files.reduce((sum, f) => sum + Buffer.byteLength(chunk(f)), 0) + Buffer.byteLength(inline);
  const jsGzip = files.reduce((sum, f) => sum + gz(chunk(f)), 0) + gz(inline);
  const css = cssOf(id).map((href) => readFileSync(join(clientDir, href), 'utf8'));
  // Sent as one inline <style>: its size is that of the files joined.
  const cssGzip = gz(css.join('\n'));
  console.log(
    `  ${page.padEnd(8)} ${String(files.length).padStart(3)} JS files + inline manifest, ${kb(raw)}, gzip ${kb(jsGzip)}; ${css.length} CSS files, gzip ${kb(cssGzip)}`,
  );
  if (id === REPORTED.home && jsGzip > BUDGET.jsGzipKB * 1024)
    problems.push(
      `the Arabic home page loads ${kb(jsGzip)} of JavaScript (gzip), over its budget of ${BUDGET.jsGzipKB} KB`,
    );
  const pageBudget = PAGE_JS_BUDGET_KB[page as keyof typeof REPORTED];
  if (pageBudget && jsGzip > pageBudget * 1024)
    problems.push(
      `the Arabic ${page} page loads ${kb(jsGzip)} of JavaScript (gzip), over its budget of ${pageBudget} KB`,
    );
  if (id === REPORTED.home && cssGzip > BUDGET.cssGzipKB * 1024)
    problems.push(
      `the Arabic home page carries ${kb(cssGzip)} of CSS (gzip), over its budget of ${BUDGET.cssGzipKB} KB`,
    );
}
// No dashboard-only stylesheet on a customer page; the markers must be in the dashboard's own.
const stylesheets = (ids: string[]) => new Set(ids.flatMap(cssOf));
const holds = (href: string, marker: string) => {
  const text = readFileSync(join(clientDir, href), 'utf8');
  return text.includes(`${marker}{`) || text.includes(`${marker} {`);
};
const dashboardCss = [...stylesheets(dashboardRoutes)];
for (const [marker, where] of Object.entries(DASHBOARD_CSS_MARKERS)) {
  if (!dashboardCss.some((href) => holds(href, marker)))
    problems.push(`${where} (${marker}) is in no dashboard stylesheet: update the list`);
  for (const href of stylesheets(customerRoutes))
    if (holds(href, marker)) problems.push(`${href} (a customer page's stylesheet) holds ${where}`);
}
// The site is light only (root.tsx): no page carries the dark colour scheme's variables (apps/web/mantine-styles.ts,
// app/theme-css.ts), 13 KB of every first visit's inline CSS before.
for (const href of stylesheets(customerRoutes)) {
  if (/--mantine-color-scheme:\s*dark/.test(readFileSync(join(clientDir, href), 'utf8')))
    problems.push(`${href} (a customer page's stylesheet) holds the dark colour scheme's variables`);
}
if (problems.length) {
  console.error(`\n${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('no dashboard text or schema in a customer page');
