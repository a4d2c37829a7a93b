import { translate } from '@portal/shared/messages';
import { ZSubscriptionQuote } from '@portal/shared/schemas/associations';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import {
  ZAvailableDays,
  ZJoinRequest,
  ZMySubscription,
  ZOpenAssociation,
  ZOpenAssociationsRequest,
  ZStatement,
  ZStatementRow,
} from '@portal/shared/schemas/members';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawJsonOf } from '../../lib/raw-json.js';
import { ok } from '../../lib/reply.js';
import { compressed } from '../../plugins/compression.js';
import {
  getMySubscription,
  getStatement,
  join,
  listAvailableDays,
  listMySubscriptions,
  listOpenAssociations,
  quoteJoin,
} from './members.service.js';

/** The statement, its 1,200 rows written as JSON by PostgreSQL (lib/raw-json.ts). */
const ZStatementAnswer = ZStatement.extend({ rows: rawJsonOf(z.array(ZStatementRow)) });

/**
 * The member's own associations under /me (docs/decisions/0018-members.md): any signed-in user
 * may call them, and each answers only with the caller's own records.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/subscriptions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'My subscriptions: turn day, payout, installments paid of total, the next one due',
        response: { 200: successSchema(z.array(ZMySubscription)) },
      },
    },
    async (request) => ok(await listMySubscriptions(request.ctx())),
  );

  app.get(
    '/me/subscriptions/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'One of my subscriptions',
        params: ZIdParams,
        response: { 200: successSchema(ZMySubscription) },
      },
    },
    async (request) => ok(await getMySubscription(request.ctx(), request.params.id)),
  );

  // About 280 KB of JSON for 1,200 installments: compressed for a client that accepts it.
  await compressed(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/me/subscriptions/:id/statement',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['me'],
          summary:
            'The statement of one of my subscriptions: every installment and the totals (br or gzip when accepted)',
          params: ZIdParams,
          response: { 200: successSchema(ZStatementAnswer) },
        },
      },
      async (request) => ok(await getStatement(request.ctx(), request.params.id)),
    );
  });

  app.post(
    '/me/subscriptions/quote',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'What joining on a day means: the payout, the installments, what is owed at once',
        body: ZJoinRequest,
        errors: [404],
        response: { 200: successSchema(ZSubscriptionQuote) },
      },
    },
    async (request) => ok(await quoteJoin(request.ctx(), request.body)),
  );

  app.post(
    '/me/subscriptions',
    {
      config: { access: 'authenticated', idempotent: true },
      schema: {
        tags: ['me'],
        summary: 'Join an association on a free day (email verified); its installments are written with it',
        body: ZJoinRequest,
        errors: [403, 404, 409],
        response: { 201: successSchema(ZMySubscription) },
      },
    },
    async (request, reply) => {
      const joined = await join(request.ctx(), request.body);
      return reply
        .status(201)
        .send(ok(joined, translate(request.locale, 'members.messages.joined', { day: joined.day.day_number })));
    },
  );

  app.get(
    '/me/associations/open',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'Associations still running with free days, paged',
        querystring: ZOpenAssociationsRequest,
        response: { 200: successSchema(listPageSchema(ZOpenAssociation)) },
      },
    },
    async (request) => ok(await listOpenAssociations(request.ctx(), request.query)),
  );

  app.get(
    '/me/associations/:id/days',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'The free days of an association from today on (to join or to move a turn to)',
        params: ZIdParams,
        response: { 200: successSchema(ZAvailableDays) },
      },
    },
    async (request) => ok(await listAvailableDays(request.ctx(), request.params.id)),
  );
};
