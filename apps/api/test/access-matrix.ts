import { sql } from 'drizzle-orm';
import { roles } from '../src/db/schema/roles.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import { ACCOUNT_ACCESS_ROWS } from './access-matrix.accounts.js';
import { ARCHIVE_ACCESS_ROWS } from './access-matrix.archive.js';
import { ASSOCIATION_ACCESS_ROWS } from './access-matrix.associations.js';
import { CONTACT_ACCESS_ROWS } from './access-matrix.contacts.js';
import { CUSTOMER_REQUEST_ACCESS_ROWS } from './access-matrix.customer-requests.js';
import { MEMBER_ACCESS_ROWS } from './access-matrix.members.js';
import { NOTIFICATION_ACCESS_ROWS } from './access-matrix.notifications.js';
import { REPORT_ACCESS_ROWS } from './access-matrix.reports.js';
import { STAFF_TOOLS_ACCESS_ROWS } from './access-matrix.staff-tools.js';
import { TICKET_ACCESS_ROWS } from './access-matrix.tickets.js';
import type { AccessRow, Caller } from './access-matrix.types.js';
import { createUser } from './factories/users.js';
import { photoUpload } from './helpers/multipart.js';

/**
 * THE access matrix: every route of /api/v1 and the status each seeded role
 * (a fresh user holding only that role) and an anonymous caller must get.
 * access-matrix.test.ts walks it and fails when a registered route has no row.
 *
 * What the seeded roles hold (packages/shared/src/permissions.ts, docs/decisions/0003-roles.md):
 * admin everything; manager everything but role management; editor and visitor the
 * read permissions (users.index/view, logs.index/view, …); user (a customer) nothing.
 */

type LoggedIn = Exclude<Caller, 'none'>;

/** Every logged-in caller gets `status`; no session gets 401. */
function everyone(status: number): Record<Caller, number> {
  return { admin: status, manager: status, editor: status, user: status, visitor: status, none: 401 };
}

/** The holders get `status`, the other logged-in callers 403, no session 401. */
function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

const PUBLIC_200: Record<Caller, number> = { ...everyone(200), none: 200 };
/** users.index, users.view, logs.index, logs.view. */
const READERS: LoggedIn[] = ['admin', 'manager', 'editor', 'visitor'];
/** users.put, users.delete. */
const USER_EDITORS: LoggedIn[] = ['admin', 'manager'];
/** roles.*, admin_roles. */
const ROLE_ADMINS: LoggedIn[] = ['admin'];

let unique = 0;
function nextUnique(): number {
  unique += 1;
  return unique;
}

/** A custom role holding users.index, for rows that change or delete a role. */
async function insertCustomRole(db: Parameters<typeof createUser>[0], name: string): Promise<number> {
  return inTransaction(systemScope(db), async (tx) => {
    const [role] = await tx.db.insert(roles).values({ name }).returning({ id: roles.id });
    if (!role) throw new Error('role insert returned nothing');
    await tx.db.execute(
      sql`insert into role_permissions (role_id, permission_id) select ${role.id}, id from permissions where name = 'users.index'`,
    );
    return role.id;
  });
}

export const ACCESS_ROWS: AccessRow[] = [
  // ── health and auth ────────────────────────────────────────────────────
  {
    method: 'GET',
    route: '/api/v1/health',
    request: () => ({ method: 'GET', url: '/api/v1/health' }),
    expected: PUBLIC_200,
  },
  {
    method: 'POST',
    route: '/api/v1/login',
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: ctx.target.phone, password: ctx.target.password },
    }),
    expected: PUBLIC_200,
  },
  {
    method: 'POST',
    route: '/api/v1/logout',
    request: () => ({ method: 'POST', url: '/api/v1/logout' }),
    expected: everyone(200),
  },

  // ── audit log ──────────────────────────────────────────────────────────
  {
    method: 'POST',
    route: '/api/v1/logs',
    request: () => ({ method: 'POST', url: '/api/v1/logs', payload: {} }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/logs/:id',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/logs/${ctx.fixtures.logId}` }),
    expected: only(200, READERS),
  },

  // ── users ──────────────────────────────────────────────────────────────
  {
    method: 'POST',
    route: '/api/v1/users',
    request: () => ({ method: 'POST', url: '/api/v1/users', payload: { perPage: 5 } }),
    expected: only(200, READERS),
  },
  {
    method: 'PUT',
    route: '/api/v1/users',
    request: () => {
      const n = nextUnique();
      return {
        method: 'PUT',
        url: '/api/v1/users',
        payload: {
          name: `عميل جديد ${n}`,
          email: `matrix.new${n}@example.com`,
          phone: `0128${String(n).padStart(7, '0')}`,
          password: 'Matrix@2024',
        },
      };
    },
    expected: only(201, USER_EDITORS),
  },
  {
    method: 'GET',
    route: '/api/v1/users/:id',
    note: 'another user',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/users/${ctx.targetUserId}` }),
    expected: only(200, READERS),
  },
  {
    method: 'GET',
    route: '/api/v1/users/:id',
    note: 'oneself',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/users/${ctx.selfId ?? ctx.targetUserId}` }),
    expected: everyone(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/users/:id',
    note: 'another user',
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/users/${ctx.targetUserId}`,
      payload: { name: `عميل معدّل ${ctx.caller}`, email: ctx.target.email, phone: ctx.target.phone },
    }),
    expected: only(200, USER_EDITORS),
  },
  {
    method: 'PUT',
    route: '/api/v1/users/:id',
    note: 'oneself',
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/users/${ctx.selfId ?? ctx.targetUserId}`,
      payload: {
        name: `اسمي ${ctx.caller}`,
        email: ctx.self?.email ?? ctx.target.email,
        phone: ctx.self?.phone ?? ctx.target.phone,
      },
    }),
    expected: everyone(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/:id',
    note: 'another user',
    prepare: async ({ db }) => ({ victimId: (await createUser(db, { type: 'user' })).id }),
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/users/${ctx.fixtures.victimId}` }),
    expected: only(200, USER_EDITORS),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/:id',
    note: 'oneself (refused even with users.delete)',
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/users/${ctx.selfId ?? ctx.targetUserId}` }),
    expected: { ...only(403, []), admin: 409, manager: 409 },
  },
  {
    method: 'POST',
    route: '/api/v1/me/password',
    note: 'another user',
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/me/password?user_id=${ctx.targetUserId}`,
      // The same password again, so the target can still log in for the other rows.
      payload: { new_password: ctx.target.password, password: ctx.target.password },
    }),
    expected: only(200, USER_EDITORS),
  },
  {
    method: 'POST',
    route: '/api/v1/me/password',
    note: 'oneself',
    request: (ctx) => {
      const password = ctx.self?.password ?? 'Whatever@1';
      return {
        method: 'POST',
        url: '/api/v1/me/password',
        payload: { old_password: password, new_password: password, password },
      };
    },
    expected: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/users/:id/photo',
    note: 'another user',
    request: (ctx) => ({ method: 'POST', url: `/api/v1/users/${ctx.targetUserId}/photo`, ...photoUpload() }),
    expected: only(200, USER_EDITORS),
  },
  {
    method: 'POST',
    route: '/api/v1/users/:id/photo',
    note: 'oneself',
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/users/${ctx.selfId ?? ctx.targetUserId}/photo`,
      ...photoUpload(),
    }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/users/:id/photo',
    note: 'another user (who has a photo)',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/users/${ctx.targetUserId}/photo` }),
    expected: only(200, READERS),
  },

  // ── roles ──────────────────────────────────────────────────────────────
  {
    method: 'POST',
    route: '/api/v1/roles',
    request: () => ({ method: 'POST', url: '/api/v1/roles' }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'POST',
    route: '/api/v1/roles/permissions',
    request: () => ({ method: 'POST', url: '/api/v1/roles/permissions' }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'GET',
    route: '/api/v1/roles/:id',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/roles/${ctx.fixtures.editorRoleId}` }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'PUT',
    route: '/api/v1/roles',
    request: () => ({
      method: 'PUT',
      url: '/api/v1/roles',
      payload: { name: `دور المصفوفة ${nextUnique()}`, permissions: ['users.index'] },
    }),
    expected: only(201, ROLE_ADMINS),
  },
  {
    method: 'PUT',
    route: '/api/v1/roles/:id',
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/roles/${ctx.fixtures.customRoleId}`,
      payload: { permissions: ['users.index', 'users.view'] },
    }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'DELETE',
    route: '/api/v1/roles/:id',
    prepare: async ({ db }) => ({ doomedRoleId: await insertCustomRole(db, `دور للحذف ${nextUnique()}`) }),
    request: (ctx) => ({ method: 'DELETE', url: `/api/v1/roles/${ctx.fixtures.doomedRoleId}` }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'POST',
    route: '/api/v1/roles/sync',
    request: (ctx) => ({
      method: 'POST',
      url: '/api/v1/roles/sync',
      payload: { user_id: ctx.fixtures.staffId, roles: [ctx.fixtures.visitorRoleId], permissions: [] },
    }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'GET',
    route: '/api/v1/roles/user/:id',
    note: 'another user',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/roles/user/${ctx.fixtures.staffId}` }),
    expected: only(200, ROLE_ADMINS),
  },
  {
    method: 'GET',
    route: '/api/v1/roles/user/:id',
    note: 'oneself',
    request: (ctx) => ({ method: 'GET', url: `/api/v1/roles/user/${ctx.selfId ?? ctx.targetUserId}` }),
    expected: everyone(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/user/roles/:id',
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/v1/user/roles/${ctx.fixtures.staffId}`,
      payload: { roles: [ctx.fixtures.visitorRoleId], permissions: ['logs.index'] },
    }),
    expected: only(200, ROLE_ADMINS),
  },

  // ── dashboard ──────────────────────────────────────────────────────────
  {
    method: 'GET',
    route: '/api/v1/dashbored/count',
    request: () => ({ method: 'GET', url: '/api/v1/dashbored/count' }),
    expected: everyone(200),
  },

  // ── customer service requests: the form's lists, for any signed-in user ─
  {
    method: 'POST',
    route: '/api/v1/customers_requests/lookups',
    request: () => ({ method: 'POST', url: '/api/v1/customers_requests/lookups' }),
    expected: everyone(200),
  },
  ...CUSTOMER_REQUEST_ACCESS_ROWS,

  // ── accounts (registration, activation, reset, recovery, settings) ─────
  ...ACCOUNT_ACCESS_ROWS,

  // ── notifications (the header bell; one's own only) ────────────────────
  ...NOTIFICATION_ACCESS_ROWS,
  ...ASSOCIATION_ACCESS_ROWS,
  ...REPORT_ACCESS_ROWS,
  ...MEMBER_ACCESS_ROWS,
  ...ARCHIVE_ACCESS_ROWS,
  ...STAFF_TOOLS_ACCESS_ROWS,
  ...TICKET_ACCESS_ROWS,
  ...CONTACT_ACCESS_ROWS,
];

export { insertCustomRole };
