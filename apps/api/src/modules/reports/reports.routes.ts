import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import {
  ZAssociationCash,
  ZBalanceExportRequest,
  ZCashReport,
  ZCashReportExportRequest,
  ZCashReportListRequest,
  ZCashReportRow,
  ZForecastExportRequest,
  ZMemberBalance,
} from '@portal/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { sendExport } from '../../lib/export.js';
import { ok } from '../../lib/reply.js';
import { EXPORT_MEDIA_TYPES } from '../../plugins/docs.js';
import { balanceColumns, cashRowColumns, forecastColumns } from './reports.export.js';
import {
  exportCashRows,
  getAssociationCash,
  getCashReport,
  getForecast,
  getMemberBalance,
  getMyBalance,
  listCashRows,
  oneBatch,
} from './reports.service.js';

/**
 * The association's ledger, the cash report and a member's balance (issue 20 §4,
 * docs/decisions/0030-cash-report.md). Staff read every figure with payments.index — the
 * permission that already shows every installment and receipt these figures sum; a member reads
 * their own balance under /me.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/cash',
    {
      config: { access: 'payments.index' },
      schema: {
        tags: ['reports'],
        summary:
          'Every association together: fill, members, collected, paid out, cash position, arrears, payouts; the 90-day forecast',
        response: { 200: successSchema(ZCashReport) },
      },
    },
    async (request) => ok(await getCashReport(request.ctx())),
  );

  app.post(
    '/reports/cash/associations',
    {
      config: { access: 'payments.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['reports'],
        summary:
          'The cash report, one line per association (its figures and the first day its pool goes below zero), paged',
        body: ZCashReportListRequest,
        response: { 200: successSchema(listPageSchema(ZCashReportRow)) },
      },
    },
    async (request) => ok(await listCashRows(request.ctx(), request.body)),
  );

  app.post(
    '/reports/cash/associations/export',
    {
      config: { access: 'payments.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['reports'],
        summary: 'Every line of the cash report the filters match, as CSV (UTF-8 with BOM) or XLSX',
        body: ZCashReportExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) =>
      sendExport(reply, {
        format: request.body.format,
        name: 'cash-report',
        locale: request.locale,
        columns: cashRowColumns(request.locale),
        batches: exportCashRows(request.ctx(), request.body),
      }),
  );

  app.get(
    '/reports/cash/associations/:id',
    {
      config: { access: 'payments.index' },
      schema: {
        tags: ['reports'],
        summary: 'One association’s ledger: its figures and its 90-day forecast',
        params: ZIdParams,
        response: { 200: successSchema(ZAssociationCash) },
      },
    },
    async (request) => ok(await getAssociationCash(request.ctx(), request.params.id)),
  );

  app.post(
    '/reports/cash/forecast/export',
    {
      config: { access: 'payments.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['reports'],
        summary: 'The 90-day forecast (of one association, or of all) as CSV or XLSX: collections, payouts, cash',
        body: ZForecastExportRequest,
        errors: [404],
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) => {
      const forecast = await getForecast(request.ctx(), request.body.association_id);
      return sendExport(reply, {
        format: request.body.format,
        name: 'cash-forecast',
        locale: request.locale,
        columns: forecastColumns(),
        batches: oneBatch(Promise.resolve(forecast.days.map((day) => ({ ...day, id: day.date })))),
      });
    },
  );

  app.get(
    '/users/:id/balance',
    {
      config: { access: 'payments.index' },
      schema: {
        tags: ['reports'],
        summary: 'A member’s balance across all their subscriptions: paid, received, owed, late, payouts to come',
        params: ZIdParams,
        response: { 200: successSchema(ZMemberBalance) },
      },
    },
    async (request) => ok(await getMemberBalance(request.ctx(), request.params.id)),
  );

  app.post(
    '/users/:id/balance/export',
    {
      config: { access: 'payments.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['reports'],
        summary: 'A member’s balance, one line per subscription, as CSV or XLSX',
        params: ZIdParams,
        body: ZBalanceExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) => {
      const balance = await getMemberBalance(request.ctx(), request.params.id);
      return sendExport(reply, {
        format: request.body.format,
        name: 'balance',
        locale: request.locale,
        columns: balanceColumns(request.locale),
        batches: oneBatch(Promise.resolve(balance.lines.map((line) => ({ ...line, id: line.subscription_id })))),
      });
    },
  );

  app.get(
    '/me/balance',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'My balance across all my subscriptions: paid, received, owed, late, payouts to come',
        response: { 200: successSchema(ZMemberBalance) },
      },
    },
    async (request) => ok(await getMyBalance(request.ctx())),
  );

  app.post(
    '/me/balance/export',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['me'],
        summary: 'My balance, one line per subscription, as CSV or XLSX',
        body: ZBalanceExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) => {
      const balance = await getMyBalance(request.ctx());
      return sendExport(reply, {
        format: request.body.format,
        name: 'my-balance',
        locale: request.locale,
        columns: balanceColumns(request.locale),
        batches: oneBatch(Promise.resolve(balance.lines.map((line) => ({ ...line, id: line.subscription_id })))),
      });
    },
  );
};
