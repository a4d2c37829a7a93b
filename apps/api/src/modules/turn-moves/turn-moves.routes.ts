import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import {
  ZTurnMove,
  ZTurnMoveCreateRequest,
  ZTurnMoveDecisionRequest,
  ZTurnMoveListRequest,
} from '@portal/shared/schemas/turn-moves';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import {
  cancelTurnMove,
  decideTurnMove,
  deleteTurnMove,
  listMyTurnMoves,
  listTurnMoves,
  requestTurnMove,
} from './turn-moves.service.js';

/** Turn-move requests: staff calls of SPEC §7, and the member's own under /me (docs/decisions/0018-members.md). */
export const turnMovesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/associations/change-turn-requests',
    {
      config: { access: 'association_move_turn.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['turn-moves'],
        summary: 'Turn-move requests, paged and filtered (user search, status, association, dates)',
        body: ZTurnMoveListRequest,
        response: { 200: successSchema(listPageSchema(ZTurnMove)) },
      },
    },
    async (request) => ok(await listTurnMoves(request.ctx(), request.body)),
  );

  app.post(
    '/associations/change-turn/:id',
    {
      config: { access: 'association_move_turn.put' },
      schema: {
        tags: ['turn-moves'],
        summary: 'Decide a request in review: status 1 moves the turn (atomically), 2 rejects it',
        params: ZIdParams,
        body: ZTurnMoveDecisionRequest,
        errors: [409],
        response: { 200: successSchema(ZTurnMove) },
      },
    },
    async (request) => {
      const decided = await decideTurnMove(request.ctx(), request.params.id, request.body);
      const message = decided.status === 1 ? 'turn_moves.messages.approved' : 'turn_moves.messages.rejected';
      return ok(decided, translate(request.locale, message));
    },
  );

  app.delete(
    '/associations/change-turn-requests/:id',
    {
      config: { access: 'association_move_turn.delete' },
      schema: {
        tags: ['turn-moves'],
        summary: 'Delete a request that did not move a turn',
        params: ZIdParams,
        errors: [409],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteTurnMove(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'turn_moves.messages.deleted'));
    },
  );

  app.get(
    '/me/turn-moves',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'My turn-move requests, newest first',
        response: { 200: successSchema(z.array(ZTurnMove)) },
      },
    },
    async (request) => ok(await listMyTurnMoves(request.ctx())),
  );

  app.post(
    '/me/turn-moves',
    {
      config: { access: 'authenticated', idempotent: true },
      schema: {
        tags: ['me'],
        summary: 'Ask to move one of my subscriptions to a free day of its association',
        body: ZTurnMoveCreateRequest,
        errors: [404, 409],
        response: { 201: successSchema(ZTurnMove) },
      },
    },
    async (request, reply) => {
      const created = await requestTurnMove(request.ctx(), request.body);
      return reply.status(201).send(ok(created, translate(request.locale, 'turn_moves.messages.requested')));
    },
  );

  app.post(
    '/me/turn-moves/:id/cancel',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'Cancel my request while it is in review',
        params: ZIdParams,
        errors: [403, 409],
        response: { 200: successSchema(ZTurnMove) },
      },
    },
    async (request) =>
      ok(
        await cancelTurnMove(request.ctx(), request.params.id),
        translate(request.locale, 'turn_moves.messages.cancelled'),
      ),
  );
};
