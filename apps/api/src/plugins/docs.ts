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
    // Public routes need no token: say so in the document, not only in the code.
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const access = (input.route.config as { access?: string } | undefined)?.access;
      return access === 'public' ? { ...result, schema: { ...result.schema, security: [] } } : result;
    },
  });
});

/** The Swagger UI at /api/docs (API_DOCS; off by default in production); every route of this context is public. */
export async function docsUiRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
