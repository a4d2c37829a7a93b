import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the routes' zod schemas. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Savings associations and service requests portal API',
        version: '1.0.0',
        description:
          'Errors: { status: "error", code, message, errors[] }, translated by Accept-Language (ar default, en).',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
});

/** The Swagger UI at /api/docs; every route of this context is public. */
export async function docsUiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
