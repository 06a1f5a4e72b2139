/**
 * The typed API client's shape, shared by the server side (api.server.ts, in-process) and the
 * browser (api.client.ts). Paths, parameters, bodies and answers come from `api-schema.d.ts`,
 * generated from the server's OpenAPI document (`npm run api:types`): a call to a path the API
 * does not have, or with the wrong parameters or body, does not typecheck.
 *
 * The methods are openapi-fetch's (`api.GET('/api/user/store/products/{id}', { params: { path: { id } } })`);
 * they answer the envelope `{ msg, key, data }` with the HTTP `status`, as the pages have always read
 * it. Its type is the route's success answer: read `data` after `isSuccess` (a refusal's `data` is
 * the refusal's, often null).
 */
import type { Client, ClientPathsWithMethod, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './api-schema.d.ts';

export type ApiPaths = paths;
export type ApiHttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The API's paths that answer `method`, e.g. `ApiPath<'post'>`. */
export type ApiPath<M extends ApiHttpMethod> = ClientPathsWithMethod<Client<paths>, M>;

/** The answer as the pages read it: the envelope and the HTTP status. */
export type ApiResult<T = unknown> = { msg: string; key: string; data: T; status: number };

type Operation<P extends keyof paths, M extends ApiHttpMethod> = paths[P][M] & Record<string | number, unknown>;

/**
 * The envelope of a route's 200 answer, as its schema declares it. (Not openapi-fetch's `data` type:
 * its `Readable` drops a property declared `null`, such as `data` of an answer without data.)
 */
type SuccessBody<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } }
  ? B
  : Omit<ApiResult, 'status'>;

/** The answer of `method path`, e.g. `PathAnswer<'post', '/api/user/sign-up'>`. */
export type PathAnswer<M extends ApiHttpMethod, P extends ApiPath<M>> = SuccessBody<Operation<P, M>> & {
  status: number;
};
/** The `data` of a path's success answer. */
export type PathData<M extends ApiHttpMethod, P extends ApiPath<M>> = PathAnswer<M, P>['data'];
/** A path's JSON body, e.g. `PathBody<'post', '/api/admin/features'>`. */
export type PathBody<M extends ApiHttpMethod, P extends ApiPath<M>> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** A path's path parameters (`{ id: number }` for `/api/admin/products/{id}`); never when it has none. */
export type PathParams<M extends ApiHttpMethod, P extends ApiPath<M>> =
  Operation<P, M> extends { parameters: { path: infer X } } ? X : never;
/** A path's query parameters, e.g. `PathQuery<'get', '/api/user/store/products'>`. */
export type PathQuery<M extends ApiHttpMethod, P extends ApiPath<M>> = NonNullable<
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never
>;

// openapi-fetch's own (not exported): the second argument is required when the route has required
// parameters or a required body.
type RequiredKeysOfHelper<T> = { [K in keyof T]: object extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** openapi-fetch's method, answering the envelope and status. */
export type ApiMethod<M extends ApiHttpMethod> = <P extends ApiPath<M>, I extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitParam<I>
) => Promise<PathAnswer<M, P>>;

export type ApiMethods = {
  GET: ApiMethod<'get'>;
  POST: ApiMethod<'post'>;
  PUT: ApiMethod<'put'>;
  PATCH: ApiMethod<'patch'>;
  DELETE: ApiMethod<'delete'>;
};

/**
 * Values of a browser form forwarded as they came (strings), for a body or path the API validates
 * and coerces as it does a form-urlencoded request. The schema types the parsed values (numbers,
 * flags), so strings stand in for them here; the names are still checked against the route's:
 * `asSent<PathBody<'post', '/api/admin/delivery-prices/{city_id}'>>({ price, free_above })`.
 */
export type AsSent<B> = {
  [K in keyof B]: B[K] | string | (NonNullable<B[K]> extends readonly unknown[] ? string[] : never);
};
export const asSent = <B>(values: AsSent<B>) => values as B;

/** What a body that is not the envelope (none, or not JSON) reads as: as the in-process call always did. */
const NO_ENVELOPE = { msg: '', key: 'exception', data: null };

type Raw = { data?: unknown; error?: unknown; response: Response };
const answer = ({ data, error, response }: Raw) => {
  const body = data ?? error;
  const envelope = body && typeof body === 'object' ? body : NO_ENVELOPE;
  return { ...envelope, status: response.status };
};

/** The client's methods answering `{ msg, key, data, status }`; `seen` looks at every answer first. */
export function answering(client: Client<paths>, seen?: (answer: object) => void): ApiMethods {
  const wrap = (method: keyof ApiMethods) => {
    const call = client[method] as unknown as (url: string, init?: object) => Promise<Raw>;
    return (async (url: string, init?: object) => {
      const a = answer(await call(url, init));
      seen?.(a);
      return a;
    }) as never;
  };
  return { GET: wrap('GET'), POST: wrap('POST'), PUT: wrap('PUT'), PATCH: wrap('PATCH'), DELETE: wrap('DELETE') };
}
