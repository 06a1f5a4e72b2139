/**
 * What the server gives every loader and action of the site
 * (apps/server/src/plugins/site.ts sets it, apps/web/app/context.ts reads it).
 */
export type ApiEnvelope<T = unknown> = { msg: string; key: string; data: T };

export type ApiCallOptions = {
  body?: unknown;
  query?: Record<string, string>;
  token?: string | null;
  lang?: string;
  headers?: Record<string, string>;
  /** A multipart body forwarded as the browser sent it. */
  multipart?: { payload: Uint8Array; contentType: string };
};

export type SiteContext = {
  /** The CSP nonce of this response. */
  nonce: string;
  /** Calls `/api{path}` in-process; returns the envelope and the HTTP status. */
  api: (method: string, path: string, options?: ApiCallOptions) => Promise<{ status: number; body: ApiEnvelope }>;
  clientIp: string;
  buildId: string;
  /** Set when the visitor is over the page limit (a client navigation): the root loader answers 429. */
  limited: { retryAfter: number } | null;
};
