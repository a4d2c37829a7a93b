import { translate } from '@portal/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';

describe('GET /api/v1/users/:id', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(() => t.close());

  const get = (id: string | number, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: { ...bearer(token), ...headers } });

  it('lets a customer read themselves, without a password hash', async () => {
    const me = await createUser(t.db, { name: 'سارة أحمد', roles: ['user'] });
    const res = await get(me.id, await loginAs(t.app, me.phone, me.password));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: me.id,
      name: 'سارة أحمد',
      phone: me.phone,
      type: 'user',
      active: true,
      roles: [{ name: 'user' }],
      direct_permissions: [],
      role_permissions: [],
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('refuses another user to someone without users.view (403, translated)', async () => {
    const me = await createUser(t.db, { roles: ['user'] });
    const other = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const res = await get(other.id, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', message: translate('ar', 'errors.forbidden') });
    expect(res.body).not.toContain(other.phone);
    const en = await get(other.id, token, { 'accept-language': 'en' });
    expect(en.json().message).toBe(translate('en', 'errors.forbidden'));
  });

  it('answers 403, not 404, for an unknown id to someone without users.view (nothing leaks)', async () => {
    const me = await createUser(t.db, { roles: ['user'] });
    const res = await get(2_000_000, await loginAs(t.app, me.phone, me.password));
    expect(res.statusCode).toBe(403);
  });

  it('lets a user holding users.view (directly) read anyone', async () => {
    const viewer = await createUser(t.db, { permissions: ['users.view'] });
    const other = await createUser(t.db);
    const res = await get(other.id, await loginAs(t.app, viewer.phone, viewer.password));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(other.id);
  });

  it('lets the administrator read anyone, with their roles and permissions', async () => {
    const other = await createUser(t.db, { roles: ['visitor'], permissions: ['logs.view'] });
    const res = await get(other.id, adminToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: other.id, phone: other.phone, roles: [{ name: 'visitor' }] });
    expect(data.direct_permissions).toEqual(['logs.view']);
    expect(data.role_permissions).toContain('users.index');
    expect(data.role_permissions).not.toContain('users.delete');
  });

  it('answers an unknown id with 404', async () => {
    const res = await get(2_000_000, adminToken, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: translate('en', 'errors.not_found') });
  });

  it.each(['abc', '0', '-1', '99999999999', '1.5', '%20'])('answers id %j with 422', async (id) => {
    const res = await get(id, adminToken);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'error',
      code: 'validation',
      errors: [{ field: 'id', title: translate('ar', 'validation.invalid_id') }],
    });
  });

  it('asks for a session first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('GET /api/v1/users/:id in recovery mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says dataRequired exactly as login does, so a reload keeps the customer on /recovery', async () => {
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const adminToken = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const before = await loginAs(t.app, customer.phone, customer.password);
    const readBefore = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${customer.id}`,
      headers: bearer(before),
    });
    expect(readBefore.json().data.dataRequired).toBe(false);

    const on = await t.app.inject({
      method: 'POST',
      url: '/api/v1/setting/change/recovery_mode',
      headers: bearer(adminToken),
      payload: { value: true },
    });
    expect(on.statusCode).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: customer.phone, password: customer.password },
    });
    expect(login.json().data.user.dataRequired).toBe(true);
    const token = login.json().data.access_token as string;
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/users/${customer.id}`, headers: bearer(token) });
    expect(read.json().data.dataRequired).toBe(true);
    // Staff accounts never need recovery data.
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/users/1', headers: bearer(adminToken) });
    expect(admin.json().data.dataRequired).toBe(false);
  });
});
