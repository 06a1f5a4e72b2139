/**
 * Mounts the React Router site (customer pages and /admin) behind the API:
 * static assets from the build, and every other GET rendered on the server.
 * Loaders reach the API in-process through `app.inject`, with the visitor's
 * token and language, so the site uses exactly the mobile apps' contract.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import staticFiles from '@fastify/static';
import { LRUCache } from 'lru-cache';
import { createRequestHandler, RouterContextProvider, type ServerBuild, type RouterContext } from 'react-router';
import type { SiteContext } from '@pool/contracts';
import type { App } from '../app-type.ts';
import { countsAsVisit, recordVisit } from '../modules/visits/service.ts';
import { secondsToWait, SITE_CALL_HEADER } from './rate-limits.ts';
import { sendTooManyPage } from './too-many-page.ts';
import { keepPage, pageCacheKey } from './page-cache.ts';
import { sendCached } from './public-cache.ts';
import { withPageSessions } from '../lib/page-sessions.ts';

export const WEB_DIR = resolve(import.meta.dirname, '../../../web');

type SiteEntry = { appContext: RouterContext<SiteContext> };

function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${req.protocol}://${req.host}`;
  const url = new URL(req.url, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, String(v));
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [k, v] of response.headers) {
    if (k === 'set-cookie') continue;
    reply.header(k, v);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

export function siteContextFor(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  buildId: string,
  limited: SiteContext['limited'] = null,
): SiteContext {
  return {
    nonce: reply.cspNonce.script,
    clientIp: req.ip,
    buildId,
    limited,
    api: async (method, path, options = {}) => {
      const headers: Record<string, string> = {
        lang: options.lang ?? 'ar',
        ...options.headers,
        // The visitor's browser, and the mark that this call counts with its page (rate-limits.ts).
        'user-agent': String(req.headers['user-agent'] ?? ''),
        // The page's request id: the call's log lines carry the page's id.
        ...(req.id ? { 'x-request-id': req.id } : {}),
        [SITE_CALL_HEADER]: app.siteCallSecret,
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | Buffer | undefined;
      if (options.multipart) {
        const body = options.multipart.payload;
        payload = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        headers['content-type'] = options.multipart.contentType;
      } else if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const res = await app.inject({
        method: method as 'GET',
        url: `/api${path}`,
        query: options.query,
        headers,
        payload,
        // The visitor's own address (as TRUST_PROXY_HOPS found it) for limits, sessions and the audit log.
        remoteAddress: req.ip,
      });
      let body: { msg: string; key: string; data: unknown };
      try {
        body = res.json();
      } catch {
        body = { msg: '', key: 'exception', data: null };
      }
      return { status: res.statusCode, body };
    },
  };
}

/** Production: serve `apps/web/build`. Run `npm run build` first. */
export async function mountBuiltSite(app: App) {
  const buildDir = join(WEB_DIR, 'build');
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The site is not built: ${serverEntry} is missing. Run "npm run build".`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  await app.register(staticFiles, {
    root: join(buildDir, 'client'),
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      const immutable = path.includes(`${join(buildDir, 'client', 'assets')}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  await mountHandler(app, build, build.assets.version);
}

/** Development: Vite in middleware mode with hot reload. */
export async function mountDevSite(app: App) {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const vite = await createServer({
    root: WEB_DIR,
    configFile: join(WEB_DIR, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  const load = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  await mountHandler(app, load, 'dev');
}

/** React Router's single-fetch request of a client navigation (`/path.data`, `/_root.data`). */
const isDataRequest = (url: string) => /\.data(\?|$)/.test(url);

/**
 * `build`: the built site, or (development) a function that loads the current one. React Router prepares
 * a handler from a build object once; from a function it does so on every request (its route table
 * flattened and ranked again: 4-5 % of a signed-in page's time in production).
 */
async function mountHandler(app: App, build: ServerBuild | (() => Promise<ServerBuild>), buildId: string) {
  const handler = createRequestHandler(build, app.config.isProduction ? 'production' : 'development');
  const pages = app.limiter('site', { points: app.config.SITE_RATE_LIMIT_PER_MINUTE, seconds: 60 });
  app.get('/api/version', { schema: { hide: true } }, async (_req, reply) => reply.ok({ build_id: buildId }));
  // Visitors this process stored: 50,000 a day fit; past that a visitor may be written twice (no harm).
  const storedVisitors = new LRUCache<string, true>({ max: 50_000 });
  const storedVisitor = { has: (v: string) => storedVisitors.has(v), add: (v: string) => storedVisitors.set(v, true) };
  const countVisit = (req: FastifyRequest, status: number) => {
    if (status !== 200 || !countsAsVisit(req)) return;
    // Counted beside the answer, never in its way; a failure only costs one count.
    const visit = { ip: req.ip, agent: String(req.headers['user-agent']) };
    recordVisit(app.db, app.config.otpSecret, visit, storedVisitor).catch((err: unknown) =>
      req.log.warn({ err }, 'visits: not recorded'),
    );
  };
  const render = async (req: FastifyRequest, reply: FastifyReply) => {
    // One page load counts once here; the API calls it makes in process do not count again.
    const retryAfter = app.config.SITE_RATE_LIMIT_PER_MINUTE ? await secondsToWait(pages, req.ip) : null;
    // A document gets a small page at once; a client navigation (`.data`) goes through the router,
    // whose root loader answers 429 so that the page in the browser shows it in its own layout.
    if (retryAfter !== null && !isDataRequest(req.url)) return sendTooManyPage(req, reply, retryAfter);
    // A visitor who is not signed in gets the kept page when there is one (page-cache.ts).
    const pageKey = retryAfter === null && app.config.PUBLIC_CACHE ? pageCacheKey(req, buildId) : null;
    const kept = pageKey ? app.publicCache.pages.get(pageKey) : undefined;
    if (kept) {
      countVisit(req, 200);
      return sendCached(req, reply, kept);
    }
    const readAt = app.publicCache.generation();
    const entry = (typeof build === 'function' ? await build() : build).entry.module as unknown as SiteEntry;
    const context = new RouterContextProvider();
    const limited = retryAfter === null ? null : { retryAfter };
    context.set(entry.appContext, siteContextFor(app, req, reply, buildId, limited));
    const answer = () => handler(toWebRequest(req, reply), context);
    // A GET's API calls share their session lookups (lib/page-sessions.ts).
    const response = await (req.method === 'GET' ? withPageSessions(answer) : answer());
    countVisit(req, response.status);
    const page = pageKey ? await keepPage(app, reply, pageKey, readAt, response) : null;
    if (page) return sendCached(req, reply, page);
    return sendWebResponse(reply, response);
  };
  // Everything that is not /api is the site's; /api keeps its JSON 404.
  // Bodies stay unread here: React Router's actions read them from the stream.
  await app.register(async (site) => {
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', (_req, _payload, done) => done(null));
    site.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      // One label for every page in the metrics (plugins/metrics.ts).
      config: { metricsRoute: 'page' },
      handler: async (req, reply) => {
        if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) {
          return reply.callNotFound();
        }
        return render(req, reply);
      },
    });
  });
}
