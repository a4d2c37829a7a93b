import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import { ZLogDetail, ZLogListRequestSchema, ZLogRow } from '@portal/shared/schemas/logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { pageWindow, toListPage } from '../../lib/pagination.js';
import { ok } from '../../lib/reply.js';
import { findLog, listLogs } from './logs.repository.js';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logs',
    {
      config: { permission: 'logs.index' },
      schema: {
        tags: ['logs'],
        summary: 'Audit log, paged, filtered by action, url and dates',
        body: ZLogListRequestSchema,
        response: { 200: successSchema(listPageSchema(ZLogRow)) },
      },
    },
    async (request) => {
      const window = pageWindow(request.body.page, request.body.perPage);
      const { rows, total } = await listLogs(app.db, request.body, window);
      return ok(toListPage(rows, total, window));
    },
  );

  app.get(
    '/logs/:id',
    {
      config: { permission: 'logs.view' },
      schema: {
        tags: ['logs'],
        summary: 'One audit entry with its old and new values',
        params: ZIdParams,
        response: { 200: successSchema(ZLogDetail) },
      },
    },
    async (request) => {
      const log = await findLog(app.db, request.params.id);
      if (!log) throw AppError.notFound();
      return ok(log);
    },
  );
};
