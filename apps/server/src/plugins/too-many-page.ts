/**
 * The page a visitor over the page limit gets (429): small and made without
 * the site's renderer or any API call, since being cheap is its point; in the
 * visitor's language and direction, with the wait and a link home.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate, type Lang } from '@pool/i18n';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's language from its address: English under /en, Arabic elsewhere (as the site decides). */
export const pageLang = (url: string): Lang => (/^\/en(\/|\?|$)/.test(url) ? 'en' : 'ar');

export function sendTooManyPage(req: FastifyRequest, reply: FastifyReply, retryAfter: number) {
  const lang = pageLang(req.url);
  const t = (key: string, params?: Record<string, unknown>) => escape(translate(lang, key, params));
  const home = lang === 'en' ? '/en' : '/';
  const html = `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t('common.too_many_title')}</title>
<style nonce="${reply.cspNonce.style}">
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:4rem;margin:0;color:#0c8599}h2{margin:.5rem 0 1rem}p{line-height:1.7;color:#495057}
a{display:inline-block;margin-top:1rem;padding:.6rem 1.4rem;border-radius:.5rem;background:#1c7ed6;color:#fff;text-decoration:none}
</style>
</head>
<body><main>
<h1>429</h1><h2>${t('common.too_many_title')}</h2>
<p>${t('common.too_many_wait', { count: retryAfter })}</p>
<a href="${home}">${t('common.go_home')}</a>
</main></body>
</html>`;
  return reply
    .code(429)
    .header('retry-after', String(retryAfter))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
