import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']).optional(), ok: z.boolean() }),
  /** Signed-in callers only: what an anonymous prober need not know. */
  uptime_seconds: z.number().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check (engine and uptime for signed-in callers only)',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (request, reply) => {
      const dbOk = await app.database.ping().then(
        () => true,
        () => false,
      );
      const detailed = request.auth !== null;
      const body = {
        status: dbOk ? ('ok' as const) : ('degraded' as const),
        database: { ok: dbOk, ...(detailed ? { engine: app.database.engine } : {}) },
        ...(detailed ? { uptime_seconds: Math.round(process.uptime()) } : {}),
      };
      return reply.status(dbOk ? 200 : 503).send(body);
    },
  );
};
