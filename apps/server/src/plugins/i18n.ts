import fp from 'fastify-plugin';
import { DEFAULT_LANG, isLang, type Lang } from '@pool/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** Language of a request: the `lang` header, then Accept-Language, then Arabic. */
export function requestLang(headers: Record<string, string | string[] | undefined>): Lang {
  const explicit = String(headers.lang ?? '')
    .trim()
    .toLowerCase();
  if (isLang(explicit)) return explicit;
  const accept = String(headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return DEFAULT_LANG;
}

export default fp(async (app) => {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = requestLang(req.headers);
    done();
  });
});
