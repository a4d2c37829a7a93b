import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import { ZLogDetail, ZLogListRequestSchema, ZLogRow } from '@portal/shared/schemas/logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/list.js';
import { ok } from '../../lib/reply.js';
import { findLog, listLogs } from './logs.repository.js';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logs',
    {
      config: { access: 'logs.index' },
      schema: {
        tags: ['logs'],
        summary: 'Audit log, paged, filtered by action, url and dates',
        body: ZLogListRequestSchema,
        response: { 200: successSchema(listPageSchema(ZLogRow)) },
      },
    },
    async (request) => {
      return ok(await listLogs(request.ctx().db, request.body, pageWindow(request.body.page, request.body.perPage)));
    },
  );

  app.get(
    '/logs/:id',
    {
      config: { access: 'logs.view' },
      schema: {
        tags: ['logs'],
        summary: 'One audit entry with its old and new values, and the names of the users they name by id',
        params: ZIdParams,
        response: { 200: successSchema(ZLogDetail) },
      },
    },
    async (request) => {
      const log = await findLog(request.ctx().db, request.params.id);
      if (!log) throw AppError.notFound();
      return ok(log);
    },
  );
};
