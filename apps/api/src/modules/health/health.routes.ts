import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFailures } from '../../lib/export.js';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    engine: z
      .enum(['postgres', 'embedded-postgres'])
      .describe('embedded-postgres: the server the API started itself (no DATABASE_URL)')
      .optional(),
    ok: z.boolean(),
  }),
  /** Signed-in callers only: what an anonymous prober need not know. */
  uptime_seconds: z.number().optional(),
  /** Signed-in callers only: what a monitor counts (decision 0026). */
  exports: z
    .object({
      failed: z
        .number()
        .int()
        .describe(
          'CSV/XLSX exports cut part-way (after their 200 and headers went out) since this process started; each is also logged with event "export.failed"',
        ),
    })
    .optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check (engine, uptime and failed exports for signed-in callers only)',
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
        ...(detailed ? { uptime_seconds: Math.round(process.uptime()), exports: { failed: exportFailures() } } : {}),
      };
      return reply.status(dbOk ? 200 : 503).send(body);
    },
  );
};
