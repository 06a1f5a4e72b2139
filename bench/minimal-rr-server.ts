/**
 * The yardstick of the signed-in page row: a MINIMAL React Router page (a root route whose component is
 * one div inside the document with <Meta>, <Links>, <Scripts>) server-rendered by React Router's own
 * request handler from a tiny in-memory ServerBuild, served by a bare Fastify process the way
 * apps/server/src/plugins/site.ts serves the site (the Fastify request as a web Request, the
 * answer streamed from renderToPipeableStream). No loader, no data, no styles: what any page of
 * React Router costs at least on this machine.
 */
import { PassThrough, Readable } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createRequestHandler,
  Links,
  Meta,
  Scripts,
  ServerRouter,
  type EntryContext,
  type ServerBuild,
} from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';

function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context: routerContext, url: request.url }), {
      onShellReady() {
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
    });
  });
}

function Root() {
  return createElement(
    'html',
    { lang: 'en' },
    createElement('head', null, createElement('meta', { charSet: 'utf-8' }), createElement(Meta), createElement(Links)),
    createElement('body', null, createElement('div', null, 'ok'), createElement(Scripts)),
  );
}

const rootManifest = {
  id: 'root',
  parentId: undefined,
  path: '',
  index: undefined,
  caseSensitive: undefined,
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
  module: '/assets/root.js',
  imports: [],
  css: [],
};

const build = {
  entry: { module: { default: handleRequest } },
  routes: { root: { id: 'root', path: '', module: { default: Root } } },
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [], css: [] },
    routes: { root: rootManifest },
    url: '/assets/manifest.js',
    version: 'bench',
  },
  assetsBuildDirectory: 'build/client',
  basename: '/',
  future: { unstable_enableNodeReadableStream: false, unstable_optimizeDeps: false },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  publicPath: '/',
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  allowedActionOrigins: false,
} as unknown as ServerBuild;

const handler = createRequestHandler(build, 'production');

function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, String(v));
  }
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

const app = Fastify({ logger: false });
app.get('/', async (req, reply) => {
  const response = await handler(toWebRequest(req, reply));
  reply.status(response.status);
  for (const [k, v] of response.headers) reply.header(k, v);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3902) });
console.log('ready');
