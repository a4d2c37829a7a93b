import { translate } from '@portal/shared/messages';
import {
  DAYS_IMPORT_MAX_BYTES,
  ZAssociation,
  ZAssociationCreateRequest,
  ZAssociationDay,
  ZAssociationDaysRequest,
  ZAssociationExportRequest,
  ZAssociationListRequest,
  ZAssociationStatusRequest,
  ZAssociationUpdateRequest,
  ZDaysImportResult,
} from '@portal/shared/schemas/associations';
import { successSchema } from '@portal/shared/schemas/envelope';
import { idField, ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { sendExport } from '../../lib/export.js';
import { ok } from '../../lib/reply.js';
import { readTableFile, TableFileError, type TableRow } from '../../lib/table-file.js';
import { EXPORT_MEDIA_TYPES } from '../../plugins/docs.js';
import { associationColumns } from './associations.export.js';
import { exportAssociations } from './associations.repository.js';
import {
  associationDaysPage,
  createAssociation,
  deleteAssociation,
  getAssociation,
  importDays,
  listAssociations,
  startAssociation,
  updateAssociation,
} from './associations.service.js';

const ZImportFields = z.object({
  association_id: idField,
  /** "false" (or absent) previews; "true" applies. */
  apply: z.enum(['true', 'false'], { error: 'validation.invalid_value' }).default('false'),
});

/** Reads the multipart days import: the association id, apply, and one CSV or XLSX file. */
async function readImport(
  request: FastifyRequest,
): Promise<{ fields: z.infer<typeof ZImportFields>; rows: TableRow[] }> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupported_media_type');
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: DAYS_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'file') file = { name: part.filename, bytes: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'associations.errors.import_too_large', {}, [
        { field: 'file', key: 'associations.errors.import_too_large' },
      ]);
    }
    if (code?.startsWith('FST_')) throw new AppError(413, 'errors.payload_too_large');
    throw new AppError(400, 'errors.bad_request');
  }
  const parsed = ZImportFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(
      422,
      'errors.validation',
      {},
      parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), key: i.message })),
    );
  }
  if (!file) throw AppError.validation([{ field: 'file', key: 'associations.errors.import_empty' }]);
  try {
    return { fields: parsed.data, rows: await readTableFile(file.bytes, file.name) };
  } catch (error) {
    if (!(error instanceof TableFileError)) throw error;
    const key = error.reason === 'type' ? 'associations.errors.import_file_type' : 'associations.errors.import_empty';
    throw AppError.validation([{ field: 'file', key }]);
  }
}

/** Savings associations (SPEC §2, §7; docs/decisions/0017-associations.md). */
export const associationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/associations',
    {
      config: { access: 'associations.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['associations'],
        summary: 'Associations, paged and filtered (title, code, type, cost range, from_date, to_date)',
        body: ZAssociationListRequest,
        response: { 200: successSchema(listPageSchema(ZAssociation)) },
      },
    },
    async (request) => ok(await listAssociations(request.ctx(), request.body)),
  );

  app.post(
    '/associations/export',
    {
      config: { access: 'associations.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['associations'],
        summary: 'Every association the filters match, as CSV (UTF-8 with BOM) or XLSX, streamed',
        body: ZAssociationExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) =>
      sendExport(reply, {
        format: request.body.format,
        name: 'associations',
        locale: request.locale,
        columns: associationColumns(request.locale),
        batches: exportAssociations(request.ctx().db, request.body, request.ctx().clock.today()),
      }),
  );

  app.put(
    '/associations',
    {
      config: { access: 'associations.put', idempotent: true },
      schema: {
        tags: ['associations'],
        summary: 'Create an association and its 1,200 turn days (to_date = from_date + 1200 days)',
        body: ZAssociationCreateRequest,
        errors: [404],
        response: { 201: successSchema(ZAssociation) },
      },
    },
    async (request, reply) => {
      const association = await createAssociation(request.ctx(), request.body);
      return reply.status(201).send(ok(association, translate(request.locale, 'associations.messages.created')));
    },
  );

  app.get(
    '/associations/:id',
    {
      config: { access: 'associations.index' },
      schema: {
        tags: ['associations'],
        summary: 'One association',
        params: ZIdParams,
        response: { 200: successSchema(ZAssociation) },
      },
    },
    async (request) => ok(await getAssociation(request.ctx(), request.params.id)),
  );

  app.put(
    '/associations/:id',
    {
      config: { access: 'associations.put' },
      schema: {
        tags: ['associations'],
        summary: 'Edit an association (cost, type and from_date only while nobody subscribed)',
        params: ZIdParams,
        body: ZAssociationUpdateRequest,
        errors: [409],
        response: { 200: successSchema(ZAssociation) },
      },
    },
    async (request) =>
      ok(
        await updateAssociation(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'associations.messages.updated'),
      ),
  );

  app.delete(
    '/associations/:id',
    {
      config: { access: 'associations.delete' },
      schema: {
        tags: ['associations'],
        summary: 'Delete an association that has not started and has no subscriptions',
        params: ZIdParams,
        errors: [409],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteAssociation(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'associations.messages.deleted'));
    },
  );

  app.post(
    '/associations/status',
    {
      config: { access: 'associations.put' },
      schema: {
        tags: ['associations'],
        summary: 'Force-start an association (only while started_at is empty)',
        body: ZAssociationStatusRequest,
        errors: [404, 409],
        response: { 200: successSchema(ZAssociation) },
      },
    },
    async (request) =>
      ok(
        await startAssociation(request.ctx(), request.body.association_id),
        translate(request.locale, 'associations.messages.started'),
      ),
  );

  app.post(
    '/associations/:id/days',
    {
      config: { access: 'associations.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['associations'],
        summary: 'The turn-day calendar: each day number, its date and who holds it',
        params: ZIdParams,
        body: ZAssociationDaysRequest,
        response: { 200: successSchema(listPageSchema(ZAssociationDay)) },
      },
    },
    async (request) => ok(await associationDaysPage(request.ctx(), request.params.id, request.body)),
  );

  app.post(
    '/associations/days/import',
    {
      config: { access: 'associations.put' },
      schema: {
        tags: ['associations'],
        summary:
          'Import turn days from a CSV or XLSX file (columns day_number, date; multipart fields association_id, apply, file). Any bad row: 422 naming every row, nothing changes',
        consumes: ['multipart/form-data'],
        multipartBody: {
          fields: ZImportFields,
          files: {
            file: { types: EXPORT_MEDIA_TYPES, required: true, description: 'CSV or XLSX: columns day_number, date' },
          },
        },
        errors: [404],
        response: { 200: successSchema(ZDaysImportResult) },
      },
    },
    async (request) => {
      const { fields, rows } = await readImport(request);
      const result = await importDays(request.ctx(), fields.association_id, rows, fields.apply === 'true');
      return ok(result, translate(request.locale, 'associations.messages.days_imported', { changed: result.changed }));
    },
  );
};
