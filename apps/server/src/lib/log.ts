/**
 * What the logs may hold (SECURITY.md 35): no phone number, code, token or SQL parameter.
 * Requests are logged by path only (a query string may carry a phone number or a token),
 * secrets in objects are redacted by path, and errors are written without the values
 * Drizzle puts in its query errors ("params: …") or PostgreSQL in its details.
 */
import type { FastifyRequest } from 'fastify';
import { errorChain } from '@pool/db';

/** Paths pino replaces with "[redacted]". */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.code',
  '*.password',
  '*.token',
  '*.registration_token',
  '*.phone',
  '*.full_phone',
  '*.params',
];

/** A request as logged: method and path, never the query string, headers or body. */
export const logSafeRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: req.url.split('?')[0] ?? '',
  id: req.id,
});

/** Properties of PostgreSQL's errors worth keeping; `detail` and `where` may quote the row's values. */
const KEPT = ['severity', 'routine', 'constraint', 'table', 'column', 'statusCode'] as const;

type LoggedError = { type: string; message: string; stack: string; query?: string; cause?: LoggedError } & Record<
  string,
  unknown
>;

/** Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');

/** The `err` serializer of the logger. */
export function logSafeError(err: unknown): LoggedError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: String(err), stack: '' };
  const chain = [...errorChain(err)] as (Error & Record<string, unknown>)[];
  const one = (e: Error & Record<string, unknown>): LoggedError => {
    const out: LoggedError = {
      type: e.constructor?.name ?? 'Error',
      message: withoutParams(String(e.message ?? '')),
      stack: typeof e.stack === 'string' ? withoutParams(e.stack) : '',
      ...(typeof e.query === 'string' ? { query: e.query } : {}),
    };
    // As `error_code`: `*.code` is redacted everywhere (a sign-in code).
    if (typeof e.code === 'string' || typeof e.code === 'number') out.error_code = e.code;
    for (const k of KEPT) if (e[k] !== undefined && typeof e[k] !== 'object') out[k] = e[k];
    return out;
  };
  const logged = chain.map(one);
  for (let i = logged.length - 2; i >= 0; i--) logged[i]!.cause = logged[i + 1];
  return logged[0]!;
}
