/**
 * The site's one way to the API: in-process calls with the visitor's token and
 * the page language. Loaders and actions use `apiFor(context, request)`.
 */
import type { RouterContextProvider } from 'react-router';
import { appContext, type ApiEnvelope } from '../context.ts';
import { langFromPath, pagePath } from './lang.ts';
import { readAuth } from './cookies.server.ts';

export type ApiResult<T = unknown> = ApiEnvelope<T> & { status: number };

export async function apiFor(context: Readonly<RouterContextProvider>, request: Request) {
  const site = context.get(appContext);
  const auth = await readAuth(request);
  const lang = langFromPath(pagePath(request));
  const call = async <T>(method: string, path: string, options: Parameters<typeof site.api>[2] = {}) => {
    const res = await site.api(method, path, { token: auth?.token, lang, ...options });
    return { ...(res.body as ApiEnvelope<T>), status: res.status } as ApiResult<T>;
  };
  return {
    auth,
    lang,
    site,
    get: <T>(path: string, query?: Record<string, string>) => call<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, { body: body ?? {} }),
    patch: <T>(path: string, body?: unknown) => call<T>('PATCH', path, { body: body ?? {} }),
    del: <T>(path: string) => call<T>('DELETE', path),
    /** Forwards a multipart form (sign-up, profile image) as the browser sent it. */
    multipart: async <T>(path: string, req: Request) => {
      const payload = Buffer.from(await req.arrayBuffer());
      return call<T>('POST', path, { multipart: { payload, contentType: req.headers.get('content-type') ?? '' } });
    },
    call,
  };
}

export const isSuccess = (r: { key: string; status: number }) => r.key === 'success' && r.status === 200;

/**
 * The page's status for an API answer a loader cannot do without: the answer's own for a refusal
 * (4xx: 403, 404, 429…) and for 503 (unavailable for now), 500 for anything else.
 */
export const pageStatus = (r: { status: number }) =>
  (r.status >= 400 && r.status < 500) || r.status === 503 ? r.status : 500;
