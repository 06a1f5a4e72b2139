/**
 * The site's pages for visitors who are not signed in, kept in memory (ADR 0024; the store is
 * plugins/public-cache.ts, emptied on every change of public data). A page is kept per address,
 * host, remembered language (the `lang` cookie), whether the browser prefers English (the
 * home page redirects on it) and whether it holds this build's stylesheets (the `styles` cookie,
 * ADR 0026: linked, not inlined): every visitor of such a key is served the same bytes, the `lang`
 * cookie the page sets included. A visitor with any other cookie (a session, a cart) is rendered for.
 *
 * The page's inline scripts carry the nonce of the response that rendered it; a kept page is sent
 * with a policy that allows exactly those scripts by their SHA-256 instead, so that no nonce is
 * ever shared between visitors.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import { LOCALE_COOKIE, STYLES_COOKIE } from '@pool/contracts';
import type { App } from '../app-type.ts';
import type { CachedAnswer } from './public-cache.ts';

/**
 * The key of the page a request asks for, or null when it must be rendered for this visitor.
 * `buildId`: the site build's version, which the `styles` cookie names when the stylesheets are held.
 */
export function pageCacheKey(req: FastifyRequest, buildId: string): string | null {
  if (req.method !== 'GET' || req.headers.authorization) return null;
  const cookies = parseCookie(req.headers.cookie ?? '');
  // Only the language and the stylesheets may be remembered: a session, a cart key (its badge) or any
  // cookie unknown here may change what the page shows.
  if (Object.keys(cookies).some((name) => name !== LOCALE_COOKIE && name !== STYLES_COOKIE)) return null;
  const prefersEnglish = /^en\b/i.test(String(req.headers['accept-language'] ?? ''));
  const linked = cookies[STYLES_COOKIE] === buildId;
  return [
    req.protocol,
    req.host,
    req.url,
    cookies[LOCALE_COOKIE] ?? '',
    prefersEnglish ? 'en' : '',
    linked ? 'linked' : '',
  ].join('|');
}

/** `script-src` (and `style-src`) of `policy` with the nonce replaced by the hashes of the page's inline scripts. */
export function policyByHashes(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
  }
  return policy
    .split(';')
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/, 1);
      const withoutNonce = directive.replace(/\s'nonce-[^']*'/g, '');
      return name === 'script-src' ? `${withoutNonce} ${[...hashes].join(' ')}` : withoutNonce;
    })
    .join(';');
}

/**
 * Keeps a rendered page when it is everyone's: a 200 whose only cookie is the language. Answers the
 * page to send, or null when it is this visitor's alone (send `response`: its body is unread).
 */
export async function keepPage(
  app: App,
  reply: FastifyReply,
  key: string,
  readAt: number,
  response: Response,
): Promise<CachedAnswer | null> {
  const cookies = response.headers.getSetCookie();
  if (response.status !== 200 || cookies.some((c) => !c.startsWith(`${LOCALE_COOKIE}=`))) return null;
  const body = Buffer.from(await response.arrayBuffer());
  // The page differs by the cookies and the language asked for (see pageCacheKey).
  const headers: Record<string, string | string[]> = { vary: 'cookie, accept-language, accept-encoding' };
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  if (cookies.length) headers['set-cookie'] = cookies;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && /text\/html/.test(String(headers['content-type']))) {
    headers['content-security-policy'] = policyByHashes(policy, body.toString('utf8'));
  }
  return app.publicCache.pages.set(key, readAt, { status: 200, headers, body });
}
