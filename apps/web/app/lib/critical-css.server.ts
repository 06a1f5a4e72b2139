/**
 * Critical CSS (issue 13): a document carries the stylesheets of the routes it renders inline, so
 * its first paint waits for no stylesheet request, and the `<link rel="stylesheet">` tags React
 * Router renders for them come out `disabled`: neither fetched nor render-blocking.
 *
 * The links stay in the document so that hydration finds what the client renders (React keeps the
 * attributes the server sent) and client navigations skip stylesheets the page already has; the
 * inline `<style>` stays in the head for the life of the page (React leaves head nodes it did not
 * render alone). Stylesheets of the routes a later navigation opens load as usual.
 *
 * A browser that holds the build's stylesheets (the `styles` cookie names the build, ADR 0026:
 * `stylesheet-cache.ts` fetches the first page's after its load) gets the plain links instead, and the
 * documents are 130 KB lighter: its cache answers the links of the routes it has seen; a route not seen
 * yet fetches its own few files before it paints.
 *
 * Only for the production build: the development server inlines its own critical CSS.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformOptions } from 'node:stream';
import { parseCookie } from 'cookie';
import { STYLES_COOKIE } from '@pool/contracts/core';

/** Whether the request's browser holds the stylesheets of this build (`version`: the manifest's). */
export function stylesheetsCached(cookieHeader: string | null, version: string): boolean {
  return parseCookie(cookieHeader ?? '')[STYLES_COOKIE] === version;
}

/** The part of React Router's manifest read here: each route's stylesheets (`/assets/x.css`). */
export type StylesheetManifest = { routes: Record<string, { css?: string[] } | undefined> };

/** The stylesheets of these routes (root first, as `<Links>` renders them), each once. */
export function stylesheetsOf(manifest: StylesheetManifest, routeIds: readonly string[]): string[] {
  return [...new Set(routeIds.flatMap((id) => manifest.routes[id]?.css ?? []))];
}

/**
 * The CSS text of a list of stylesheets, read once per list from the client build (`clientDir`,
 * where `/assets/x.css` and `/assets/x.css#` are `<clientDir>/assets/x.css`). Null when one of them is not there (then
 * the page keeps its ordinary links).
 */
export function criticalCssReader(clientDir: string): (hrefs: readonly string[]) => string | null {
  const cache = new Map<string, string | null>();
  return (hrefs) => {
    const key = hrefs.join(' ');
    let css = cache.get(key);
    if (css === undefined) {
      // React Router marks a stylesheet that a lazy chunk also loads with a trailing `#`.
      const paths = [...new Set(hrefs.map((href) => href.replace(/[?#].*$/, '')))];
      const files = paths.map((path) => join(clientDir, ...path.split('/').filter((p) => p && p !== '..')));
      css = files.every((f) => existsSync(f)) ? files.map((f) => readFileSync(f, 'utf8')).join('\n') : null;
      cache.set(key, css);
    }
    return css;
  };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Adds `disabled` to the `<link rel="stylesheet">` tags of these stylesheets in an HTML text. */
export function disableStylesheetLinks(html: string, hrefs: readonly string[]): string {
  if (!hrefs.length) return html;
  const href = new RegExp(`\\shref="(?:${hrefs.map(escapeRegExp).join('|')})"`);
  return html.replace(/<link\b[^>]*>/g, (tag) =>
    /\srel="stylesheet"/.test(tag) && href.test(tag) && !/\sdisabled\b/.test(tag)
      ? tag.replace(/\s*\/?>$/, (end) => ` disabled=""${end.trim() === '/>' ? '/>' : '>'}`)
      : tag,
  );
}

/** The most of a document held back while looking for `</head>` (then it passes unchanged). */
const HEAD_LIMIT = 1024 * 1024;

/**
 * A stream that hands the document's head (everything before `</head>`) to `rewrite` once, then
 * passes the rest through as it comes.
 */
export function headRewriter(rewrite: (head: string) => string, options: TransformOptions = {}): Transform {
  let held: Buffer | null = Buffer.alloc(0);
  return new Transform({
    ...options,
    transform(chunk: Buffer, _encoding, done) {
      if (!held) return done(null, chunk);
      const text = Buffer.concat([held, chunk]);
      const end = text.indexOf('</head>');
      if (end === -1 && text.length < HEAD_LIMIT) {
        held = text;
        return done();
      }
      held = null;
      if (end === -1) return done(null, text);
      done(null, Buffer.concat([Buffer.from(rewrite(text.subarray(0, end).toString('utf8'))), text.subarray(end)]));
    },
    flush(done) {
      if (held?.length) this.push(held);
      held = null;
      done();
    },
  });
}
