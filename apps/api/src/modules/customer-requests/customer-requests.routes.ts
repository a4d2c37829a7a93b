import { translate } from '@portal/shared/messages';
import {
  ZCustomerRequestDetail,
  ZCustomerRequestExportRequest,
  ZCustomerRequestListRequest,
  ZCustomerRequestPage,
  ZCustomerRequestStatistics,
  ZRequestActionExpectation,
  ZRequestMoveRequest,
  ZRequestSaveResult,
  ZRequestSetBranchRequest,
} from '@portal/shared/schemas/customer-requests-api';
import { ZRequestActionRequest } from '@portal/shared/schemas/customer-requests-machine';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { sendQueryExport } from '../../lib/export-query.js';
import { ok } from '../../lib/reply.js';
import { EXPORT_MEDIA_TYPES, mediaTypesOf } from '../../plugins/docs.js';
import { requestColumns } from './customer-requests.export.js';
import {
  deleteCustomerRequest,
  readRequestDocument,
  replaceRequestDocument,
  saveCustomerRequest,
} from './customer-requests.save.js';
import {
  actOnCustomerRequest,
  customerRequestStatistics,
  customerRequestsToExport,
  getCustomerRequest,
  listCustomerRequests,
  moveRequest,
  removeRequest,
  restoreRequest,
  setRequestBranch,
} from './customer-requests.service.js';
import { REPLACEMENT_BODY, REQUEST_FORM_BODY } from './request-upload.js';

const ZFileParams = z.object({ id: ZIdParams.shape.id, fileId: ZIdParams.shape.id });

/** A document's name in Content-Disposition: an ASCII fallback and the real name (RFC 5987). */
function attachment(title: string): string {
  const ascii = title.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(title)}`;
}

/**
 * Customer service requests (SPEC §7). Every call is open to any signed-in user: what each
 * caller reaches is decided per record (SPEC §6: staff with show_requests or admin_requests see
 * all, others their own), and each action by REQUEST_MACHINE.
 */
export const customerRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers_requests',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['customers-requests'],
        summary: 'Service requests: all (staff), mine, or assigned to me; filtered, ordered, limit/offset',
        body: ZCustomerRequestListRequest,
        response: { 200: successSchema(ZCustomerRequestPage) },
      },
    },
    async (request) => ok(await listCustomerRequests(request.ctx(), request.body)),
  );

  app.post(
    '/customers_requests/export',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['customers-requests'],
        summary: 'Every request the list filters match (as the list shows them to the caller), CSV or XLSX, streamed',
        body: ZCustomerRequestExportRequest,
        produces: EXPORT_MEDIA_TYPES,
      },
    },
    async (request, reply) => {
      const ctx = request.ctx();
      return sendQueryExport(reply, {
        db: ctx.db,
        format: request.body.format,
        name: 'service-requests',
        locale: request.locale,
        columns: requestColumns(request.locale),
        ...customerRequestsToExport(ctx, { ...request.body, limit: 1, offset: 0 }),
      });
    },
  );

  app.post(
    '/customers_requests/statistics',
    {
      config: { access: 'authenticated' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['customers-requests'],
        summary: 'Request counts by status (SPEC §4 ids; any other id counts as rejected)',
        response: { 200: successSchema(ZCustomerRequestStatistics) },
      },
    },
    async (request) => ok(await customerRequestStatistics(request.ctx())),
  );

  app.get(
    '/customers_requests/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'One request with its history (newest first); 404 unless the caller may see it',
        params: ZIdParams,
        response: { 200: successSchema(ZCustomerRequestDetail) },
      },
    },
    async (request) => ok(await getCustomerRequest(request.ctx(), request.params.id)),
  );

  app.post(
    '/customers_requests/action/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'next, next-for-pay, reject, cancel or reset; 409 naming the status when it does not apply',
        params: ZIdParams,
        body: ZRequestActionRequest.and(ZRequestActionExpectation),
        errors: [403, 409],
        response: { 200: successSchema(ZCustomerRequestDetail) },
      },
    },
    async (request) => {
      const { detail, message } = await actOnCustomerRequest(request.ctx(), request.params.id, request.body);
      return ok(detail, message);
    },
  );

  app.post(
    '/customers_requests/setBranch/:id',
    {
      config: { access: 'move_requests' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Set the branch and receiving date (the "branched" badge)',
        params: ZIdParams,
        body: ZRequestSetBranchRequest,
        response: { 200: successSchema(ZCustomerRequestDetail) },
      },
    },
    async (request) =>
      ok(
        await setRequestBranch(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'requests.messages.saved'),
      ),
  );

  app.post(
    '/customers_requests/move/:id',
    {
      config: { access: 'move_requests' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Assign the request to a staff member (their /requests/tasks)',
        params: ZIdParams,
        body: ZRequestMoveRequest,
        response: { 200: successSchema(ZCustomerRequestDetail) },
      },
    },
    async (request) =>
      ok(
        await moveRequest(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'requests.messages.saved'),
      ),
  );

  app.delete(
    '/customers_requests/remove/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Soft-remove (removed 1): cancel_requests or admin_requests',
        params: ZIdParams,
        errors: [403],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await removeRequest(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'requests.messages.removed'));
    },
  );

  app.post(
    '/customers_requests/restore/:id',
    {
      config: { access: 'admin_requests' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['customers-requests'],
        summary: 'Undo a soft remove (removed 0)',
        params: ZIdParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await restoreRequest(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'requests.messages.restored'));
    },
  );

  // The form (SPEC §3 payload, §5): multipart text fields and documents; the body is read by the
  // service after the caller's rights are checked, so the route declares no body schema.
  app.post(
    '/customers_requests/save',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Create a request (draft) from the form with its documents (multipart)',
        consumes: ['multipart/form-data'],
        multipartBody: REQUEST_FORM_BODY,
        errors: [403, 404, 409],
        response: { 200: successSchema(ZRequestSaveResult) },
      },
    },
    async (request) =>
      ok(
        await saveCustomerRequest(request.ctx(), app.storage, request),
        translate(request.locale, 'requests.messages.created'),
      ),
  );

  app.post(
    '/customers_requests/save/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Save the form again (creator or edit_requests; a draft or a rejection that is not final)',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        multipartBody: REQUEST_FORM_BODY,
        errors: [403, 409],
        response: { 200: successSchema(ZRequestSaveResult) },
      },
    },
    async (request) =>
      ok(
        await saveCustomerRequest(request.ctx(), app.storage, request, request.params.id),
        translate(request.locale, 'requests.messages.saved'),
      ),
  );

  app.post(
    '/customers_requests/archive/update/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Replace one stored document (multipart field file), as whoever may edit the request',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        multipartBody: REPLACEMENT_BODY,
        errors: [403, 409],
        response: { 200: successSchema(z.object({ id: z.number().int(), request_id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await replaceRequestDocument(request.ctx(), app.storage, request, request.params.id),
        translate(request.locale, 'requests.messages.document_replaced'),
      ),
  );

  app.get(
    '/customers_requests/:id/files/:fileId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers-requests'],
        summary: 'One document, always as a download; 404 unless the caller may see the request',
        params: ZFileParams,
        produces: mediaTypesOf(['pdf', 'png', 'jpg']),
      },
    },
    async (request, reply) => {
      const file = await readRequestDocument(request.ctx(), app.storage, request.params.id, request.params.fileId);
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.title))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.delete(
    '/customers_requests/delete/:id',
    {
      config: { access: 'admin_requests' },
      schema: {
        tags: ['customers-requests'],
        summary: 'Delete a request for good, with its history and documents',
        params: ZIdParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteCustomerRequest(request.ctx(), app.storage, request.params.id);
      return ok(null, translate(request.locale, 'requests.messages.deleted'));
    },
  );
};
