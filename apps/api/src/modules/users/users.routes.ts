import { ZUserSchema } from '@portal/shared/schemas/auth';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requireAuth } from '../../plugins/auth.js';
import { getUser } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user (themselves, or anyone with users.view)',
        params: ZIdParams,
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) => ok(await getUser(app.db, requireAuth(request), request.params.id)),
  );
};
