import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  uptime_seconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_request, reply) => {
      const dbOk = await app.database.ping().then(
        () => true,
        () => false,
      );
      const body = {
        status: dbOk ? ('ok' as const) : ('degraded' as const),
        database: { engine: app.database.engine, ok: dbOk },
        uptime_seconds: Math.round(process.uptime()),
      };
      return reply.status(dbOk ? 200 : 503).send(body);
    },
  );
};
