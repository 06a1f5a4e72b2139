/**
 * The dashboard's loaders and actions reach the API with the admin token of the
 * `admin_auth` cookie and Arabic answers. Reads that fail end the page: 401 goes
 * back to sign-in (via the layout), 403 and 404 show the error page.
 */
import { data, redirect, type RouterContextProvider } from 'react-router';
import { apiFor, isSuccess, pageStatus, type ApiResult } from '../../lib/api.server.ts';
import type { ApiPath, PathData, PathQuery } from '../../lib/api.ts';
import { readAdminToken } from '../../lib/cookies.server.ts';

/**
 * The typed client (`GET`, `POST`, `DELETE`… on `/api/admin/...` paths) as the signed-in admin, in
 * Arabic; `anonymous` makes the site's public reads (cities, countries) without a token.
 */
export async function adminApi(context: Readonly<RouterContextProvider>, request: Request) {
  const api = await apiFor(context, request);
  const token = await readAdminToken(request);
  return { ...api.as({ token, lang: 'ar' }), anonymous: api.as({ token: null, lang: 'ar' }) };
}

export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** The data of a read the page cannot do without; else the page ends (sign-in again, or the error page). */
export function must<T>(res: ApiResult<T>): T {
  if (isSuccess(res)) return res.data;
  if (res.status === 401 || res.key === 'blocked') throw redirect('/admin');
  throw data(res.msg, { status: pageStatus(res) });
}

/** A public list (cities, countries); empty when it fails. */
export async function listOrEmpty<T>(call: Promise<ApiResult<T[]>>): Promise<T[]> {
  const res = await call;
  return isSuccess(res) ? res.data : [];
}

/** The reasons an admin refuses or cancels an order with (the customer's own are for the site). */
export const adminCancelReasons = (api: AdminApi) =>
  listOrEmpty(api.anonymous.GET('/api/user/cancel-reasons', { params: { query: { use: 'admin' } } }));

/** The URL's search parameters, for list filters and pagination. */
export const queryOf = (request: Request, names: readonly string[]) => {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(names.map((n) => [n, params.get(n) ?? '']).filter(([, v]) => v !== ''));
};

type QueryName<P extends ApiPath<'get'>> = keyof PathQuery<'get', P> & string;

/**
 * `GET path` that the page cannot do without, with the URL's search parameters `names` (list
 * filters, `page`; checked against the route's query) over the `defaults`. The URL's values go as
 * the browser wrote them, strings, as before: the API validates and coerces them as it does any
 * query string, so they stand in for the numbers and flags of the query's type here.
 */
export async function readWithUrl<P extends ApiPath<'get'>>(
  api: AdminApi,
  path: P,
  request: Request,
  names: readonly QueryName<P>[],
  defaults: PathQuery<'get', P> = {} as PathQuery<'get', P>,
): Promise<PathData<'get', P>> {
  const get = api.GET as unknown as (path: P, init: object) => Promise<ApiResult<PathData<'get', P>>>;
  return must(await get(path, { params: { query: { ...defaults, ...queryOf(request, names) } } }));
}

export type City = { id: number; name: string };

/**
 * A filtered dashboard list (`q`, filters and `page` from the URL) and the
 * cities for its city filter, read together.
 */
export async function listWithCities<P extends ApiPath<'get'>>(
  api: AdminApi,
  request: Request,
  path: P,
  names: readonly QueryName<P>[],
) {
  const [list, cities] = await Promise.all([
    readWithUrl(api, path, request, names),
    listOrEmpty(api.anonymous.GET('/api/user/cities')),
  ]);
  return { list, cities };
}

/**
 * A saving form's fields as the browser sent them (strings), `intent` and `id` aside: the API
 * validates and coerces them, so they stand in for the body's numbers and flags here.
 */
export const sentFields = <B>(form: FormData) =>
  Object.fromEntries(
    [...form.entries()].filter(([k]) => k !== 'intent' && k !== 'id').map(([k, v]) => [k, String(v)]),
  ) as unknown as B;

/** What an action hands the page: the answer without anything else. */
export const answerOf = <T>(res: ApiResult<T>) => ({ msg: res.msg, key: res.key, data: res.data, status: res.status });
