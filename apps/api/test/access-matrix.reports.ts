import type { FastifyInstance } from 'fastify';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { createAssociation } from './factories/associations.js';
import { ADMIN, loginAs } from './helpers/build-app.js';

/**
 * The cash report, the association's ledger and members' balances (issue 20 §4,
 * docs/decisions/0030): staff read them with payments.index (admin, manager, editor, visitor);
 * anyone signed in reads their own balance under /me, which names no one else.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

const READERS: LoggedIn[] = ['admin', 'manager', 'editor', 'visitor'];
const SIGNED_IN: Record<Caller, number> = { admin: 200, manager: 200, editor: 200, user: 200, visitor: 200, none: 401 };

/** A running association, through the real route. */
async function association(app: FastifyInstance): Promise<Record<string, number>> {
  const token = await loginAs(app, ADMIN.phone, ADMIN.password);
  return { associationId: (await createAssociation(app, token, { from_date: '2026-01-01' })).id };
}

export const REPORT_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'GET',
    route: '/api/v1/reports/cash',
    request: () => ({ method: 'GET', url: '/api/v1/reports/cash' }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/reports/cash/associations',
    request: () => ({ method: 'POST', url: '/api/v1/reports/cash/associations', payload: { perPage: 5 } }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/reports/cash/associations/export',
    request: () => ({ method: 'POST', url: '/api/v1/reports/cash/associations/export', payload: { format: 'csv' } }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/reports/cash/associations/:id',
    prepare: async ({ app }) => association(app),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/reports/cash/associations/${ctx.fixtures.associationId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/reports/cash/forecast/export',
    request: () => ({ method: 'POST', url: '/api/v1/reports/cash/forecast/export', payload: { format: 'xlsx' } }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/users/:id/balance',
    note: 'another member’s balance',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/users/${ctx.targetUserId}/balance` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/users/:id/balance/export',
    request: (ctx) => ({ method: 'POST', url: `/api/v1/users/${ctx.targetUserId}/balance/export`, payload: {} }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/me/balance',
    note: 'one’s own, whoever asks',
    request: () => ({ method: 'GET', url: '/api/v1/me/balance' }),
    expected: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/me/balance/export',
    request: () => ({ method: 'POST', url: '/api/v1/me/balance/export', payload: { format: 'csv' } }),
    expected: SIGNED_IN,
  },
];
