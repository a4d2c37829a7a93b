import { translate } from '@portal/shared/messages';
import {
  ZPayment,
  ZPaymentExportRequest,
  ZPaymentListRequest,
  ZReceivePaymentsRequest,
  ZSubscription,
  ZSubscriptionCreateRequest,
  ZSubscriptionDetail,
  ZSubscriptionExportRequest,
  ZSubscriptionListRequest,
  ZSubscriptionQuote,
  ZSubscriptionQuoteRequest,
  ZTransferRequest,
} from '@portal/shared/schemas/associations';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { sendExport } from '../../lib/export.js';
import { ok } from '../../lib/reply.js';
import { EXPORT_MEDIA_TYPES } from '../../plugins/docs.js';
import { paymentColumns, subscriptionColumns } from '../associations/associations.export.js';
import { exportPayments, exportSubscriptions } from './subscriptions.repository.js';
import {
  getPayment,
  getSubscription,
  listPayments,
  listSubscriptions,
  quoteSubscription,
  receivePayments,
  recordTransfer,
  subscribe,
} from './subscriptions.service.js';

/** Subscriptions, installments and payouts (SPEC §7; the write calls: docs/decisions/0017-associations.md). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscriptions',
    {
      config: { access: 'subscriptions.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscriptions, paged and filtered (payout status, association, member, turn-day dates)',
        body: ZSubscriptionListRequest,
        response: { 200: successSchema(listPageSchema(ZSubscription)) },
      },
    },
    async (request) => ok(await listSubscriptions(request.ctx(), request.body)),
  );

  app.post(
    '/subscriptions/export',
    {
      config: { access: 'subscriptions.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['subscriptions'],
        summary: 'Every subscription the filters match, as CSV (UTF-8 with BOM) or XLSX, streamed',
        body: ZSubscriptionExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) =>
      sendExport(reply, {
        format: request.body.format,
        name: 'subscriptions',
        locale: request.locale,
        columns: subscriptionColumns(request.locale),
        batches: exportSubscriptions(request.ctx().db, request.body),
      }),
  );

  app.post(
    '/subscriptions/payments/export',
    {
      config: { access: 'payments.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['payments'],
        summary: 'Every installment the filters match (a member’s too), as CSV (UTF-8 with BOM) or XLSX, streamed',
        body: ZPaymentExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) => {
      const ctx = request.ctx();
      return sendExport(reply, {
        format: request.body.format,
        name: 'payments',
        locale: request.locale,
        columns: paymentColumns(request.locale),
        batches: exportPayments(ctx.db, request.body, ctx.clock.today()),
      });
    },
  );

  app.put(
    '/subscriptions',
    {
      config: { access: 'subscriptions.put', idempotent: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'Subscribe a member to an available day; its installments are written with it',
        body: ZSubscriptionCreateRequest,
        errors: [404, 409],
        response: { 201: successSchema(ZSubscription) },
      },
    },
    async (request, reply) => {
      const subscription = await subscribe(request.ctx(), request.body);
      return reply.status(201).send(ok(subscription, translate(request.locale, 'associations.messages.subscribed')));
    },
  );

  app.post(
    '/subscriptions/quote',
    {
      config: { access: 'subscriptions.put' },
      schema: {
        tags: ['subscriptions'],
        summary: 'What subscribing to a day means: the payout, the installments, what is owed at once',
        body: ZSubscriptionQuoteRequest,
        errors: [404],
        response: { 200: successSchema(ZSubscriptionQuote) },
      },
    },
    async (request) => ok(await quoteSubscription(request.ctx(), request.body)),
  );

  app.post(
    '/subscriptions/payments',
    {
      config: { access: 'payments.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['payments'],
        summary: 'Installments, paged and filtered (future / received / late, association, member, due dates)',
        body: ZPaymentListRequest,
        response: { 200: successSchema(listPageSchema(ZPayment)) },
      },
    },
    async (request) => ok(await listPayments(request.ctx(), request.body)),
  );

  app.post(
    '/subscriptions/payments/receive',
    {
      // A receipt retried after a lost answer (a phone on a bad connection) gets the first success, not "already received".
      config: { access: 'payments.put', idempotent: true },
      schema: {
        tags: ['payments'],
        summary: 'Record one or several installments as received, in one transaction',
        body: ZReceivePaymentsRequest,
        errors: [404, 409],
        response: { 200: successSchema(z.array(ZPayment)) },
      },
    },
    async (request) => {
      const received = await receivePayments(request.ctx(), request.body);
      return ok(received, translate(request.locale, 'associations.messages.received', { count: received.length }));
    },
  );

  app.get(
    '/subscriptions/payments/:id',
    {
      config: { access: 'payments.index' },
      schema: {
        tags: ['payments'],
        summary: 'One installment',
        params: ZIdParams,
        response: { 200: successSchema(ZPayment) },
      },
    },
    async (request) => ok(await getPayment(request.ctx(), request.params.id)),
  );

  app.get(
    '/subscriptions/:id',
    {
      config: { access: 'subscriptions.index' },
      schema: {
        tags: ['subscriptions'],
        summary: 'One subscription with its installments summed (received, late, future)',
        params: ZIdParams,
        response: { 200: successSchema(ZSubscriptionDetail) },
      },
    },
    async (request) => ok(await getSubscription(request.ctx(), request.params.id)),
  );

  app.post(
    '/subscriptions/:id/transfer',
    {
      config: { access: 'subscriptions.put', idempotent: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'Record the payout transfer (reference, date) once the turn day has come',
        params: ZIdParams,
        body: ZTransferRequest,
        errors: [409],
        response: { 200: successSchema(ZSubscription) },
      },
    },
    async (request) =>
      ok(
        await recordTransfer(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'associations.messages.transferred'),
      ),
  );
};
