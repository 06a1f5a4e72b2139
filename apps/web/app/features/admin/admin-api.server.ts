/**
 * The dashboard's loaders and actions reach the API with the admin token of the
 * `admin_auth` cookie and Arabic answers. Reads that fail end the page: 401 goes
 * back to sign-in (via the layout), 403 and 404 show the error page.
 */
import { data, redirect, type RouterContextProvider } from 'react-router';
import type { Pagination } from '@pool/contracts/core';
import { apiFor, isSuccess, pageStatus, type ApiResult } from '../../lib/api.server.ts';
import { readAdminToken } from '../../lib/cookies.server.ts';

type CallOptions = { query?: Record<string, string>; body?: unknown };

export async function adminApi(context: Readonly<RouterContextProvider>, request: Request) {
  const api = await apiFor(context, request);
  const token = await readAdminToken(request);
  const call = <T>(method: string, path: string, options: CallOptions = {}) =>
    api.call<T>(method, `/admin${path}`, { token, lang: 'ar', ...options });
  return {
    call,
    /** A GET the page cannot do without. */
    read: async <T>(path: string, query?: Record<string, string>) => must(await call<T>('GET', path, { query })),
    /** A public read (cities, countries); empty when it fails. */
    site: async <T>(path: string) => {
      const res = await api.call<T[]>('GET', path, { token: null, lang: 'ar' });
      return isSuccess(res) ? res.data : [];
    },
  };
}

export function must<T>(res: ApiResult<T>): T {
  if (isSuccess(res)) return res.data;
  if (res.status === 401 || res.key === 'blocked') throw redirect('/admin');
  throw data(res.msg, { status: pageStatus(res) });
}

/** The URL's search parameters, for list filters and pagination. */
export const queryOf = (request: Request, names: readonly string[]) => {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(names.map((n) => [n, params.get(n) ?? '']).filter(([, v]) => v !== ''));
};

export type City = { id: number; name: string };

/**
 * A filtered dashboard list (`q`, filters and `page` from the URL) and the
 * cities for its city filter, read together.
 */
export async function listWithCities<Row>(
  api: Awaited<ReturnType<typeof adminApi>>,
  request: Request,
  path: string,
  params: readonly string[],
) {
  const [list, cities] = await Promise.all([
    api.read<{ data: Row[]; pagination: Pagination }>(path, queryOf(request, params)),
    api.site<City>('/user/cities'),
  ]);
  return { list, cities };
}

/** What an action hands the page: the answer without anything else. */
export const answerOf = <T>(res: ApiResult<T>) => ({ msg: res.msg, key: res.key, data: res.data, status: res.status });
