import type { FastifyInstance } from 'fastify';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { createAssociation } from './factories/associations.js';
import { createUser } from './factories/users.js';
import { ADMIN, bearer, loginAs } from './helpers/build-app.js';
import { multipartBody } from './helpers/multipart.js';

/**
 * Associations, subscriptions and installments in the access matrix (docs/decisions/0017):
 * readers (the *.index permissions) are admin, manager, editor and visitor; writers
 * (associations.put/delete, subscriptions.put, payments.put) are admin and manager.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

const READERS: LoggedIn[] = ['admin', 'manager', 'editor', 'visitor'];
const WRITERS: LoggedIn[] = ['admin', 'manager'];

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

async function asAdmin(app: FastifyInstance) {
  return bearer(await loginAs(app, ADMIN.phone, ADMIN.password));
}

/**
 * A fresh association made through the real route: by default running (its from_date in the past,
 * so day 1 has come, and its to_date ahead); `2030-01-01` for one still pending (start, delete).
 */
async function association(app: FastifyInstance, fromDate = '2026-01-01'): Promise<number> {
  const token = await loginAs(app, ADMIN.phone, ADMIN.password);
  return (await createAssociation(app, token, { cost: 10, from_date: fromDate })).id;
}

/** A fresh subscription with its installments: ids of the subscription and of one pending installment. */
async function subscription(app: FastifyInstance, db: Parameters<typeof createUser>[0]) {
  const associationId = await association(app);
  const member = await createUser(db, { type: 'user' });
  const headers = await asAdmin(app);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/subscriptions',
    headers,
    payload: { user_id: member.id, association_id: associationId, day_number: 1 },
  });
  if (res.statusCode !== 201) throw new Error(`subscription: ${res.body}`);
  const payments = await app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/payments',
    headers,
    payload: { subscription_id: res.json().data.id, perPage: 5 },
  });
  return {
    associationId,
    subscriptionId: res.json().data.id as number,
    paymentId: payments.json().data.data[0].id as number,
    memberId: member.id,
  };
}

export const ASSOCIATION_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/associations/export',
    request: () => ({ method: 'POST', url: '/api/v1/associations/export', payload: { format: 'csv' } }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/export',
    request: () => ({ method: 'POST', url: '/api/v1/subscriptions/export', payload: { format: 'csv' } }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/payments/export',
    request: () => ({ method: 'POST', url: '/api/v1/subscriptions/payments/export', payload: { format: 'xlsx' } }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/associations',
    request: () => ({ method: 'POST', url: '/api/v1/associations', payload: { perPage: 5 } }),
    expected: only(200, READERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/associations',
    request: () => ({
      method: 'PUT',
      url: '/api/v1/associations',
      payload: { title: `جمعية جديدة ${next()}`, cost: 20, association_type: 'normal', from_date: '2027-01-01' },
    }),
    expected: only(201, WRITERS),
  },
  {
    method: 'GET',
    route: '/api/v1/associations/:id',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/associations/${ctx.fixtures.associationId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/associations/:id',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/associations/${ctx.fixtures.associationId}`,
      payload: { title: `اسم معدّل ${ctx.caller}`, cost: 10, association_type: 'normal', from_date: '2020-01-01' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'DELETE',
    route: '/api/v1/associations/:id',
    prepare: async ({ app }) => ({ associationId: await association(app, '2030-01-01') }),
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/associations/${ctx.fixtures.associationId}` }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/associations/status',
    prepare: async ({ app }) => ({ associationId: await association(app, '2030-01-01') }),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/associations/status',
      payload: { association_id: ctx.fixtures.associationId, status: 'started' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/associations/:id/days',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => ({ method: 'POST', url: `/api/v1/associations/${ctx.fixtures.associationId}/days`, payload: {} }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/associations/days/import',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => {
      const body = multipartBody(
        [
          {
            field: 'file',
            filename: 'days.csv',
            contentType: 'text/csv',
            // The last day onto to_date (2026-01-01 + 1200): the one date no day has.
            bytes: Buffer.from('day_number,date\n1200,2029-04-15\n'),
          },
        ],
        { association_id: String(ctx.fixtures.associationId), apply: 'false' },
      );
      return { method: 'POST', url: '/api/v1/associations/days/import', payload: body.payload, headers: body.headers };
    },
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions',
    request: () => ({ method: 'POST', url: '/api/v1/subscriptions', payload: {} }),
    expected: only(200, READERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/subscriptions',
    prepare: async ({ app, db }) => ({
      associationId: await association(app),
      memberId: (await createUser(db, { type: 'user' })).id,
    }),
    request: (ctx) => ({
      method: 'PUT',
      url: '/api/v1/subscriptions',
      payload: { user_id: ctx.fixtures.memberId, association_id: ctx.fixtures.associationId, day_number: 2 },
    }),
    expected: only(201, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/quote',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/subscriptions/quote',
      payload: { association_id: ctx.fixtures.associationId, day_number: 3 },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'GET',
    route: '/api/v1/subscriptions/:id',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/:id/transfer',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/transfer`,
      payload: { reference: `TRF-${ctx.caller}`, date: '2026-01-01' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/payments',
    request: () => ({ method: 'POST', url: '/api/v1/subscriptions/payments', payload: {} }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/subscriptions/payments/:id',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/subscriptions/payments/${ctx.fixtures.paymentId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/payments/receive',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/subscriptions/payments/receive',
      payload: { ids: [ctx.fixtures.paymentId], reference: `REC-${ctx.caller}` },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/:id/payout-quote',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/payout-quote`,
      payload: {},
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'GET',
    route: '/api/v1/subscriptions/:id/ledger',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/ledger` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/:id/withdraw-quote',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({ method: 'POST', url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/withdraw-quote` }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/:id/withdraw',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/withdraw`,
      payload: { reason: 'سافر للخارج' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/:id/refund',
    prepare: async ({ app, db }) => {
      const made = await subscription(app, db);
      const headers = await asAdmin(app);
      await app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/payments/receive',
        headers,
        payload: { ids: [made.paymentId], method: 'cash' },
      });
      await app.inject({
        method: 'POST',
        url: `/api/v1/subscriptions/${made.subscriptionId}/withdraw`,
        headers,
        payload: { reason: 'انسحاب' },
      });
      return made;
    },
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/refund`,
      payload: { amount: 10, reference: `RFD-${ctx.caller}`, date: '2026-01-02' },
    }),
    expected: only(201, WRITERS),
  },
  {
    method: 'POST',
    route: '/api/v1/subscriptions/:id/replace',
    prepare: async ({ app, db }) => ({
      ...(await subscription(app, db)),
      newMemberId: (await createUser(db, { type: 'user' })).id,
    }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/subscriptions/${ctx.fixtures.subscriptionId}/replace`,
      payload: { user_id: ctx.fixtures.newMemberId, reason: 'تنازل لأخيه' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'GET',
    route: '/api/v1/associations/:id/settlement',
    prepare: async ({ app, db }) => subscription(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/associations/${ctx.fixtures.associationId}/settlement` }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/receipts/:id',
    prepare: async ({ app, db }) => receipt(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/receipts/${ctx.fixtures.receiptId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/receipts/:id/reverse',
    prepare: async ({ app, db }) => receipt(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/receipts/${ctx.fixtures.receiptId}/reverse`,
      payload: { reason: 'سُجّل على القسط الخطأ' },
    }),
    expected: only(200, WRITERS),
  },
  {
    method: 'GET',
    route: '/api/v1/me/receipts/:id',
    note: 'another member’s receipt is not found',
    prepare: async ({ app, db }) => receipt(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/me/receipts/${ctx.fixtures.receiptId}` }),
    expected: { admin: 404, manager: 404, editor: 404, user: 404, visitor: 404, none: 401 },
  },
  {
    method: 'GET',
    route: '/api/v1/payouts/:id',
    prepare: async ({ app, db }) => payout(app, db),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/payouts/${ctx.fixtures.payoutId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/payouts/:id/reverse',
    prepare: async ({ app, db }) => payout(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/payouts/${ctx.fixtures.payoutId}/reverse`,
      payload: { reason: 'سُجّل مرتين' },
    }),
    expected: only(200, WRITERS),
  },
];

/** A subscription with one installment received: its receipt's id. */
async function receipt(app: FastifyInstance, db: Parameters<typeof createUser>[0]) {
  const made = await subscription(app, db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/payments/receive',
    headers: await asAdmin(app),
    payload: { ids: [made.paymentId], method: 'instapay', reference: `IP-${next()}` },
  });
  if (res.statusCode !== 200) throw new Error(`receipt: ${res.body}`);
  return { ...made, receiptId: res.json().data[0].receipt.id as number };
}

/** A subscription whose payout (day 1) was recorded: the payout's id. */
async function payout(app: FastifyInstance, db: Parameters<typeof createUser>[0]) {
  const made = await subscription(app, db);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions/${made.subscriptionId}/transfer`,
    headers: await asAdmin(app),
    payload: { reference: `TRF-${next()}`, date: '2026-01-01' },
  });
  if (res.statusCode !== 200) throw new Error(`payout: ${res.body}`);
  return { ...made, payoutId: res.json().data.payout.id as number };
}
