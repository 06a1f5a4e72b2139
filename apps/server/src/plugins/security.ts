/** Security headers with a per-response CSP nonce, CORS allow-list and compression (rate limits: rate-limits.ts). */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';
import compress from '@fastify/compress';

/**
 * Where the Google Maps JavaScript API loads its code and data from, allowed only when a maps key is
 * configured (the address map pin). The loader is maps.googleapis.com; the places search element
 * calls places.googleapis.com (Places API (New)); tiles, marker images, styles and the map id's
 * configuration come from other googleapis.com / gstatic.com hosts and, for a few services, google.com.
 * This is the set of Google's "strict CSP" guide (developers.google.com/maps/documentation/javascript/content-security-policy).
 */
export const GOOGLE_MAPS_HOSTS = ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'];

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces (in the policy's script-src and style-src). */
    cspNonce: { script: string; style: string };
  }
}

/** Stand-ins for the nonces in the policy computed once at start; a response that needs nonces gets real ones. */
const PLACEHOLDER = { script: 'SCRIPT-NONCE-PLACEHOLDER', style: 'STYLE-NONCE-PLACEHOLDER' } as const;
const nonceOf = (kind: 'script' | 'style') => () => `'nonce-${PLACEHOLDER[kind]}'`;
const CSP = 'Content-Security-Policy';
/**
 * What an API answer (JSON, the event stream) carries of the page's headers: nothing loads from it and nothing
 * frames it, so a two-directive policy (OWASP's for REST), HSTS, the referrer policy, nosniff and CORP. The
 * headers only a document reads are left out: the 1.1 KB of a page's headers took a bare route from 94,000 to
 * 74,000 answers a second here, a cached read's 304 as much (bench notes of 2026-11-29e).
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const DOCUMENT_ONLY = new Set([
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
]);
/** Addresses of API answers; the API's documentation is a page (swagger UI). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
const drawn = Symbol('cspNonce');
type NoncedReply = FastifyReply & { [drawn]?: { script: string; style: string } };

/** The headers a helmet middleware sets, computed once (none of them depends on the request). */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const set = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => set.set(name, value), removeHeader: () => {} };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...set];
}

export default fp(async (app) => {
  const { config } = app;
  const maps = config.MAPS_API_KEY ? GOOGLE_MAPS_HOSTS : [];
  // Computed once: per response only the nonces are drawn and put in, and only by a response that reads
  // them (a page); a JSON answer draws none (@fastify/helmet computed every header again for every
  // request, a tenth of a cached answer's time; the nonces' random bytes another twentieth).
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The nonce is added per response; 'strict-dynamic' lets the module graph load.
          // The maps loader is a script added by our own (nonce'd) code and it adds the API's other scripts:
          // 'strict-dynamic' trusts them; the host list is only a fallback for browsers without it (CSP 2).
          scriptSrc: ["'self'", "'strict-dynamic'", ...maps, nonceOf('script')],
          styleSrc: ["'self'", "'unsafe-inline'", nonceOf('style')],
          // The nonce in style-src turns 'unsafe-inline' off there; these keep
          // Mantine's style attributes and <style> tags working (they take precedence over style-src).
          styleSrcAttr: ["'unsafe-inline'"],
          // Google Maps injects its own <style> tags and may link Google Fonts' stylesheet.
          styleSrcElem: ["'self'", "'unsafe-inline'", ...(maps.length ? ['https://fonts.googleapis.com'] : [])],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          // Tiles, places predictions and details (places.googleapis.com), the map id's style: the maps hosts.
          connectSrc: ["'self'", ...maps, ...(maps.length ? ['data:', 'blob:'] : [])],
          fontSrc: ["'self'", 'data:', ...(maps.length ? ['https://fonts.gstatic.com'] : [])],
          // Map tiles are data:/blob:/https: images, already allowed by img-src; the vector map renders in blob: workers.
          workerSrc: maps.length ? ["'self'", 'blob:'] : null,
          // Some Maps services (e.g. the key's usage report) run in a google.com frame; no frames otherwise.
          frameSrc: maps.length ? ["'self'", 'https://*.google.com'] : null,
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          // Without JavaScript the wallet's charge form is redirected to Moyasar's hosted page.
          formAction: config.PAYMENT_DRIVER === 'moyasar' ? ["'self'", 'https://checkout.moyasar.com'] : ["'self'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const policy = headers.find(([name]) => name === CSP)![1];
  const apiHeaders = headers
    .filter(([name]) => !DOCUMENT_ONLY.has(name))
    .map(([name, value]): [string, string] => [name, name === CSP ? API_CSP : value]);
  const documentOnly = headers.filter(([name]) => DOCUMENT_ONLY.has(name));
  // Without nonces (no inline script or style is allowed by nonce): what a response that reads none sends.
  const policyWithoutNonces = policy.replace(/ 'nonce-[A-Z-]+'/g, '');
  app.decorateReply('cspNonce', {
    getter(this: NoncedReply) {
      if (!this[drawn]) {
        const nonces = { script: randomBytes(16).toString('base64'), style: randomBytes(16).toString('base64') };
        this[drawn] = nonces;
        // A document served under /api/ (the payment sandbox's page) gets a page's headers too.
        for (const [name, value] of documentOnly) this.raw.setHeader(name, value);
        this.raw.setHeader(
          CSP,
          policy.replace(PLACEHOLDER.script, nonces.script).replace(PLACEHOLDER.style, nonces.style),
        );
      }
      return this[drawn];
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiAnswer(req.url)) for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
    else for (const [name, value] of headers) reply.raw.setHeader(name, name === CSP ? policyWithoutNonces : value);
    done();
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: true,
    allowedHeaders: ['authorization', 'content-type', 'lang', 'accept-language', 'idempotency-key'],
  });
  await app.register(compress, { global: true, threshold: 1024 });
});
