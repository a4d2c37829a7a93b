import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZTerms, ZTermsQuery, ZUpdateTermsRequest } from '@portal/shared/schemas/terms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { readTerms, updateTerms } from './terms.service.js';

/** The terms and conditions (SPEC §7): anyone reads them (the register page), terms.put edits them. */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/get-terms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['terms'],
        summary: 'The current terms text in the language of Accept-Language (ar by default), or of ?lang',
        querystring: ZTermsQuery,
        response: { 200: successSchema(ZTerms) },
      },
    },
    async (request) => ok(await readTerms(request.ctx(), request.query.lang ?? request.locale)),
  );

  app.post(
    '/settings/updateTerms',
    {
      config: { access: 'terms.put' },
      schema: {
        tags: ['terms'],
        summary: 'Save the terms text of one language (a new version; the old one is kept)',
        body: ZUpdateTermsRequest,
        response: { 200: successSchema(ZTerms) },
      },
    },
    async (request) =>
      ok(await updateTerms(request.ctx(), request.body), translate(request.locale, 'terms.messages.saved')),
  );
};
