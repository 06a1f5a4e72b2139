/**
 * The goals table of issue 13 from one run's results: measure | figure | ratio to bare | goal | met?.
 * Throughputs are compared with the bare Fastify route measured last before them in the same run (at the same
 * connections);
 * the signed-in pages with the minimal React Router page of the same run.
 */

export type Goal = { measure: string; figure: string; ratio: string; goal: string; met: string };

type RowLike = {
  group: string;
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  unexpected: number;
  ratioToBare: number;
};
type Latency = { requests: number; p50: number; p95: number; p99: number };
type ResultLike = {
  rows: RowLike[];
  searchLatency: Latency;
  searchUncached?: Latency;
  peerLatency?: { ours: Latency; medusa: Latency } | null;
  products: number;
  memory: {
    rssMb: number;
    peakMb: number;
    anonMb?: number;
    fileMb?: number;
    parts?: { heapUsedMb: number; heapMb: number; externalMb: number; restMb: number } | null;
  };
  assets: {
    jsGzipKb: number;
    cssGzipKb: number;
    inlineCssGzipKb: number;
    dashboardInManifest: boolean;
    jsFiles: number;
    cssFiles: number;
  } | null;
  lighthouse: {
    at: string;
    ranNow: boolean;
    rows: {
      page: string;
      performance: number;
      accessibility: number;
      'best-practices': number;
      seo: number;
      'LCP ms': number;
      /** Each run's performance score, the median run's figures above (lighthouse.ts). */
      runs?: string;
    }[];
  } | null;
  sse: {
    asked: number;
    open: number;
    rssBeforeMb: number;
    rssAfterMb: number;
    perConnectionKb: number;
    openSeconds: number;
    firstError?: string;
  } | null;
  peer: { note: string } | null;
  growth: {
    rows: number;
    products: number;
    orders: number;
    fillSeconds: number;
    storeList: Latency;
    search: Latency;
    adminOrders: Latency;
    /** Absent in the results of runs before 2026-12-01. */
    adminSearch?: Latency;
    monthSummary?: Latency;
  }[];
};

const pct = (v: number) => `${(v * 100).toFixed(v < 0.01 ? 2 : 1)} %`;
const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
/** The RSS split anonymous / file-backed and by the server's own metrics (sse.ts `memoryOf`, `memoryParts`). */
const memorySplit = ({ anonMb, fileMb, parts: p }: ResultLike['memory']) =>
  (anonMb === undefined ? '' : `; anonymous ${anonMb}, files ${fileMb}`) +
  (p
    ? `; V8 heap ${p.heapUsedMb} MB used of ${p.heapMb}, external (buffers) ${p.externalMb}, the rest (code, stacks, malloc) ${p.restMb}`
    : '');
const fig = (r: RowLike) =>
  `${r.rps.toLocaleString('en')} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors || r.unexpected ? ` (${r.errors} errors, ${r.unexpected} unexpected)` : ''}`;
const lat = (l: Latency) => `p50 ${l.p50} / p95 ${l.p95} ms`;

export function goalsTable(result: ResultLike, base: { bare: RowLike; bareMany?: RowLike; minimal?: RowLike }): Goal[] {
  const goals: Goal[] = [];
  const of = (group: string) => result.rows.filter((r) => r.group === group);
  const add = (measure: string, figure: string, ratio: string, goal: string, met: string) =>
    goals.push({ measure, figure, ratio, goal, met });

  add('bare Fastify route (baseline)', fig(base.bare), '100 %', '—', '—');
  for (const r of of('public'))
    add(`public read: ${r.name}`, fig(r), pct(r.ratioToBare), '≥ 50 % of bare', yes(r.ratioToBare >= 0.5));
  for (const r of of('public-304'))
    add(r.name, fig(r), pct(r.ratioToBare), '≥ 50 % of bare', yes(r.ratioToBare >= 0.5));
  for (const r of of('extra')) add(r.name, fig(r), pct(r.ratioToBare), '—', '—');
  for (const r of of('baseline').slice(1)) add(r.name, fig(r), '100 %', '—', '—');
  for (const r of of('page'))
    add(`anonymous page: ${r.name}`, fig(r), pct(r.ratioToBare), '≥ 30 % of bare', yes(r.ratioToBare >= 0.3));
  if (base.minimal) add(base.minimal.name, fig(base.minimal), pct(base.minimal.ratioToBare), 'yardstick', '—');
  for (const r of of('signed-in-page')) {
    const toMinimal = base.minimal ? r.rps / base.minimal.rps : NaN;
    add(
      `signed-in page: ${r.name}`,
      `${fig(r)}; ${pct(toMinimal)} of the minimal React Router page`,
      pct(r.ratioToBare),
      '≥ 60 % of the minimal React Router page',
      yes(toMinimal >= 0.6),
    );
  }
  if (base.bareMany) add(base.bareMany.name, fig(base.bareMany), '100 %', '—', '—');
  for (const r of of('signed-in-api'))
    add(
      `signed-in API at ${r.connections} connections: ${r.name}`,
      fig(r),
      pct(r.ratioToBare),
      '≥ 10 % of bare (same connections), p99 ≤ 25 ms',
      yes(r.ratioToBare >= 0.1 && r.p99 <= 25),
    );
  if (result.assets) {
    const a = result.assets;
    add(
      'customer initial JS / CSS (Arabic home, gzip)',
      `${a.jsGzipKb} KB JS (${a.jsFiles} files) / ${a.cssGzipKb} KB CSS (${a.cssFiles} files) + ${a.inlineCssGzipKb} KB inline CSS; dashboard routes in the manifest: ${a.dashboardInManifest ? 'yes' : 'no'}`,
      '—',
      '≤ 130 KB / 30 KB; no dashboard code or text',
      yes(a.jsGzipKb <= 130 && a.cssGzipKb + a.inlineCssGzipKb <= 30 && !a.dashboardInManifest),
    );
  }
  if (result.lighthouse) {
    const when = result.lighthouse.ranNow ? 'this run' : `bench:lighthouse of ${result.lighthouse.at}`;
    for (const l of result.lighthouse.rows)
      add(
        `Lighthouse mobile: ${l.page}`,
        `performance ${l.performance}${l.runs ? ` (median of runs ${l.runs})` : ''}, LCP ${(l['LCP ms'] / 1000).toFixed(1)} s, a11y ${l.accessibility}, best practices ${l['best-practices']}, SEO ${l.seo} (${when})`,
        '—',
        'performance ≥ 95, LCP ≤ 2.5 s; a11y, best practices, SEO 100',
        yes(
          l.performance >= 95 &&
            l['LCP ms'] <= 2500 &&
            l.accessibility === 100 &&
            l['best-practices'] === 100 &&
            l.seo === 100,
        ),
      );
  } else
    add('Lighthouse mobile', 'not run (npm run bench:lighthouse, or BENCH_LIGHTHOUSE=1)', '—', 'performance ≥ 95', '—');
  for (const r of of('search')) add(r.name, fig(r), pct(r.ratioToBare), '—', '—');
  const s = result.searchLatency;
  const u = result.searchUncached;
  add(
    `search in ${result.products.toLocaleString('en')} products, one request at a time, repeated queries (public cache)`,
    `${s.requests} requests: p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`,
    '—',
    u ? '—' : 'p95 ≤ 30 ms',
    u ? '—' : yes(s.p95 <= 30),
  );
  if (u)
    add(
      `search in ${result.products.toLocaleString('en')} products, one request at a time, never cached`,
      `${u.requests} requests: p50 ${u.p50} ms, p95 ${u.p95} ms, p99 ${u.p99} ms`,
      '—',
      'p95 ≤ 30 ms',
      yes(u.p95 <= 30),
    );
  add(
    'one server process’s memory after the load above',
    `VmRSS ${result.memory.rssMb} MB, peak (VmHWM) ${result.memory.peakMb} MB${memorySplit(result.memory)}`,
    '—',
    '≤ 300 MB RSS',
    yes(result.memory.peakMb <= 300),
  );
  if (result.sse) {
    const e = result.sse;
    add(
      'server-sent-event streams open on one process',
      `${e.open.toLocaleString('en')} of ${e.asked.toLocaleString('en')} open in ${e.openSeconds} s; VmRSS ${e.rssBeforeMb} → ${e.rssAfterMb} MB (${e.perConnectionKb} KB a stream)${e.firstError ? `; first error: ${e.firstError}` : ''}`,
      '—',
      `${e.asked.toLocaleString('en')} open, memory ≤ 300 MB`,
      yes(e.open === e.asked && e.rssAfterMb <= 300),
    );
  }
  const ours = of('peer-ours')[0];
  for (const r of of('peer')) {
    add(
      `peer: ${r.name}`,
      `${fig(r)}${ours ? `; ${ours.name}: ${fig(ours)}${r.rps ? `, ${(ours.rps / r.rps).toFixed(1)}× Medusa's` : ''}` : ''}`,
      pct(r.ratioToBare),
      '—',
      '—',
    );
  }
  const pl = result.peerLatency;
  if (pl)
    add(
      'peer: store list one request at a time, never cached',
      `Medusa v2 ${lat(pl.medusa)}; ours ${lat(pl.ours)}`,
      '—',
      '—',
      '—',
    );
  if (result.peer) add('peer: Medusa v2 store product list', result.peer.note, '—', '—', '—');
  for (const g of result.growth)
    add(
      `growth: ${g.products.toLocaleString('en')} products, ${g.orders.toLocaleString('en')} orders (one request at a time)`,
      `store list ${lat(g.storeList)}; search ${lat(g.search)}; admin orders ${lat(g.adminOrders)}${g.adminSearch ? `; admin orders searched ${lat(g.adminSearch)}` : ''}${g.monthSummary ? `; month summary ${lat(g.monthSummary)}` : ''} (filled in ${g.fillSeconds} s)`,
      '—',
      '—',
      '—',
    );
  if (result.growth.length > 1) {
    const first = result.growth[0]!;
    const last = result.growth.at(-1)!;
    const x = (a: Latency, b: Latency) => `${(b.p50 / a.p50).toFixed(1)}× (p95 ${(b.p95 / a.p95).toFixed(1)}×)`;
    const n = (v: number) => v.toLocaleString('en');
    add(
      'growth: how time grows (p50, last / first size)',
      `store list ${x(first.storeList, last.storeList)} and search ${x(first.search, last.search)} for ${n(last.products)} / ${n(first.products)} products; admin orders ${x(first.adminOrders, last.adminOrders)}${first.monthSummary && last.monthSummary ? `, month summary ${x(first.monthSummary, last.monthSummary)}` : ''} for ${n(last.orders)} / ${n(first.orders)} orders`,
      '—',
      'report how time grows',
      '—',
    );
  }
  return goals;
}
