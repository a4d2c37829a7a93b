import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { ZMyReceipt, ZPayout, ZReceipt, ZReversal, ZReverseRequest, ZSettlement } from '@portal/shared/schemas/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { getMyReceipt, getPayout, getReceipt, getSettlement } from './ledger.service.js';
import { reversePayout, reverseReceipt } from './reverse-records.js';

/** Receipts, payouts, reversals and an association's settlement (docs/decisions/0029-money-controls.md). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts/:id',
    {
      config: { access: 'payments.index' },
      schema: {
        tags: ['payments'],
        summary: 'One receipt with everything its print shows (A4 and an 80 mm slip)',
        params: ZIdParams,
        response: { 200: successSchema(ZReceipt) },
      },
    },
    async (request) => ok(await getReceipt(request.ctx(), request.params.id)),
  );

  app.post(
    '/receipts/:id/reverse',
    {
      config: { access: 'payments.reverse', idempotent: true },
      schema: {
        tags: ['payments'],
        summary: 'Reverse a receipt (its installments go back to pending); a reason is required',
        params: ZIdParams,
        body: ZReverseRequest,
        errors: [409],
        response: { 200: successSchema(ZReversal) },
      },
    },
    async (request) =>
      ok(
        await reverseReceipt(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'ledger.messages.reversed'),
      ),
  );

  app.get(
    '/payouts/:id',
    {
      config: { access: 'subscriptions.index' },
      schema: {
        tags: ['subscriptions'],
        summary: 'One payout or refund: gross, deducted, net, its deduction receipt and reversal',
        params: ZIdParams,
        response: { 200: successSchema(ZPayout) },
      },
    },
    async (request) => ok(await getPayout(request.ctx(), request.params.id)),
  );

  app.post(
    '/payouts/:id/reverse',
    {
      config: { access: 'payments.reverse', idempotent: true },
      schema: {
        tags: ['subscriptions'],
        summary: 'Reverse a payout (back to unpaid, its deductions back to pending) or a refund; a reason is required',
        params: ZIdParams,
        body: ZReverseRequest,
        errors: [409],
        response: { 200: successSchema(ZReversal) },
      },
    },
    async (request) =>
      ok(
        await reversePayout(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'ledger.messages.reversed'),
      ),
  );

  app.get(
    '/me/receipts/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['members'],
        summary: 'One of my receipts, to print',
        params: ZIdParams,
        response: { 200: successSchema(ZMyReceipt) },
      },
    },
    async (request) => ok(await getMyReceipt(request.ctx(), request.params.id)),
  );

  app.get(
    '/associations/:id/settlement',
    {
      config: { access: 'subscriptions.index' },
      schema: {
        tags: ['associations'],
        summary: 'Every subscription’s paid, received and owed, with the totals (live, and as they were at closing)',
        params: ZIdParams,
        response: { 200: successSchema(ZSettlement) },
      },
    },
    async (request) => ok(await getSettlement(request.ctx(), request.params.id)),
  );
};
