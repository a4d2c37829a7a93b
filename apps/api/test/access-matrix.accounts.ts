import { sql } from 'drizzle-orm';
import type { AccessRow, Caller } from './access-matrix.types.js';

/**
 * Rows of the access matrix for the account routes (registration, activation,
 * reset, recovery, settings, lookups): docs/decisions/0005-accounts.md.
 * Public routes answer every caller alike; bodies that fail validation or
 * tokens that do not exist show the guard let the call through without
 * changing anything.
 */

type LoggedIn = Exclude<Caller, 'none'>;

function same(status: number): Record<Caller, number> {
  return { admin: status, manager: status, editor: status, user: status, visitor: status, none: status };
}

/** Any signed-in caller gets `status`; no session 401. */
function signedIn(status: number): Record<Caller, number> {
  return { ...same(status), none: 401 };
}

/** The holders get `status`, the other signed-in callers 403, no session 401. */
function holders(status: number, who: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of who) row[caller] = status;
  return row;
}

/** users.index (recovery list). */
const USER_READERS: LoggedIn[] = ['admin', 'manager', 'editor', 'visitor'];
/** users.put / users.delete (staff verify, recovery verify and delete). */
const USER_EDITORS: LoggedIn[] = ['admin', 'manager'];
/** admin_roles (settings). */
const ADMINS: LoggedIn[] = ['admin'];

/** A token no one was ever sent (43 URL-safe characters, like a real one). */
const UNKNOWN_TOKEN = 'matrixUnknownToken_abcdefghijklmnopqrstuvw1';

export const ACCOUNT_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/register',
    note: 'invalid body',
    request: () => ({ method: 'POST', url: '/api/v1/register', payload: {} }),
    expected: same(422),
  },
  {
    method: 'POST',
    route: '/api/v1/register',
    note: 'new customer',
    request: (ctx) => {
      const n = ['admin', 'manager', 'editor', 'user', 'visitor', 'none'].indexOf(ctx.caller) + 1;
      return {
        method: 'POST',
        url: '/api/v1/register',
        payload: {
          first_name: 'عميل',
          last_name: ctx.caller,
          address: 'القاهرة',
          email: `matrix.register.${ctx.caller}@example.com`,
          mobile: `0109${String(n).padStart(7, '0')}`,
          password: 'Matrix@2024',
          confirm_password: 'Matrix@2024',
          accept_terms: true,
        },
      };
    },
    expected: same(200),
  },
  {
    method: 'POST',
    route: '/api/v1/activation/:token',
    request: () => ({ method: 'POST', url: `/api/v1/activation/${UNKNOWN_TOKEN}` }),
    expected: same(400),
  },
  {
    method: 'POST',
    route: '/api/v1/users/verify/email',
    request: () => ({ method: 'POST', url: '/api/v1/users/verify/email', payload: { code: 'x' } }),
    expected: signedIn(422),
  },
  {
    method: 'POST',
    route: '/api/v1/users/verify/email/resend',
    note: 'while the email is not activated (other rows activate it)',
    prepare: async ({ db, selfId }) => {
      if (selfId) await db.execute(sql`update users set email_verified_at = null where id = ${selfId}`);
      return {};
    },
    request: () => ({ method: 'POST', url: '/api/v1/users/verify/email/resend' }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/forgot-password',
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: `matrix.forgot.${ctx.caller}@example.com` },
    }),
    expected: same(200),
  },
  {
    method: 'POST',
    route: '/api/v1/resetPassword',
    request: () => ({
      method: 'POST',
      url: '/api/v1/resetPassword',
      payload: { token: UNKNOWN_TOKEN, password: 'Matrix@2024', confirm_password: 'Matrix@2024' },
    }),
    expected: same(400),
  },
  {
    method: 'POST',
    route: '/api/v1/user/verify',
    request: (ctx) => ({ method: 'POST', url: '/api/v1/user/verify', payload: { user_id: ctx.targetUserId } }),
    expected: holders(200, USER_EDITORS),
  },
  {
    method: 'POST',
    route: '/api/v1/user/register/data',
    request: () => ({ method: 'POST', url: '/api/v1/user/register/data' }),
    expected: same(200),
  },
  {
    method: 'GET',
    route: '/api/v1/recovery',
    request: () => ({ method: 'GET', url: '/api/v1/recovery' }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/v1/recovery',
    note: 'invalid body',
    request: () => ({ method: 'POST', url: '/api/v1/recovery', payload: {} }),
    expected: signedIn(422),
  },
  {
    method: 'POST',
    route: '/api/v1/recovery/activation/:token',
    request: () => ({ method: 'POST', url: `/api/v1/recovery/activation/${UNKNOWN_TOKEN}` }),
    expected: same(400),
  },
  {
    method: 'POST',
    route: '/api/v1/recovery/accounts',
    request: () => ({ method: 'POST', url: '/api/v1/recovery/accounts', payload: {} }),
    expected: holders(200, USER_READERS),
  },
  {
    method: 'POST',
    route: '/api/v1/recovery/verify',
    note: 'no such recovery account',
    request: () => ({ method: 'POST', url: '/api/v1/recovery/verify', payload: { id: 999_999 } }),
    expected: holders(404, USER_EDITORS),
  },
  {
    method: 'POST',
    route: '/api/v1/recovery/delete/:id',
    note: 'no such recovery account',
    request: () => ({ method: 'POST', url: '/api/v1/recovery/delete/999999' }),
    expected: holders(404, USER_EDITORS),
  },
  {
    method: 'POST',
    route: '/api/v1/setting/index',
    request: () => ({ method: 'POST', url: '/api/v1/setting/index' }),
    expected: holders(200, ADMINS),
  },
  {
    method: 'POST',
    route: '/api/v1/setting/change/:id',
    request: () => ({ method: 'POST', url: '/api/v1/setting/change/recovery_mode', payload: { value: false } }),
    expected: holders(200, ADMINS),
  },
];
