import { fileURLToPath } from 'node:url';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appContext } from './context.ts';
import { batchedBody } from './lib/batched-body.server.ts';
import {
  criticalCssReader,
  disableStylesheetLinks,
  headRewriter,
  stylesheetsCached,
  stylesheetsOf,
} from './lib/critical-css.server.ts';

/** The server sets this context key for every request (apps/server/src/plugins/site.ts). */
export { appContext };

export const streamTimeout = 5_000;

/** The production build's stylesheets, inlined in a first visit's documents (lib/critical-css.server.ts); this file is build/server/index.js there. */
const readCriticalCss = import.meta.env.PROD
  ? criticalCssReader(fileURLToPath(new URL('../client/', import.meta.url)))
  : null;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.get(appContext).nonce;
  const stylesheets = stylesheetsOf(
    routerContext.manifest,
    routerContext.staticHandlerContext.matches.map((m) => m.route.id),
  );
  const cached = stylesheetsCached(request.headers.get('cookie'), routerContext.manifest.version);
  const criticalCss = cached ? null : (readCriticalCss?.(stylesheets) ?? null);
  const context = criticalCss === null ? routerContext : { ...routerContext, criticalCss };
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const ready: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} nonce={nonce} />, {
      nonce,
      [ready]() {
        shellRendered = true;
        const final = (callback: () => void) => {
          clearTimeout(timeout);
          timeout = undefined;
          callback();
        };
        const rendered = batchedBody({ final });
        // The inlined stylesheets' links: neither fetched nor render-blocking.
        const body =
          criticalCss === null
            ? rendered
            : rendered.pipe(headRewriter((head) => disableStylesheetLinks(head, stylesheets)));
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(rendered);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
