/**
 * OpenAPI 3.1 generated from the route schemas, at /api/openapi.json with a UI at /api/docs.
 * In production they are served only with `API_DOCS=1` (SECURITY.md: no map of the API for everyone).
 */
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Whether the documents are served: always outside production, in it only with `API_DOCS`. */
export const apiDocsServed = (config: Pick<Config, 'isProduction' | 'API_DOCS'>) =>
  !config.isProduction || config.API_DOCS;

export default fp(async (app) => {
  // Not even loaded otherwise: the document and its libraries are kept only where they are served.
  if (!apiDocsServed(app.config)) return;
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Masabeh API',
        version: '1.0.0',
        description:
          'One JSON API for the website and the mobile apps. Every answer is `{ msg, key, data }`; `msg` follows the `lang` header (ar by default, en). Send `Authorization: Bearer <token>` when signed in.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
