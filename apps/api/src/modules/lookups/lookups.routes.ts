import { ZRegistrationLookups } from '@portal/shared/schemas/accounts';
import { successSchema } from '@portal/shared/schemas/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { registrationLookupLists } from './lookups.repository.js';

export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/register/data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Registration and recovery lookups (name English, name_local Arabic)',
        response: { 200: successSchema(ZRegistrationLookups) },
      },
    },
    async () => ok(await registrationLookupLists(app.db)),
  );
};
