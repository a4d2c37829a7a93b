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
  ZTransferResult,
} from '@portal/shared/schemas/associations';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import {
  ZPayout,
  ZPayoutQuote,
  ZPayoutQuoteRequest,
  ZRefundRequest,
  ZReplaceRequest,
  ZSubscriptionLedger,
  ZWithdrawQuote,
  ZWithdrawRequest,
  ZWithdrawResult,
} from '@portal/shared/schemas/ledger';
import { listPageSchema } from '@portal/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { sendQueryExport } from '../../lib/export-query.js';
import { ok } from '../../lib/reply.js';
import { EXPORT_MEDIA_TYPES } from '../../plugins/docs.js';
import { quoteWithdrawal, refund, replaceMember, withdraw } from '../ledger/end-subscription.js';
import { getPayout, getSubscriptionLedger } from '../ledger/ledger.service.js';
import { quotePayout } from '../ledger/record-money.js';
import { paymentColumns, subscriptionColumns } from './subscriptions.export.js';
import { paymentExport, subscriptionExport } from './subscriptions.repository.js';
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
      sendQueryExport(reply, {
        db: request.ctx().db,
        format: request.body.format,
        name: 'subscriptions',
        locale: request.locale,
        columns: subscriptionColumns(request.locale),
        ...subscriptionExport(request.body),
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
      const today = ctx.clock.today();
      return sendQueryExport(reply, {
        db: ctx.db,
        format: request.body.format,
        name: 'payments',
        locale: request.locale,
        columns: paymentColumns(request.locale, today),
        ...paymentExport(request.body, today),
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
        summary:
          'Record installments as received (method, reference unless cash, date received): one receipt per subscription, in one transaction',
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
        summary:
          'Record the payout (reference, date) once the turn day has come; arrears are settled from it (policy net) or refuse it',
        params: ZIdParams,
        body: ZTransferRequest,
        errors: [409],
        response: { 200: successSchema(ZTransferResult) },
      },
    },
    async (request) =>
      ok(
        await recordTransfer(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'associations.messages.transferred'),
      ),
  );

  app.post(
    '/subscriptions/:id/payout-quote',
    {
      config: { access: 'subscriptions.put' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['subscriptions'],
        summary: 'The payout dialog’s figures: payout, arrears (count, sum, installments), net to transfer, or why not',
        params: ZIdParams,
        body: ZPayoutQuoteRequest,
        response: { 200: successSchema(ZPayoutQuote) },
      },
    },
    async (request) => ok(await quotePayout(request.ctx(), request.params.id, request.body)),
  );

  app.get(
    '/subscriptions/:id/ledger',
    {
      config: { access: 'subscriptions.index' },
      schema: {
        tags: ['subscriptions'],
        summary:
          'The subscription’s history (receipts, payouts, refunds, reversals, withdrawal, replacements) and balance',
        params: ZIdParams,
        response: { 200: successSchema(ZSubscriptionLedger) },
      },
    },
    async (request) => ok(await getSubscriptionLedger(request.ctx(), request.params.id)),
  );

  app.post(
    '/subscriptions/:id/withdraw-quote',
    {
      config: { access: 'subscriptions.put' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['subscriptions'],
        summary: 'What withdrawing means: paid, paid out, owed back, the installments it would cancel',
        params: ZIdParams,
        response: { 200: successSchema(ZWithdrawQuote) },
      },
    },
    async (request) => ok(await quoteWithdrawal(request.ctx(), request.params.id)),
  );

  app.post(
    '/subscriptions/:id/withdraw',
    {
      config: { access: 'subscriptions.put', idempotent: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'The member leaves: the subscription ends, its pending installments are cancelled, its day is free',
        params: ZIdParams,
        body: ZWithdrawRequest,
        errors: [409],
        response: { 200: successSchema(ZWithdrawResult) },
      },
    },
    async (request) => {
      const result = await withdraw(request.ctx(), request.params.id, request.body);
      return ok(result, translate(request.locale, 'ledger.messages.withdrawn', { count: result.cancelled_count }));
    },
  );

  app.post(
    '/subscriptions/:id/refund',
    {
      config: { access: 'subscriptions.put', idempotent: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'Money back to a member who withdrew (at most what is owed back), recorded like a payout',
        params: ZIdParams,
        body: ZRefundRequest,
        errors: [409],
        response: { 201: successSchema(ZPayout) },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx();
      const id = await refund(ctx, request.params.id, request.body);
      return reply
        .status(201)
        .send(ok(await getPayout(ctx, id), translate(request.locale, 'ledger.messages.refunded')));
    },
  );

  app.post(
    '/subscriptions/:id/replace',
    {
      config: { access: 'subscriptions.put', idempotent: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'Another member takes over the subscription (its day, payout and installments still to pay)',
        params: ZIdParams,
        body: ZReplaceRequest,
        errors: [409],
        response: { 200: successSchema(ZSubscriptionDetail) },
      },
    },
    async (request) => {
      const ctx = request.ctx();
      await replaceMember(ctx, request.params.id, request.body);
      return ok(await getSubscription(ctx, request.params.id), translate(request.locale, 'ledger.messages.replaced'));
    },
  );
};
