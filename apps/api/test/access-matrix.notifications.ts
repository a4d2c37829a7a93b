import { notifications } from '../src/db/schema/notifications.js';
import { users } from '../src/db/schema/users.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import type { AccessRow, Caller, PrepareEnv } from './access-matrix.types.js';

/**
 * Rows of the access matrix for the header bell (docs/decisions/0007-notifications.md):
 * any signed-in user reaches their OWN notifications; another user's id is 404
 * (as if it did not exist), whoever asks; no session is 401.
 */

function signedIn(status: number): Record<Caller, number> {
  return { admin: status, manager: status, editor: status, user: status, visitor: status, none: 401 };
}

/**
 * A fresh notification for every user, returned as fixtures `notification_<userId>`
 * (prepare does not know who the caller is; the request picks the caller's own).
 */
async function notificationForEveryone({ db }: PrepareEnv): Promise<Record<string, number>> {
  const everyone = await db.select({ id: users.id }).from(users);
  const rows = await inTransaction(systemScope(db), (tx) =>
    tx.db
      .insert(notifications)
      .values(
        everyone.map((u) => ({
          userId: u.id,
          type: 'access_changed',
          titleKey: 'notifications.types.access_changed.title',
          messageKey: 'notifications.types.access_changed.message',
          link: '/dashboard',
        })),
      )
      .returning({ id: notifications.id, userId: notifications.userId }),
  );
  return Object.fromEntries(rows.map((r) => [`notification_${r.userId}`, r.id]));
}

const own = (ctx: { selfId?: number; targetUserId: number; fixtures: Record<string, number> }) =>
  ctx.fixtures[`notification_${ctx.selfId ?? ctx.targetUserId}`];
const others = (ctx: { targetUserId: number; fixtures: Record<string, number> }) =>
  ctx.fixtures[`notification_${ctx.targetUserId}`];

export const NOTIFICATION_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/user/notifications',
    request: () => ({ method: 'POST', url: '/api/v1/user/notifications', payload: { limit: 5 } }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/user/notifications/see/:id',
    note: 'one’s own',
    prepare: notificationForEveryone,
    request: (ctx) => ({ method: 'POST', url: `/api/v1/user/notifications/see/${own(ctx)}` }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/user/notifications/see/:id',
    note: 'another user’s',
    prepare: notificationForEveryone,
    request: (ctx) => ({ method: 'POST', url: `/api/v1/user/notifications/see/${others(ctx)}` }),
    expected: signedIn(404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/notification/delete/:id',
    note: 'one’s own',
    prepare: notificationForEveryone,
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/notification/delete/${own(ctx)}` }),
    expected: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/notification/delete/:id',
    note: 'another user’s',
    prepare: notificationForEveryone,
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/notification/delete/${others(ctx)}` }),
    expected: signedIn(404),
  },
  {
    method: 'POST',
    route: '/api/v1/notifications/all/delete',
    prepare: notificationForEveryone,
    request: () => ({ method: 'POST', url: '/api/v1/notifications/all/delete' }),
    expected: signedIn(200),
  },
];
