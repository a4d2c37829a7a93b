import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE_NAMES } from '@portal/shared/enums';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/db/schema/audit-logs.js';
import { roles } from '../src/db/schema/roles.js';
import { users } from '../src/db/schema/users.js';
import { ACCESS_ROWS, insertCustomRole } from './access-matrix.js';
import { type AccessContext, CALLERS, type Caller, type MatrixAccount } from './access-matrix.types.js';
import { createUser, findUserRow } from './factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';
import { photoUpload } from './helpers/multipart.js';

/**
 * The routes Fastify registered under /api/v1, read from its own route tree
 * (printRoutes) and each confirmed with hasRoute. HEAD routes are the automatic
 * twins of GET routes and are left out.
 */
function registeredApiRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    path.length = depth;
    path[depth] = match[2] ?? '';
    const methods = match[3]?.split(', ') ?? [];
    const url = path.join('');
    for (const method of methods) {
      if (method === 'HEAD' || !url.startsWith('/api/v1/')) continue;
      // The parse is checked against the router itself, so a misread tree cannot hide a route.
      expect(app.hasRoute({ method: method as 'GET', url }), `${method} ${url} parsed from printRoutes`).toBe(true);
      found.push(`${method} ${url}`);
    }
  }
  return found;
}

const TARGET_PASSWORD = 'Target@2024';

describe('access matrix: every /api/v1 route × every seeded role', () => {
  let t: TestApp;
  let dataDir: string;
  let target: MatrixAccount;
  const accounts = new Map<Caller, MatrixAccount>();
  const fixtures: Record<string, number> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-matrix-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const customer = await createUser(t.db, { type: 'user', password: TARGET_PASSWORD });
    target = { id: customer.id, phone: customer.phone, email: customer.email ?? '', password: TARGET_PASSWORD };
    for (const role of ROLE_NAMES) {
      const user = await createUser(t.db, { type: role === 'user' ? 'user' : 'admin', roles: [role] });
      accounts.set(role, { id: user.id, phone: user.phone, email: user.email ?? '', password: user.password });
    }
    const roleIds = await t.db.select({ id: roles.id, name: roles.name }).from(roles);
    const roleId = (name: string) => roleIds.find((r) => r.name === name)?.id ?? 0;
    fixtures.editorRoleId = roleId('editor');
    fixtures.visitorRoleId = roleId('visitor');
    fixtures.customRoleId = await insertCustomRole(t.db, 'دور تجريبي للمصفوفة');
    fixtures.staffId = (await createUser(t.db, { type: 'admin' })).id;
    const [log] = await t.db.select({ id: sql<number>`min(${auditLogs.id})::int` }).from(auditLogs);
    fixtures.logId = Number(log?.id);
    // The target has a photo, so reading it is a question of rights only.
    const admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const photo = photoUpload();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${target.id}/photo`,
      payload: photo.payload,
      headers: { ...photo.headers, ...bearer(admin) },
    });
    expect(upload.statusCode).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('has a row for every route the app registered under /api/v1, and no row for a route that does not exist', () => {
    const registered = registeredApiRoutes(t.app);
    expect(registered.length).toBeGreaterThan(20);
    const listed = new Set(ACCESS_ROWS.map((r) => `${r.method} ${r.route}`));
    const missing = registered.filter((r) => !listed.has(r));
    expect(missing, 'routes without a row in test/access-matrix.ts').toEqual([]);
    const unknown = [...listed].filter((r) => !registered.includes(r));
    expect(unknown, 'rows for routes the app does not register').toEqual([]);
  });

  for (const row of ACCESS_ROWS) {
    const name = `${row.method} ${row.route}${row.note ? ` (${row.note})` : ''}`;
    it(name, async () => {
      const actual = {} as Record<Caller, number>;
      const bodies: string[] = [];
      for (const caller of CALLERS) {
        const self = caller === 'none' ? undefined : accounts.get(caller);
        const extra = row.prepare ? await row.prepare({ app: t.app, db: t.db, caller, selfId: self?.id }) : {};
        const ctx: AccessContext = {
          targetUserId: target.id,
          target,
          caller,
          fixtures: { ...fixtures, ...extra },
          ...(self ? { selfId: self.id, self } : {}),
        };
        const request = row.request(ctx);
        // A fresh session per call: a row may revoke it (logout, password change).
        const auth = self ? bearer(await loginAs(t.app, self.phone, self.password)) : {};
        const res = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...auth } });
        actual[caller] = res.statusCode;
        if (res.statusCode !== row.expected[caller]) bodies.push(`${caller}: ${res.body.slice(0, 300)}`);
      }
      expect(actual, bodies.join('\n')).toEqual(row.expected);
    });
  }
});

describe('object-level rules: a customer cannot reach another user, whatever id they try', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-objects-'));
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads, edits, password changes, photos and role reads of others are 403 and change nothing', async () => {
    const a = await createUser(t.db, { type: 'user', roles: ['user'] });
    const b = await createUser(t.db, { type: 'user', name: 'العميل ب' });
    const staff = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const [seeded] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, ADMIN.phone));
    const before = await findUserRow(t.db, b.id);
    const token = await loginAs(t.app, a.phone, a.password);
    const ids = [b.id, seeded?.id ?? 1, staff.id, a.id + 1000, 2_147_483_647];
    for (const id of ids) {
      const calls: InjectOptions[] = [
        { method: 'GET', url: `/api/v1/users/${id}` },
        {
          method: 'PUT',
          url: `/api/v1/users/${id}`,
          payload: { name: 'مخترق', email: 'intruder@example.com', phone: '01555555555' },
        },
        {
          method: 'POST',
          url: `/api/v1/me/password?user_id=${id}`,
          payload: { old_password: a.password, new_password: 'Hijack@123', password: 'Hijack@123' },
        },
        { method: 'POST', url: `/api/v1/users/${id}/photo`, ...photoUpload() },
        { method: 'GET', url: `/api/v1/users/${id}/photo` },
        { method: 'GET', url: `/api/v1/roles/user/${id}` },
        { method: 'DELETE', url: `/api/v1/users/${id}` },
        { method: 'PUT', url: `/api/v1/user/roles/${id}`, payload: { roles: [], permissions: [] } },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: { ...(call.headers ?? {}), ...bearer(token) } });
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
      }
    }
    const after = await findUserRow(t.db, b.id);
    expect(after).toEqual(before);
    await loginAs(t.app, b.phone, b.password);
  });

  it('a staff member with unedit_users cannot edit themselves or change their own password', async () => {
    const staff = await createUser(t.db, { type: 'admin', roles: ['editor'], permissions: ['unedit_users'] });
    const token = await loginAs(t.app, staff.phone, staff.password);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${staff.id}`,
      headers: bearer(token),
      payload: { name: 'اسم جديد', email: staff.email, phone: staff.phone },
    });
    expect(edit.statusCode).toBe(403);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: bearer(token),
      payload: { old_password: staff.password, new_password: 'Changed@123', password: 'Changed@123' },
    });
    expect(password.statusCode).toBe(403);
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/users/${staff.id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect((await findUserRow(t.db, staff.id))?.name).toBe(staff.name);
  });
});
