import { addDays, today } from '@portal/shared/clock';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/client.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { createAssociation } from './factories/associations.js';
import { createUser } from './factories/users.js';
import { ADMIN, loginAs } from './helpers/build-app.js';

/**
 * The members' side (docs/decisions/0018-members.md): /me calls answer any signed-in user with
 * their own records; the staff calls of turn moves and card requests need their permissions.
 * Editors decide turn moves and card requests; only admin and manager delete turn moves.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

/** Every signed-in caller gets `status` (their own records); no session is a 401. */
function anyone(status: number, overrides: Partial<Record<LoggedIn, number>> = {}): Record<Caller, number> {
  return { admin: status, manager: status, editor: status, user: status, visitor: status, none: 401, ...overrides };
}

const READERS: LoggedIn[] = ['admin', 'manager', 'editor', 'visitor'];
const DECIDERS: LoggedIn[] = ['admin', 'manager', 'editor'];
const STAFF_ONLY_CUSTOMER = { admin: 422, manager: 422, editor: 422, visitor: 422 } as const;

/** A fresh association whose days all lie ahead (from today + 30), made through the real route. */
async function association(app: FastifyInstance): Promise<number> {
  const token = await loginAs(app, ADMIN.phone, ADMIN.password);
  return (await createAssociation(app, token, { cost: 10, from_date: addDays(today(), 30) })).id;
}

/**
 * A subscription of `userId` to day 5 of a fresh association, with its installments, written
 * straight to the database: staff callers are not customers and could not subscribe through
 * the routes, yet /me must answer them with their own records too.
 */
async function subscriptionOf(app: FastifyInstance, db: Database, userId: number) {
  const associationId = await association(app);
  const id = await inTransaction(systemScope(db), async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.db.execute(sql`insert into subscriptions (association_id, day_number, user_id, amount_piastres)
        values (${associationId}, 5, ${userId}, 1200000) returning id`),
    );
    await tx.db.execute(sql`insert into installments (subscription_id, association_id, user_id, day_number, due_date, amount_piastres)
      select ${row?.id}, d.association_id, ${userId}, d.day_number, d.date, 1000
      from association_days d where d.association_id = ${associationId}`);
    return Number(row?.id);
  });
  return { associationId, subscriptionId: id };
}

async function turnMoveOf(db: Database, subscriptionId: number, associationId: number, userId: number) {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into turn_move_requests (subscription_id, association_id, user_id, from_day, to_day)
      values (${subscriptionId}, ${associationId}, ${userId}, 5, 9) returning id`),
  );
  return Number(row?.id);
}

async function cardRequestOf(db: Database, userId: number) {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into card_requests (user_id, name, national_id)
      values (${userId}, 'اسم البطاقة', '29001011234567') returning id`),
  );
  return Number(row?.id);
}

/** Another member's request in review: what staff decide. */
async function someoneElsesTurnMove(app: FastifyInstance, db: Database) {
  const member = await createUser(db, { type: 'user' });
  const own = await subscriptionOf(app, db, member.id);
  return { turnMoveId: await turnMoveOf(db, own.subscriptionId, own.associationId, member.id) };
}

export const MEMBER_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/associations/change-turn-requests',
    request: () => ({ method: 'POST', url: '/api/v1/associations/change-turn-requests', payload: { status: 0 } }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/associations/change-turn/:id',
    prepare: ({ app, db }) => someoneElsesTurnMove(app, db),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/associations/change-turn/${ctx.fixtures.turnMoveId}`,
      payload: { id: ctx.fixtures.turnMoveId, status: 1 },
    }),
    expected: only(200, DECIDERS),
  },
  {
    method: 'DELETE',
    route: '/api/v1/associations/change-turn-requests/:id',
    prepare: ({ app, db }) => someoneElsesTurnMove(app, db),
    request: (ctx) => ({
      method: 'DELETE',
      url: `/api/v1/associations/change-turn-requests/${ctx.fixtures.turnMoveId}`,
    }),
    expected: only(200, ['admin', 'manager']),
  },
  {
    method: 'GET',
    route: '/api/v1/me/turn-moves',
    request: () => ({ method: 'GET', url: '/api/v1/me/turn-moves' }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/turn-moves',
    prepare: async ({ app, db, selfId }) =>
      selfId ? subscriptionOf(app, db, selfId) : { subscriptionId: 1, associationId: 1 },
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/me/turn-moves',
      payload: { subscription_id: ctx.fixtures.subscriptionId, to_day: 8 },
    }),
    expected: anyone(201),
  },
  {
    method: 'POST',
    route: '/api/v1/me/turn-moves/:id/cancel',
    prepare: async ({ app, db, selfId }) => {
      if (!selfId) return { turnMoveId: 1 };
      const own = await subscriptionOf(app, db, selfId);
      return { turnMoveId: await turnMoveOf(db, own.subscriptionId, own.associationId, selfId) };
    },
    request: (ctx) => ({ method: 'POST', url: `/api/v1/me/turn-moves/${ctx.fixtures.turnMoveId}/cancel` }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/card-requests',
    request: () => ({ method: 'POST', url: '/api/v1/card-requests', payload: { perPage: 10 } }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/card-requests/:id',
    prepare: async ({ db }) => ({ cardRequestId: await cardRequestOf(db, (await createUser(db)).id) }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/card-requests/${ctx.fixtures.cardRequestId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/card-requests/:id/decision',
    prepare: async ({ db }) => ({ cardRequestId: await cardRequestOf(db, (await createUser(db)).id) }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/card-requests/${ctx.fixtures.cardRequestId}/decision`,
      payload: { status: 1 },
    }),
    expected: only(200, DECIDERS),
  },
  {
    method: 'GET',
    route: '/api/v1/me/card-requests',
    request: () => ({ method: 'GET', url: '/api/v1/me/card-requests' }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/card-requests',
    request: () => ({
      method: 'POST',
      url: '/api/v1/me/card-requests',
      payload: { name: 'اسم على البطاقة', national_id: '29001011234567' },
    }),
    expected: anyone(201),
  },
  {
    method: 'GET',
    route: '/api/v1/me/subscriptions',
    request: () => ({ method: 'GET', url: '/api/v1/me/subscriptions' }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/me/subscriptions/:id',
    prepare: async ({ app, db, selfId }) =>
      selfId ? subscriptionOf(app, db, selfId) : { subscriptionId: 1, associationId: 1 },
    request: (ctx) => ({ method: 'GET', url: `/api/v1/me/subscriptions/${ctx.fixtures.subscriptionId}` }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/me/subscriptions/:id/statement',
    prepare: async ({ app, db, selfId }) =>
      selfId ? subscriptionOf(app, db, selfId) : { subscriptionId: 1, associationId: 1 },
    request: (ctx) => ({ method: 'GET', url: `/api/v1/me/subscriptions/${ctx.fixtures.subscriptionId}/statement` }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/subscriptions/quote',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/me/subscriptions/quote',
      payload: { association_id: ctx.fixtures.associationId, day_number: 3 },
    }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/me/subscriptions',
    note: 'email verified; staff accounts are not customers',
    prepare: async ({ app, db, selfId }) => {
      if (selfId) await db.execute(sql`update users set email_verified_at = now() where id = ${selfId}`);
      return { associationId: await association(app) };
    },
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/me/subscriptions',
      payload: { association_id: ctx.fixtures.associationId, day_number: 4 },
    }),
    expected: anyone(201, STAFF_ONLY_CUSTOMER),
  },
  {
    method: 'GET',
    route: '/api/v1/me/associations/open',
    request: () => ({ method: 'GET', url: '/api/v1/me/associations/open?perPage=5' }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/me/associations/:id/days',
    prepare: async ({ app }) => ({ associationId: await association(app) }),
    request: (ctx) => ({ method: 'GET', url: `/api/v1/me/associations/${ctx.fixtures.associationId}/days` }),
    expected: anyone(200),
  },
];
