import { translate } from '@portal/shared/messages';
import {
  ZCardRequest,
  ZCardRequestCreateRequest,
  ZCardRequestDecisionRequest,
  ZCardRequestListRequest,
} from '@portal/shared/schemas/card-requests';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import { ZWorkflowEvent } from '@portal/shared/schemas/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import {
  decideCardRequest,
  getCardRequest,
  listCardRequests,
  listMyCardRequests,
  requestCard,
} from './card-requests.service.js';

const ZCardRequestDetail = ZCardRequest.extend({ history: z.array(ZWorkflowEvent) });

/** Card requests: the staff calls (SPEC §7 lists POST /card-requests) and the member's own under /me (0018). */
export const cardRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/card-requests',
    {
      config: { access: 'card_requests.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['card-requests'],
        summary: 'Card requests, paged and filtered (user search, status, dates)',
        body: ZCardRequestListRequest,
        response: { 200: successSchema(listPageSchema(ZCardRequest)) },
      },
    },
    async (request) => ok(await listCardRequests(request.ctx(), request.body)),
  );

  app.get(
    '/card-requests/:id',
    {
      config: { access: 'card_requests.index' },
      schema: {
        tags: ['card-requests'],
        summary: 'One card request with its history',
        params: ZIdParams,
        response: { 200: successSchema(ZCardRequestDetail) },
      },
    },
    async (request) => ok(await getCardRequest(request.ctx(), request.params.id)),
  );

  app.post(
    '/card-requests/:id/decision',
    {
      config: { access: 'card_requests.put' },
      schema: {
        tags: ['card-requests'],
        summary: 'Mark a request in review as issued (1) or rejected (2, with why)',
        params: ZIdParams,
        body: ZCardRequestDecisionRequest,
        errors: [409],
        response: { 200: successSchema(ZCardRequestDetail) },
      },
    },
    async (request) => {
      const decided = await decideCardRequest(request.ctx(), request.params.id, request.body);
      const message = decided.status === 1 ? 'card_requests.messages.issued' : 'card_requests.messages.rejected';
      return ok(decided, translate(request.locale, message));
    },
  );

  app.get(
    '/me/card-requests',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'My card requests, newest first',
        response: { 200: successSchema(z.array(ZCardRequest)) },
      },
    },
    async (request) => ok(await listMyCardRequests(request.ctx())),
  );

  app.post(
    '/me/card-requests',
    {
      config: { access: 'authenticated', idempotent: true },
      schema: {
        tags: ['me'],
        summary: 'Ask for a card (name, 14-digit national id); one request in review at a time',
        body: ZCardRequestCreateRequest,
        errors: [404, 409],
        response: { 201: successSchema(ZCardRequest) },
      },
    },
    async (request, reply) => {
      const created = await requestCard(request.ctx(), request.body);
      return reply.status(201).send(ok(created, translate(request.locale, 'card_requests.messages.requested')));
    },
  );
};
