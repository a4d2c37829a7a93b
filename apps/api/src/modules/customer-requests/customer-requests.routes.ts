import { translate } from '@portal/shared/messages';
import {
  ZCustomerRequestDetail,
  ZCustomerRequestListRequest,
  ZCustomerRequestPage,
  ZCustomerRequestStatistics,
  ZRequestActionExpectation,
  ZRequestMoveRequest,
  ZRequestSetBranchRequest,
} from '@portal/shared/schemas/customer-requests-api';
import { ZRequestActionRequest } from '@portal/shared/schemas/customer-requests-machine';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import {
  actOnCustomerRequest,
  customerRequestStatistics,
  getCustomerRequest,
  listCustomerRequests,
  moveRequest,
  removeRequest,
  restoreRequest,
  setRequestBranch,
} from './customer-requests.service.js';

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
};
