import { addDays } from '@portal/shared/clock';
import { sql } from 'drizzle-orm';
import { clock } from '../src/lib/clock.js';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { attachDocument, createCustomerRequest, PDF_BYTES, requestFormFields } from './factories/customer-requests.js';
import { createUser } from './factories/users.js';
import { multipartBody } from './helpers/multipart.js';

/** A valid form with its identity copy, as multipart. */
function formBody() {
  return multipartBody(
    [{ field: 'identity_copy', filename: 'id.pdf', contentType: 'application/pdf', bytes: PDF_BYTES }],
    requestFormFields(),
  );
}

/**
 * Customer service requests (docs/decisions/0021-service-requests.md): every call is open to a
 * signed-in user; the record decides. A customer (role user) reading or acting on someone
 * else's request gets 404, never 403, so ids reveal nothing.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

function anyone(status: number, overrides: Partial<Record<LoggedIn, number>> = {}): Record<Caller, number> {
  return { admin: status, manager: status, editor: status, user: status, visitor: status, none: 401, ...overrides };
}

export const CUSTOMER_REQUEST_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/customers_requests',
    request: () => ({ method: 'POST', url: '/api/v1/customers_requests', payload: { limit: 5, offset: 0 } }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/statistics',
    request: () => ({ method: 'POST', url: '/api/v1/customers_requests/statistics' }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/customers_requests/:id',
    note: "someone else's request",
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 2 })).id,
    }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/customers_requests/${ctx.fixtures.requestId}` }),
    expected: anyone(200, { user: 404 }),
  },
  {
    method: 'GET',
    route: '/api/v1/customers_requests/:id',
    note: 'my own request',
    prepare: async ({ db, selfId }) => ({
      requestId: selfId ? (await createCustomerRequest(db, { createdBy: selfId })).id : 1,
    }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/customers_requests/${ctx.fixtures.requestId}` }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/action/:id',
    note: "review someone else's submitted request (review_requests)",
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 2 })).id,
    }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/action/${ctx.fixtures.requestId}`,
      payload: { type: 'next' },
    }),
    expected: anyone(200, { visitor: 403, user: 404 }),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/action/:id',
    note: 'submit my own draft, email activated (DESIGN §2 Accounts)',
    prepare: async ({ db, selfId }) => {
      if (selfId) await db.execute(sql`update users set email_verified_at = now() where id = ${selfId}`);
      return { requestId: selfId ? (await createCustomerRequest(db, { createdBy: selfId })).id : 1 };
    },
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/action/${ctx.fixtures.requestId}`,
      payload: { type: 'next' },
    }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/setBranch/:id',
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 4 })).id,
    }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/setBranch/${ctx.fixtures.requestId}`,
      payload: { branch: 1, receivingDate: addDays(clock.today(), 7) },
    }),
    expected: only(200, ['admin', 'manager', 'editor']),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/move/:id',
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 3 })).id,
      staffId: (await createUser(db, { type: 'admin' })).id,
    }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/move/${ctx.fixtures.requestId}`,
      payload: { user_id: ctx.fixtures.staffId },
    }),
    expected: only(200, ['admin', 'manager', 'editor']),
  },
  {
    method: 'DELETE',
    route: '/api/v1/customers_requests/remove/:id',
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 2 })).id,
    }),
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/customers_requests/remove/${ctx.fixtures.requestId}` }),
    expected: only(200, ['admin', 'manager']),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/restore/:id',
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 2, removed: 1 })).id,
    }),
    request: (ctx) => ({ method: 'POST', url: `/api/v1/customers_requests/restore/${ctx.fixtures.requestId}` }),
    expected: only(200, ['admin', 'manager']),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/export',
    note: 'staff export all, others their own',
    request: () => ({ method: 'POST', url: '/api/v1/customers_requests/export', payload: { format: 'csv' } }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/save',
    request: () => ({ method: 'POST', url: '/api/v1/customers_requests/save', ...formBody() }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/save/:id',
    note: 'my own draft',
    prepare: async ({ db, selfId }) => ({
      requestId: selfId ? (await createCustomerRequest(db, { createdBy: selfId })).id : 1,
    }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/save/${ctx.fixtures.requestId}`,
      ...formBody(),
    }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/save/:id',
    note: "someone else's draft (edit_requests)",
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id })).id,
    }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/save/${ctx.fixtures.requestId}`,
      ...formBody(),
    }),
    expected: anyone(200, { visitor: 403, user: 404 }),
  },
  {
    method: 'POST',
    route: '/api/v1/customers_requests/archive/update/:id',
    note: "a document of someone else's draft (edit_requests)",
    prepare: async ({ app, db }) => {
      const request = await createCustomerRequest(db, { createdBy: (await createUser(db)).id });
      return { fileId: await attachDocument(app, request.id) };
    },
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/customers_requests/archive/update/${ctx.fixtures.fileId}`,
      ...multipartBody([{ field: 'file', filename: 'id.pdf', contentType: 'application/pdf', bytes: PDF_BYTES }]),
    }),
    expected: anyone(200, { visitor: 403, user: 404 }),
  },
  {
    method: 'GET',
    route: '/api/v1/customers_requests/:id/files/:fileId',
    note: "a document of someone else's request",
    prepare: async ({ app, db }) => {
      const request = await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 2 });
      return { requestId: request.id, fileId: await attachDocument(app, request.id) };
    },
    request: (ctx) => ({
      method: 'GET',
      url: `/api/v1/customers_requests/${ctx.fixtures.requestId}/files/${ctx.fixtures.fileId}`,
    }),
    expected: anyone(200, { user: 404 }),
  },
  {
    method: 'DELETE',
    route: '/api/v1/customers_requests/delete/:id',
    prepare: async ({ db }) => ({
      requestId: (await createCustomerRequest(db, { createdBy: (await createUser(db)).id, status: 2 })).id,
    }),
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/customers_requests/delete/${ctx.fixtures.requestId}` }),
    expected: only(200, ['admin', 'manager']),
  },
];
