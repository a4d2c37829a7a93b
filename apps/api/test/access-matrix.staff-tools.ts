import { sql } from 'drizzle-orm';
import { LEFTOVER_CALLS } from '../src/modules/leftovers/leftovers.routes.js';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { createUser } from './factories/users.js';

/**
 * Terms, settings and the staff's user calls (docs/decisions/0022-staff-tools.md). The seeded
 * roles: admin and manager hold terms.put; editor and visitor read only; a customer nothing.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

export const STAFF_TOOLS_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'GET',
    route: '/api/v1/notifications/stream',
    // Without "Accept: text/event-stream" the stream is refused (406) after the access check, so the
    // matrix can call it; notifications.stream.test.ts reads the stream itself.
    note: 'asked without accepting a stream',
    request: () => ({ method: 'GET', url: '/api/v1/notifications/stream' }),
    expected: { admin: 406, manager: 406, editor: 406, user: 406, visitor: 406, none: 401 },
  },
  {
    method: 'GET',
    route: '/api/v1/settings/client',
    request: () => ({ method: 'GET', url: '/api/v1/settings/client' }),
    expected: { admin: 200, manager: 200, editor: 200, user: 200, visitor: 200, none: 401 },
  },
  {
    method: 'GET',
    route: '/api/v1/get-terms',
    request: () => ({ method: 'GET', url: '/api/v1/get-terms' }),
    expected: { admin: 200, manager: 200, editor: 200, user: 200, visitor: 200, none: 200 },
  },
  {
    method: 'PUT',
    route: '/api/v1/user/activate/:id',
    request: (ctx) => ({ method: 'PUT', url: `/api/v1/user/activate/${ctx.targetUserId}`, payload: { active: true } }),
    expected: only(200, ['admin', 'manager']),
  },
  {
    method: 'POST',
    route: '/api/v1/user/restore/:id/:type',
    note: 'a deleted customer',
    prepare: async ({ db }) => {
      const user = await createUser(db);
      await db.execute(sql`update users set deleted_at = now() where id = ${user.id}`);
      return { deletedId: user.id };
    },
    request: (ctx) => ({ method: 'POST', url: `/api/v1/user/restore/${ctx.fixtures.deletedId}/user` }),
    expected: only(200, ['admin', 'manager']),
  },
  {
    method: 'POST',
    route: '/api/v1/user/reset/:id',
    request: (ctx) => ({ method: 'POST', url: `/api/v1/user/reset/${ctx.targetUserId}` }),
    expected: only(200, ['admin', 'manager']),
  },
  {
    method: 'GET',
    route: '/api/v1/user/archive/:id',
    note: "someone else's documents",
    request: (ctx) => ({ method: 'GET', url: `/api/v1/user/archive/${ctx.targetUserId}` }),
    expected: { ...only(200, ['admin', 'manager', 'editor', 'visitor']) },
  },
  {
    method: 'GET',
    route: '/api/v1/user/archive/:id',
    note: 'my own documents',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/user/archive/${ctx.selfId ?? 1}` }),
    expected: { admin: 200, manager: 200, editor: 200, user: 200, visitor: 200, none: 401 },
  },
  ...LEFTOVER_CALLS.map(
    ([method, route]): AccessRow => ({
      method,
      route: `/api/v1${route}`,
      note: 'not part of this portal',
      request: () => ({
        method,
        url: `/api/v1${route.replace(':id', '1')}`,
        payload: method === 'POST' ? {} : undefined,
      }),
      expected: { admin: 404, manager: 404, editor: 404, user: 404, visitor: 404, none: 404 },
    }),
  ),
  {
    method: 'POST',
    route: '/api/v1/settings/updateTerms',
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/settings/updateTerms',
      payload: { lang: 'en', terms: `Terms saved by ${ctx.caller}` },
    }),
    expected: only(200, ['admin', 'manager']),
  },
];
