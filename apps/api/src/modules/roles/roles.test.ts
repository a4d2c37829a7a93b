import { PERMISSION_GROUPS, PERMISSIONS, type Permission, ROLE_PERMISSIONS } from '@portal/shared/permissions';
import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';
import { permissions, rolePermissions, roles, userPermissions, userRoles } from '../../db/schema/roles.js';
import { users } from '../../db/schema/users.js';

let t: TestApp;
let admin: string;
let adminId: number;
const roleIds: Record<string, number> = {};
/** The statements sent while a test records them (`statementsOf`). */
let recorded: string[] | undefined;

beforeAll(async () => {
  t = await createTestApp({}, { onQuery: (q) => recorded?.push(q) });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  const [seeded] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, ADMIN.phone));
  adminId = seeded?.id as number;
  for (const role of await t.db.select({ id: roles.id, name: roles.name }).from(roles)) roleIds[role.name] = role.id;
});
afterAll(() => t?.close());

function call(token: string | null, options: InjectOptions, lang?: 'ar' | 'en') {
  return t.app.inject({
    ...options,
    headers: {
      ...(options.headers ?? {}),
      ...(token ? bearer(token) : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
}

/** The statements a call sends besides the guard's session lookup (which a cached session skips). */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  recorded = [];
  try {
    await work();
    return recorded.filter((q) => !q.includes('from "sessions"'));
  } finally {
    recorded = undefined;
  }
}

function inCatalogueOrder(held: readonly Permission[]): Permission[] {
  return PERMISSIONS.filter((p) => held.includes(p));
}

/** The time PostgreSQL stores, as the API writes times (UTC, to the millisecond). */
async function storedIso(column: 'created_at' | 'updated_at', roleId: number): Promise<string> {
  const [row] = rowsOf<{ at: string }>(
    await t.db.execute(
      sql`select to_json(${sql.raw(column)} at time zone 'UTC')#>>'{}' as at from roles where id = ${roleId}`,
    ),
  );
  return new Date(`${row?.at}Z`).toISOString();
}

async function roleCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(roles);
  return row?.n ?? 0;
}

async function accessOf(userId: number) {
  const res = await call(admin, { method: 'GET', url: `/api/v1/roles/user/${userId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { roles: { name: string }[]; direct_permissions: string[]; role_permissions: string[] };
}

/** A staff member with the given direct permissions (and no role), logged in. */
async function staffWith(permissions: Permission[]) {
  const user = await createUser(t.db, { type: 'admin', permissions });
  return { user, token: await loginAs(t.app, user.phone, user.password) };
}

describe('role list, catalogue and detail', () => {
  it("a role's users count follows its holders through grants, removals, restorations and deletes (counters, migration 0033)", async () => {
    const editor = roleIds.editor as number;
    const counted = async () => {
      const res = await call(admin, { method: 'GET', url: `/api/v1/roles/${editor}` });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from user_roles ur
          join users u on u.id = ur.user_id where ur.role_id = ${editor} and u.deleted_at is null`),
      );
      expect(res.json().data.users_count).toBe(Number(row?.n));
      return res.json().data.users_count as number;
    };
    const before = await counted();
    const a = await createUser(t.db, { type: 'admin' });
    const b = await createUser(t.db, { type: 'admin' });
    await t.db.insert(userRoles).values([
      { userId: a.id, roleId: editor },
      { userId: b.id, roleId: editor },
    ]);
    expect(await counted()).toBe(before + 2);
    await t.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, a.id));
    expect(await counted()).toBe(before + 1);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, a.id));
    expect(await counted()).toBe(before + 2);
    await t.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, b.id));
    await t.db.delete(userRoles).where(eq(userRoles.userId, b.id));
    expect(await counted()).toBe(before + 1);
    await t.db.delete(userRoles).where(eq(userRoles.userId, a.id));
    expect(await counted()).toBe(before);
  });

  it('POST /roles lists the seeded roles with counts, with or without a body', async () => {
    const bare = await call(admin, { method: 'POST', url: '/api/v1/roles' });
    expect(bare.statusCode).toBe(200);
    const rows = bare.json().data.data as {
      name: string;
      system: boolean;
      users_count: number;
      permissions_count: number;
    }[];
    expect(rows.map((r) => r.name)).toEqual(['admin', 'manager', 'editor', 'user', 'visitor']);
    expect(rows.every((r) => r.system)).toBe(true);
    expect(rows.find((r) => r.name === 'admin')).toMatchObject({ users_count: 1 });
    expect(rows.find((r) => r.name === 'editor')).toMatchObject({
      users_count: 0,
      permissions_count: ROLE_PERMISSIONS.editor.length,
    });
    const search = await call(admin, {
      method: 'POST',
      url: '/api/v1/roles',
      payload: { search: 'VISIT', sortBy: 'name' },
    });
    expect(search.json().data.data.map((r: { name: string }) => r.name)).toEqual(['visitor']);
    for (const payload of [{ perPage: 3 }, { sortBy: 'users_count' }, { search: 'x'.repeat(101) }]) {
      expect((await call(admin, { method: 'POST', url: '/api/v1/roles', payload })).statusCode).toBe(422);
    }
  });

  it('POST /roles/permissions returns the catalogue in its groups, labelled in the request language', async () => {
    const en = await call(admin, { method: 'POST', url: '/api/v1/roles/permissions' }, 'en');
    const groups = en.json().data as { name: string; label: string; permissions: { name: string; label: string }[] }[];
    expect(groups.map((g) => g.name)).toEqual(Object.keys(PERMISSION_GROUPS));
    expect(groups.map((g) => g.permissions.map((p) => p.name))).toEqual(Object.values(PERMISSION_GROUPS));
    expect(groups[0]?.label).toBe('Users');
    // Every permission has a real label, not its key echoed back.
    for (const p of groups.flatMap((g) => g.permissions)) expect(p.label).not.toBe(p.name);
    const ar = await call(admin, { method: 'POST', url: '/api/v1/roles/permissions' });
    expect(ar.json().data[0].label).toBe('المستخدمون');
    expect(ar.json().data[0].permissions[0]).toEqual({ name: 'users.index', label: 'عرض قائمة المستخدمين' });
  });

  it('GET /roles/:id returns the permissions flat and grouped; 404 unknown; 422 bad id', async () => {
    const res = await call(admin, { method: 'GET', url: `/api/v1/roles/${roleIds.editor}` });
    expect(res.statusCode).toBe(200);
    const role = res.json().data;
    expect(role.permissions).toEqual(inCatalogueOrder(ROLE_PERMISSIONS.editor));
    expect(role.groups.flatMap((g: { permissions: string[] }) => g.permissions)).toEqual(role.permissions);
    expect(role.groups.map((g: { name: string }) => g.name)).not.toContain('roles');
    expect((await call(admin, { method: 'GET', url: '/api/v1/roles/424242' })).statusCode).toBe(404);
    expect((await call(admin, { method: 'GET', url: '/api/v1/roles/abc' })).statusCode).toBe(422);
  });

  it('GET /roles/:id reads the role and exactly its own permissions in one statement', async () => {
    // Stored out of catalogue order (and by a role beside another with permissions of its own):
    // the answer is the role's set, no more, in the catalogue's order.
    const held: Permission[] = ['logs.view', 'users.view', 'roles.index', 'users.index'];
    const [created] = await t.db.insert(roles).values({ name: 'قارئ السجلات' }).returning({ id: roles.id });
    const id = created?.id as number;
    const ids = await t.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, held));
    await t.db.insert(rolePermissions).values(ids.reverse().map((p) => ({ roleId: id, permissionId: p.id })));
    await t.db.execute(sql`update roles set updated_at = '2026-03-04 05:06:07.891234+02' where id = ${id}`);
    await createUser(t.db, { type: 'admin', roles: ['قارئ السجلات'] });

    let res: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsOf(async () => {
      res = await call(admin, { method: 'GET', url: `/api/v1/roles/${id}` });
    });
    expect(res?.statusCode, res?.body).toBe(200);
    expect(statements).toHaveLength(1);
    expect(res?.json().data).toEqual({
      id,
      name: 'قارئ السجلات',
      system: false,
      users_count: 1,
      permissions_count: 4,
      created_at: await storedIso('created_at', id),
      updated_at: '2026-03-04T03:06:07.891Z',
      permissions: ['users.index', 'users.view', 'roles.index', 'logs.view'],
      groups: [
        { name: 'users', permissions: ['users.index', 'users.view'] },
        { name: 'roles', permissions: ['roles.index'] },
        { name: 'logs', permissions: ['logs.view'] },
      ],
    });
    expect(await storedIso('updated_at', id)).toBe('2026-03-04T03:06:07.891Z');

    // The same read inside a transaction (an edit answers with it): the detail after the change.
    const edited = await call(admin, {
      method: 'PUT',
      url: `/api/v1/roles/${id}`,
      payload: { permissions: ['admin_logs', 'users.put'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      permissions_count: 2,
      permissions: ['users.put', 'admin_logs'],
      groups: [
        { name: 'users', permissions: ['users.put'] },
        { name: 'logs', permissions: ['admin_logs'] },
      ],
      updated_at: await storedIso('updated_at', id),
    });
  });

  it('GET /roles/:id gives a role without permissions an empty list; an unknown or removed role is 404', async () => {
    const [created] = await t.db.insert(roles).values({ name: 'بلا صلاحيات' }).returning({ id: roles.id });
    const id = created?.id as number;
    const res = await call(admin, { method: 'GET', url: `/api/v1/roles/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, users_count: 0, permissions_count: 0, permissions: [], groups: [] });
    expect(res.json().data.updated_at).toBe(await storedIso('updated_at', id));

    await t.db.delete(roles).where(eq(roles.id, id));
    let gone: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsOf(async () => {
      gone = await call(admin, { method: 'GET', url: `/api/v1/roles/${id}` });
    });
    expect(gone?.statusCode).toBe(404);
    expect(statements).toHaveLength(1);
    expect((await call(admin, { method: 'GET', url: '/api/v1/roles/2147483647' })).statusCode).toBe(404);
  });
});

describe('PUT /roles (create) and PUT /roles/:id', () => {
  it('creates a role with permissions; audited', async () => {
    const res = await call(
      admin,
      {
        method: 'PUT',
        url: '/api/v1/roles',
        payload: { name: ' موظف خدمة العملاء ', permissions: ['users.view', 'users.index'] },
      },
      'en',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('The role was added');
    expect(res.json().data).toMatchObject({
      name: 'موظف خدمة العملاء',
      system: false,
      users_count: 0,
      permissions: ['users.index', 'users.view'],
    });
    const id = res.json().data.id as number;
    const [created] = await auditEntries(t.app, admin, 'roles.insert', id);
    expect(created?.new_value).toMatchObject({ id, name: 'موظف خدمة العملاء' });
    const grants = await auditEntries(t.app, admin, 'role_permissions.insert', id);
    expect(grants).toHaveLength(2);
  });

  it('refuses a missing, empty, too long or duplicate (any case) name, and unknown permissions; creates nothing', async () => {
    await call(admin, { method: 'PUT', url: '/api/v1/roles', payload: { name: 'Auditors' } });
    const before = await roleCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 422, 'name'],
      [{ name: '   ' }, 422, 'name'],
      [{ name: 42 }, 422, 'name'],
      [{ name: 'د'.repeat(101) }, 422, 'name'],
      [{ name: 'auditors' }, 409, 'name'],
      [{ name: 'Admin' }, 409, 'name'],
      [{ name: 'جديد', permissions: ['users.fly'] }, 422, 'permissions.0'],
      [{ name: 'جديد', permissions: 'users.index' }, 422, 'permissions'],
      [{ name: 'جديد', permissions: Array(201).fill('users.index') }, 422, 'permissions'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await call(admin, { method: 'PUT', url: '/api/v1/roles', payload }, 'en');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const missing = await call(admin, { method: 'PUT', url: '/api/v1/roles', payload: {} }, 'en');
    expect(missing.json().errors[0].title).toBe('Please enter the role name');
    expect(await roleCount()).toBe(before);
  });

  it('the database itself refuses two role names that differ only in case', async () => {
    const { uniqueViolation } = await import('../../lib/db-errors.js');
    await t.db.insert(roles).values({ name: 'Cashiers' });
    const error = await t.db
      .insert(roles)
      .values({ name: 'CASHIERS' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(uniqueViolation(error)).toBe('roles_name_lower_key');
  });

  it('renames and replaces permissions, touching only what changed', async () => {
    const created = await call(admin, {
      method: 'PUT',
      url: '/api/v1/roles',
      payload: { name: 'مراجع', permissions: ['logs.index', 'logs.view'] },
    });
    const id = created.json().data.id as number;
    const res = await call(admin, {
      method: 'PUT',
      url: `/api/v1/roles/${id}`,
      payload: { name: 'مراجع أول', permissions: ['logs.view', 'users.index'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'مراجع أول', permissions: ['users.index', 'logs.view'] });
    const removed = await auditEntries(t.app, admin, 'role_permissions.delete', id);
    const added = await auditEntries(t.app, admin, 'role_permissions.insert', id);
    expect(removed).toHaveLength(1);
    expect(added).toHaveLength(3);
    const [renamed] = await auditEntries(t.app, admin, 'roles.update', id);
    expect(renamed?.old_value).toMatchObject({ name: 'مراجع' });
    expect(renamed?.new_value).toMatchObject({ name: 'مراجع أول' });
    const onlyName = await call(admin, { method: 'PUT', url: `/api/v1/roles/${id}`, payload: { name: 'مراجع ثان' } });
    expect(onlyName.json().data.permissions).toEqual(['users.index', 'logs.view']);
  });

  it('the admin role is locked, seeded roles keep their names, names stay unique, empty bodies are refused', async () => {
    const adminRole = await call(
      admin,
      { method: 'PUT', url: `/api/v1/roles/${roleIds.admin}`, payload: { permissions: ['users.index'] } },
      'en',
    );
    expect(adminRole.statusCode).toBe(409);
    expect(adminRole.json().message).toBe('The administrator role always holds every permission and cannot be changed');
    const rename = await call(admin, {
      method: 'PUT',
      url: `/api/v1/roles/${roleIds.editor}`,
      payload: { name: 'كاتب' },
    });
    expect(rename.statusCode).toBe(409);
    const sameName = await call(admin, {
      method: 'PUT',
      url: `/api/v1/roles/${roleIds.visitor}`,
      payload: { name: 'visitor', permissions: [...ROLE_PERMISSIONS.visitor] },
    });
    expect(sameName.statusCode).toBe(200);
    const clash = await call(admin, { method: 'PUT', url: '/api/v1/roles', payload: { name: 'دور أ' } });
    const clashId = clash.json().data.id as number;
    expect(
      (await call(admin, { method: 'PUT', url: `/api/v1/roles/${clashId}`, payload: { name: 'MANAGER' } })).statusCode,
    ).toBe(409);
    expect((await call(admin, { method: 'PUT', url: `/api/v1/roles/${clashId}`, payload: {} })).statusCode).toBe(422);
    expect((await call(admin, { method: 'PUT', url: '/api/v1/roles/777777', payload: { name: 'س' } })).statusCode).toBe(
      404,
    );
    const [row] = await t.db
      .select()
      .from(roles)
      .where(eq(roles.id, roleIds.editor as number));
    expect(row?.name).toBe('editor');
  });

  it('nobody grants a permission they do not hold, not even to a role they hold themselves', async () => {
    const { user, token } = await staffWith(['roles.index', 'roles.put', 'users.index']);
    const create = await call(
      token,
      { method: 'PUT', url: '/api/v1/roles', payload: { name: 'تصعيد', permissions: ['users.index', 'users.delete'] } },
      'en',
    );
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('You cannot grant a permission you do not hold: users.delete');
    expect(
      (await call(admin, { method: 'POST', url: '/api/v1/roles', payload: { search: 'تصعيد' } })).json().data.total,
    ).toBe(0);

    const own = await call(admin, {
      method: 'PUT',
      url: '/api/v1/roles',
      payload: { name: 'دوري', permissions: ['users.index'] },
    });
    const ownId = own.json().data.id as number;
    await t.db.insert(userRoles).values({ userId: user.id, roleId: ownId });
    const raise = await call(token, {
      method: 'PUT',
      url: `/api/v1/roles/${ownId}`,
      payload: { permissions: ['users.index', 'roles.assign'] },
    });
    expect(raise.statusCode).toBe(403);
    const lower = await call(token, { method: 'PUT', url: `/api/v1/roles/${ownId}`, payload: { permissions: [] } });
    expect(lower.statusCode).toBe(200);
  });
});

describe('DELETE /roles/:id', () => {
  it('deletes an unassigned custom role; refuses an assigned one (409 with the count), a seeded one and unknown ids', async () => {
    const free = await call(admin, { method: 'PUT', url: '/api/v1/roles', payload: { name: 'مؤقت' } });
    const freeId = free.json().data.id as number;
    expect((await call(admin, { method: 'DELETE', url: `/api/v1/roles/${freeId}` })).statusCode).toBe(200);
    expect((await call(admin, { method: 'GET', url: `/api/v1/roles/${freeId}` })).statusCode).toBe(404);
    const [deleted] = await auditEntries(t.app, admin, 'roles.delete', freeId);
    expect(deleted?.old_value).toMatchObject({ name: 'مؤقت' });

    const held = await call(admin, { method: 'PUT', url: '/api/v1/roles', payload: { name: 'مستخدم' } });
    const heldId = held.json().data.id as number;
    const holderA = await createUser(t.db, { type: 'admin' });
    const holderB = await createUser(t.db, { type: 'admin' });
    await t.db.insert(userRoles).values([
      { userId: holderA.id, roleId: heldId },
      { userId: holderB.id, roleId: heldId },
    ]);
    const inUse = await call(admin, { method: 'DELETE', url: `/api/v1/roles/${heldId}` }, 'en');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'This role cannot be deleted: 2 user(s) still hold it. Remove it from them first',
    );
    // Removed users do not hold it any more.
    await call(admin, { method: 'DELETE', url: `/api/v1/users/${holderA.id}` });
    await call(admin, { method: 'DELETE', url: `/api/v1/users/${holderB.id}` });
    expect((await call(admin, { method: 'DELETE', url: `/api/v1/roles/${heldId}` })).statusCode).toBe(200);

    for (const name of ['admin', 'manager', 'editor', 'user', 'visitor']) {
      expect((await call(admin, { method: 'DELETE', url: `/api/v1/roles/${roleIds[name]}` })).statusCode).toBe(409);
    }
    expect((await call(admin, { method: 'DELETE', url: '/api/v1/roles/565656' })).statusCode).toBe(404);
    expect((await call(admin, { method: 'DELETE', url: '/api/v1/roles/0' })).statusCode).toBe(422);
  });
});

describe('assigning roles: PUT /user/roles/:id and POST /roles/sync', () => {
  it('stores only the direct permissions the chosen roles do not give; audited row by row', async () => {
    const staff = await createUser(t.db, { type: 'admin' });
    const res = await call(
      admin,
      {
        method: 'PUT',
        url: `/api/v1/user/roles/${staff.id}`,
        payload: { roles: [roleIds.editor, roleIds.editor], permissions: ['users.index', 'logs.view', 'users.put'] },
      },
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Roles and permissions saved');
    expect(res.json().data).toMatchObject({
      user_id: staff.id,
      roles: [{ id: roleIds.editor, name: 'editor' }],
      direct_permissions: ['users.put'],
    });
    expect(res.json().data.permissions).toContain('users.put');
    const stored = await t.db.select().from(userPermissions).where(eq(userPermissions.userId, staff.id));
    expect(stored).toHaveLength(1);
    const [roleGrant] = await auditEntries(t.app, admin, 'user_roles.insert', staff.id);
    expect(roleGrant?.new_value).toMatchObject({ user_id: staff.id, role_id: roleIds.editor });

    const sync = await call(admin, {
      method: 'POST',
      url: '/api/v1/roles/sync',
      payload: { user_id: staff.id, roles: [roleIds.visitor], permissions: [] },
    });
    expect(sync.statusCode).toBe(200);
    const access = await accessOf(staff.id);
    expect(access.roles.map((r) => r.name)).toEqual(['visitor']);
    expect(access.direct_permissions).toEqual([]);
    const [removedRole] = await auditEntries(t.app, admin, 'user_roles.delete', staff.id);
    expect(removedRole?.old_value).toMatchObject({ role_id: roleIds.editor });
    // The new roles take effect at once.
    const staffToken = await loginAs(t.app, staff.phone, staff.password);
    expect((await call(staffToken, { method: 'POST', url: '/api/v1/users', payload: {} })).statusCode).toBe(200);
    expect((await call(staffToken, { method: 'PUT', url: '/api/v1/users', payload: {} })).statusCode).toBe(403);
  });

  it('nobody assigns roles or permissions to themselves', async () => {
    const res = await call(
      admin,
      { method: 'PUT', url: `/api/v1/user/roles/${adminId}`, payload: { roles: [roleIds.admin], permissions: [] } },
      'en',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot change your own roles or permissions');
    const sync = await call(admin, {
      method: 'POST',
      url: '/api/v1/roles/sync',
      payload: { user_id: adminId, roles: [roleIds.admin], permissions: [] },
    });
    expect(sync.statusCode).toBe(403);
  });

  it('customers get no roles or permissions (409), but may be cleared', async () => {
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const res = await call(
      admin,
      {
        method: 'PUT',
        url: `/api/v1/user/roles/${customer.id}`,
        payload: { roles: [roleIds.visitor], permissions: [] },
      },
      'en',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Roles and permissions are given to administrator accounts only');
    const perms = await call(admin, {
      method: 'PUT',
      url: `/api/v1/user/roles/${customer.id}`,
      payload: { roles: [], permissions: ['users.index'] },
    });
    expect(perms.statusCode).toBe(409);
    const clear = await call(admin, {
      method: 'PUT',
      url: `/api/v1/user/roles/${customer.id}`,
      payload: { roles: [], permissions: [] },
    });
    expect(clear.statusCode).toBe(200);
    expect((await accessOf(customer.id)).roles).toEqual([]);
  });

  it('a role-assigner cannot hand out what they lack, nor touch someone stronger', async () => {
    const { token } = await staffWith(['roles.assign', 'roles.index', 'users.index', 'users.view']);
    const staff = await createUser(t.db, { type: 'admin' });
    const viaRole = await call(token, {
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      payload: { roles: [roleIds.editor], permissions: [] },
    });
    expect(viaRole.statusCode).toBe(403);
    const direct = await call(token, {
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      payload: { roles: [], permissions: ['users.delete'] },
    });
    expect(direct.statusCode).toBe(403);
    const allowed = await call(token, {
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      payload: { roles: [], permissions: ['users.index'] },
    });
    expect(allowed.statusCode).toBe(200);
    const stronger = await call(
      token,
      { method: 'PUT', url: `/api/v1/user/roles/${adminId}`, payload: { roles: [], permissions: [] } },
      'en',
    );
    expect(stronger.statusCode).toBe(403);
    expect((await accessOf(adminId)).roles.map((r) => r.name)).toEqual(['admin']);
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    const staff = await createUser(t.db, { type: 'admin', roles: ['visitor'] });
    const before = await accessOf(staff.id);
    const cases: [InjectOptions, number, string | undefined][] = [
      [{ method: 'PUT', url: `/api/v1/user/roles/${staff.id}`, payload: { permissions: [] } }, 422, 'roles'],
      [{ method: 'PUT', url: `/api/v1/user/roles/${staff.id}`, payload: { roles: [999999] } }, 422, 'roles'],
      [{ method: 'PUT', url: `/api/v1/user/roles/${staff.id}`, payload: { roles: ['editor'] } }, 422, 'roles.0'],
      [
        { method: 'PUT', url: `/api/v1/user/roles/${staff.id}`, payload: { roles: [], permissions: ['root'] } },
        422,
        'permissions.0',
      ],
      [{ method: 'PUT', url: `/api/v1/user/roles/${staff.id}`, payload: { roles: Array(101).fill(1) } }, 422, 'roles'],
      [{ method: 'PUT', url: '/api/v1/user/roles/888888', payload: { roles: [] } }, 404, undefined],
      [{ method: 'PUT', url: '/api/v1/user/roles/abc', payload: { roles: [] } }, 422, 'id'],
      [{ method: 'POST', url: '/api/v1/roles/sync', payload: { roles: [], permissions: [] } }, 422, 'user_id'],
      [{ method: 'POST', url: '/api/v1/roles/sync', payload: { user_id: 'x', roles: [] } }, 422, 'user_id'],
      [{ method: 'POST', url: '/api/v1/roles/sync', payload: { user_id: 888888, roles: [] } }, 404, undefined],
    ];
    for (const [options, status, field] of cases) {
      const res = await call(admin, options, 'en');
      expect(res.statusCode, `${options.url} ${JSON.stringify(options.payload)}`).toBe(status);
      if (field) expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const noRoles = await call(admin, { method: 'PUT', url: `/api/v1/user/roles/${staff.id}`, payload: {} });
    expect(noRoles.json().errors).toEqual([{ field: 'roles', title: 'من فضلك اختر دورًا' }]);
    expect(await accessOf(staff.id)).toEqual(before);
  });
});

describe('GET /roles/user/:id', () => {
  it('oneself always; others need roles.index; unknown ids 404', async () => {
    const customer = await createUser(t.db);
    const token = await loginAs(t.app, customer.phone, customer.password);
    const own = await call(token, { method: 'GET', url: `/api/v1/roles/user/${customer.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ user_id: customer.id, type: 'user', roles: [], permissions: [] });
    expect((await call(token, { method: 'GET', url: `/api/v1/roles/user/${adminId}` })).statusCode).toBe(403);
    expect((await call(admin, { method: 'GET', url: '/api/v1/roles/user/919191' })).statusCode).toBe(404);
    const adminAccess = await accessOf(adminId);
    expect(adminAccess.role_permissions).toHaveLength(Object.values(PERMISSION_GROUPS).flat().length);
  });

  it('reads the user, their roles and their permissions in one statement; a removed user is 404', async () => {
    const direct: Permission[] = ['admin_logs', 'users.delete'];
    const staff = await createUser(t.db, { type: 'admin', roles: ['visitor', 'editor'], permissions: direct });
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsOf(async () => {
      res = await call(admin, { method: 'GET', url: `/api/v1/roles/user/${staff.id}` });
    });
    expect(res?.statusCode, res?.body).toBe(200);
    expect(statements).toHaveLength(1);
    const fromRoles = inCatalogueOrder([...ROLE_PERMISSIONS.editor, ...ROLE_PERMISSIONS.visitor]);
    expect(res?.json().data).toEqual({
      user_id: staff.id,
      type: 'admin',
      roles: [
        { id: roleIds.editor, name: 'editor' },
        { id: roleIds.visitor, name: 'visitor' },
      ].sort((a, b) => (a.id as number) - (b.id as number)),
      direct_permissions: inCatalogueOrder(direct),
      role_permissions: fromRoles,
      permissions: inCatalogueOrder([...fromRoles, ...direct]),
    });

    await t.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, staff.id));
    expect((await call(admin, { method: 'GET', url: `/api/v1/roles/user/${staff.id}` })).statusCode).toBe(404);
  });
});
