import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../test/helpers/build-app.js';
import { cachedUntil, requireDeclaredAccess } from './auth.js';

describe('every /api/v1 route declares its access', () => {
  async function register(config: Record<string, unknown> | undefined) {
    const app = Fastify({ logger: false });
    await app.register(
      async (api) => {
        api.addHook('onRoute', requireDeclaredAccess);
        api.get('/thing', config ? { config } : {}, async () => ({ ok: true }));
      },
      { prefix: '/api/v1' },
    );
    await app.ready();
    await app.close();
  }

  it('refuses to start with a route that declares none, or something that is not an access', async () => {
    await expect(register(undefined)).rejects.toThrow(/GET \/api\/v1\/thing declares no valid access/);
    await expect(register({})).rejects.toThrow(/declares no valid access/);
    await expect(register({ access: 'users.anything' })).rejects.toThrow(/declares no valid access/);
    await expect(register({ public: true })).rejects.toThrow(/declares no valid access/);
  });

  it('starts with public, authenticated or a permission', async () => {
    await expect(register({ access: 'public' })).resolves.toBeUndefined();
    await expect(register({ access: 'authenticated' })).resolves.toBeUndefined();
    await expect(register({ access: 'users.index' })).resolves.toBeUndefined();
  });
});

describe('authentication costs one query per request', () => {
  let t: TestApp;
  const queries: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (q) => queries.push(q) });
  });
  afterAll(() => t?.close());

  it('resolves the session, the user and the permissions in one round trip', async () => {
    // admin_roles directly, the rest from a role: the one query must see both.
    const staff = await createUser(t.db, { type: 'admin', roles: ['editor'], permissions: ['admin_roles'] });
    const token = await loginAs(t.app, staff.phone, staff.password);
    // A route whose handler reads nothing (the permission catalogue): whatever runs is the guard's.
    queries.length = 0;
    const allowed = await t.app.inject({ method: 'POST', url: '/api/v1/roles/permissions', headers: bearer(token) });
    expect(allowed.statusCode).toBe(200);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/from "sessions"/);
    // A refusal costs the same lookup, plus the security event it records.
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const customerToken = await loginAs(t.app, customer.phone, customer.password);
    queries.length = 0;
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/roles/permissions',
      headers: bearer(customerToken),
    });
    expect(denied.statusCode).toBe(403);
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatch(/insert into "audit_logs"/);
  });

  it('a public route with no token reads nothing for the guard', async () => {
    queries.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/register/data' });
    expect(res.statusCode).toBe(200);
    expect(queries.some((q) => q.includes('"sessions"'))).toBe(false);
  });

  it('GET /users/:id costs the guard and one query for the user, roles, permissions and settings', async () => {
    const staff = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const token = await loginAs(t.app, staff.phone, staff.password);
    queries.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${staff.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles.map((r: { name: string }) => r.name)).toEqual(['editor']);
    expect(queries).toHaveLength(2);
  });
});

describe('the resolved-session cache', () => {
  let t: TestApp;
  const queries: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ AUTH_CACHE_SECONDS: '5' }, { onQuery: (q) => queries.push(q) });
  });
  afterAll(() => t?.close());

  it('keeps an entry no longer than the cache time, nor past the session’s expiry', () => {
    expect(cachedUntil(1_000, 5, 3600)).toBe(6_000);
    expect(cachedUntil(1_000, 5, 2)).toBe(3_000);
    expect(cachedUntil(1_000, 5, -10)).toBe(1_000);
  });

  it('a second request costs no authentication query; every change of access applies at once', async () => {
    const staff = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const token = await loginAs(t.app, staff.phone, staff.password);
    const admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const read = () => t.app.inject({ method: 'POST', url: '/api/v1/roles', headers: bearer(token) });
    expect((await read()).statusCode).toBe(403);
    queries.length = 0;
    expect((await read()).statusCode).toBe(403);
    expect(queries.some((q) => q.includes('from "sessions"'))).toBe(false);
    // Given roles.index: the very next request may list roles.
    const give = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      headers: bearer(admin),
      payload: { roles: [], permissions: ['roles.index'] },
    });
    expect(give.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    // Disabled: the very next request is refused.
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${staff.id}`,
      headers: bearer(admin),
      payload: { name: staff.name, email: staff.email, phone: staff.phone, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(401);
  });

  it('a logged-out token stops working on the next request', async () => {
    const u = await createUser(t.db);
    const token = await loginAs(t.app, u.phone, u.password);
    const me = () => t.app.inject({ method: 'GET', url: `/api/v1/users/${u.id}`, headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await me()).statusCode).toBe(401);
  });
});
