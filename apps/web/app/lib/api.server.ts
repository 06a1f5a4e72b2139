/**
 * The site's one way to the API: in-process calls with the visitor's token and the page language.
 * Loaders and actions use `apiFor(context, request)`: an openapi-fetch client typed by the
 * generated `api-schema.d.ts` (see api.ts) whose `fetch` is `site.api` (`app.inject`), so no
 * network hop, and the API sees the visitor as the mobile apps' requests are seen.
 */
import createClient from 'openapi-fetch';
import type { RouterContextProvider } from 'react-router';
import type { ApiCallOptions, SiteContext } from '@pool/contracts/account';
import { appContext } from '../context.ts';
import { langFromPath, pagePath } from './lang.ts';
import { readAuth } from './cookies.server.ts';
import { answering, type ApiPath, type ApiPaths, type PathAnswer } from './api.ts';

export type { ApiResult } from './api.ts';

/** Whom a call is made as: the token (none: anonymous) and the answers' language. */
export type Caller = { token?: string | null; lang: string; headers?: Record<string, string> };

/** The origin of the client's URLs; never reached: `fetch` below answers in process. */
const IN_PROCESS = 'http://in-process.invalid';
const API_PREFIX = '/api';

/** openapi-fetch's `fetch`, answered by `site.api` with the caller's token and language. */
function inProcessFetch(site: SiteContext, caller: Caller) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = { ...caller.headers };
    request.headers.forEach((value, name) => {
      if (name !== 'content-type' && name !== 'content-length') headers[name] = value;
    });
    const options: ApiCallOptions = { token: caller.token, lang: caller.lang, headers };
    if (url.searchParams.size) options.query = Object.fromEntries(url.searchParams);
    const text = request.body ? await request.text() : '';
    // A call with a method that takes a body sends `{}` when it has none (the API parses it as JSON).
    if (text) options.body = JSON.parse(text);
    else if (request.method !== 'GET' && request.method !== 'DELETE') options.body = {};
    const res = await site.api(request.method, url.pathname.slice(API_PREFIX.length), options);
    return Response.json(res.body, { status: res.status });
  };
}

/** The typed client (and its envelope-answering methods) for one caller. */
export function apiAs(site: SiteContext, caller: Caller) {
  const client = createClient<ApiPaths>({ baseUrl: IN_PROCESS, fetch: inProcessFetch(site, caller) });
  return {
    client,
    ...answering(client),
    /** Forwards a multipart form (sign-up, profile image) as the browser sent it. */
    multipart: async <P extends ApiPath<'post'>>(path: P, req: Request) => {
      const payload = Buffer.from(await req.arrayBuffer());
      const res = await site.api('POST', path.slice(API_PREFIX.length), {
        token: caller.token,
        lang: caller.lang,
        headers: caller.headers,
        multipart: { payload, contentType: req.headers.get('content-type') ?? '' },
      });
      return { ...res.body, status: res.status } as PathAnswer<'post', P>;
    },
  };
}

export type Api = Awaited<ReturnType<typeof apiFor>>;

export async function apiFor(context: Readonly<RouterContextProvider>, request: Request) {
  const site = context.get(appContext);
  const auth = await readAuth(request);
  const lang = langFromPath(pagePath(request));
  return {
    auth,
    lang,
    site,
    ...apiAs(site, { token: auth?.token, lang }),
    /** The same client as someone else: the dashboard's admin token, a cart key, no token. */
    as: (caller: Caller) => apiAs(site, caller),
  };
}

export const isSuccess = (r: { key: string; status: number }) => r.key === 'success' && r.status === 200;

/**
 * The page's status for an API answer a loader cannot do without: the answer's own for a refusal
 * (4xx: 403, 404, 429…) and for 503 (unavailable for now), 500 for anything else.
 */
export const pageStatus = (r: { status: number }) =>
  (r.status >= 400 && r.status < 500) || r.status === 503 ? r.status : 500;
