import { ZDashboardCounts } from '@portal/shared/schemas/dashboard';
import { successSchema } from '@portal/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { dashboardCounts } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashbored/count',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard counts (SPEC spelling); user counts only for users.index holders',
        response: { 200: successSchema(ZDashboardCounts) },
      },
    },
    async (request) => ok(await dashboardCounts(request.ctx())),
  );
};
