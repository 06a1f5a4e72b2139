/**
 * OpenAPI 3.1 generated from the route schemas, at /api/openapi.json with a UI at /api/docs.
 * In production they are served only with `API_DOCS=1` (SECURITY.md: no map of the API for everyone).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export default fp(async (app) => {
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
  if (app.config.isProduction && !app.config.API_DOCS) return;
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
