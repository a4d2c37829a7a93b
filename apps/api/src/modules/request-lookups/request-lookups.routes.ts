import { successSchema } from '@portal/shared/schemas/envelope';
import { ZRequestLookups } from '@portal/shared/schemas/request-lookups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { requestLookupLists } from './request-lookups.repository.js';

export const requestLookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers_requests/lookups',
    {
      // Any signed-in user: customers fill the request form with these lists.
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Lists of the request form and filters (name English, name_local Arabic)',
        response: { 200: successSchema(ZRequestLookups) },
      },
    },
    async () => ok(await requestLookupLists(app.db)),
  );
};
