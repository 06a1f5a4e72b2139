/**
 * Lighthouse (mobile, its default simulated throttling) on the Arabic home, store and product pages
 * of the production build with the demo data: performance, accessibility, best practices and SEO.
 * Each page is measured `LIGHTHOUSE_RUNS` times (default 3) and the median run reported, as Lighthouse's
 * own guidance on variability advises (its `computeMedianRun`: the run nearest the median FCP and TTI);
 * the row also lists every run's performance score.
 * Uses Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium); never downloads a browser.
 * Needs `npm run build` first. Results: bench/results/lighthouse.json and a table on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { productionEnv } from './production-env.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, mallocEnv } from '../apps/server/src/runtime.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...mallocEnv(),
      ...productionEnv(PORT),
      SEED_DEMO: 'true',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pool-lighthouse-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((ready, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`${ORIGIN}/api/ready`)).ok) return ready(child);
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 120_000) return reject(new Error('the server did not start'));
      setTimeout(poll, 500);
    };
    void poll();
  });
}

/** The HTML snippets of the nodes an audit's details name (nested tables included). */
function snippets(details: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const item = v as { type?: string; snippet?: string };
    if (item.type === 'node' && item.snippet) found.push(item.snippet.slice(0, 200));
    for (const child of Object.values(v)) walk(child);
  };
  walk(details);
  return found;
}

/** The canonical page of the first product of the demo catalogue (not the old address, which redirects). */
async function firstProductPath(): Promise<string | null> {
  const res = await fetch(`${ORIGIN}/api/user/store/products?per_page=1`, { headers: { lang: 'ar' } });
  if (!res.ok) return null;
  const body = (await res.json()) as { data?: { data?: { id: number; slug: string }[] } };
  const card = body.data?.data?.[0];
  if (!card) return null;
  return `/online_store/${card.slug ? `${card.id}-${card.slug}` : card.id}`;
}

const server = await startServer();
/**
 * A browser of its own for each page: each is a first visit. Lighthouse empties the HTTP cache between
 * pages but keeps cookies, so a page after the first would find the `styles` cookie that the previous
 * one's idle fetch set (ADR 0026) with none of its stylesheets in the cache: their links then block the
 * first paint, a state a visitor reaches only when the phone has evicted them.
 */
const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // An Arabic browser: a first visit follows the browser's language, and these are the Arabic pages.
      '--lang=ar',
    ],
  });
try {
  const product = await firstProductPath();
  const pages = [
    { name: 'home (ar)', path: '/' },
    { name: 'store (ar)', path: '/online_store' },
    ...(product ? [{ name: 'product (ar)', path: product }] : []),
  ];
  const rows: Record<string, string | number>[] = [];
  const details: { page: string; lcp: string[]; shifts: string[] }[] = [];
  /** One Lighthouse run of `page` in a browser of its own. */
  const measure = async (page: { path: string }) => {
    const chrome = await launchChrome();
    const result = await lighthouse(`${ORIGIN}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      locale: 'en',
      extraHeaders: { 'Accept-Language': 'ar-SA,ar;q=0.9' },
    }).finally(() => chrome.kill());
    if (new URL(result?.lhr.finalDisplayedUrl ?? ORIGIN).pathname !== page.path) {
      throw new Error(`${page.path} was redirected to ${result?.lhr.finalDisplayedUrl}: not the page meant`);
    }
    if (!result?.lhr) throw new Error(`no Lighthouse result for ${page.path}`);
    return result.lhr;
  };
  const score = (lhr: Awaited<ReturnType<typeof measure>>, c: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[c]?.score ?? 0) * 100);
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(page));
    // A run that measured no paint or no interactive time is left out, and said why.
    const valid = filterToValidRuns(runs);
    for (const r of runs.filter((run) => !valid.includes(run))) {
      console.warn(
        `${page.path}: a run without FCP or TTI: ${r.runtimeError?.code ?? ''} ${r.runtimeError?.message ?? ''}`,
      );
    }
    if (valid.length === 0) throw new Error(`no Lighthouse run of ${page.path} measured a paint`);
    const lhr = computeMedianRun(valid);
    const row: Record<string, string | number> = { page: page.name, path: page.path };
    for (const c of CATEGORIES) row[c] = score(lhr, c);
    row['LCP ms'] = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
    row['TBT ms'] = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
    row.CLS = Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3));
    // Lighthouse's own reading of the host's speed (higher is faster): the simulated throttling multiplies
    // what it measured, so a slower or busier host moves the scores.
    row['host index'] = valid.map((r) => Math.round(r.environment.benchmarkIndex)).join(' / ');
    const dropped = runs.length - valid.length;
    row.runs = valid.map((r) => score(r, 'performance')).join(' / ') + (dropped ? `, ${dropped} left out` : '');
    rows.push(row);
    // What to look at next: the LCP element and the elements that shifted.
    details.push({
      page: page.name,
      lcp: snippets(lhr.audits['lcp-breakdown-insight']?.details).slice(0, 1),
      shifts: snippets(lhr.audits['cls-culprits-insight']?.details).slice(0, 3),
    });
  }
  writeFileSync(
    join(ROOT, 'bench', 'results', 'lighthouse.json'),
    `${JSON.stringify({ at: new Date().toISOString(), formFactor: 'mobile', rows, details }, null, 2)}\n`,
  );
  console.table(rows);
  console.log(JSON.stringify(details, null, 2));
} finally {
  server.kill('SIGTERM');
}
