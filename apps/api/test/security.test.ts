import { spawnSync } from 'node:child_process';
import { ROLE_PERMISSIONS } from '@portal/shared/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsEnabled, loadEnv } from '../src/config/env.js';
import { auditLogs } from '../src/db/schema/audit-logs.js';
import { redactUrl } from '../src/lib/redact.js';
import { errorLogSerializer } from '../src/lib/request-log.js';
import { insertCustomRole } from './access-matrix.js';
import { createUser } from './factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';
import { securityEvents } from './helpers/db-state.js';
import { multipartBody, PNG_BYTES } from './helpers/multipart.js';

/** Issue 8: what a probe of the live API found, each held by a test. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_IP_MAX: '10000', ACCOUNT_RATE_MAX: '1000' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(() => t?.close());

describe('control characters are a 422 naming the field, never a 500', () => {
  it.each([
    ['forgot-password email, no login', 'POST', '/api/v1/forgot-password', { email: 'a\u0000@b.com' }, null],
    [
      'register with a NUL in a name',
      'POST',
      '/api/v1/register',
      {
        first_name: 'سا\u0000رة',
        last_name: 'علي',
        address: 'القاهرة',
        email: 'nul.register@example.com',
        mobile: '01099887766',
        password: 'Gamaiya@2024',
        confirm_password: 'Gamaiya@2024',
        accept_terms: true,
      },
      null,
    ],
    ['a list search', 'POST', '/api/v1/users', { search: 'x\u0000y' }, 'admin'],
    ['a logs url filter', 'POST', '/api/v1/logs', { url: '\u0000' }, 'admin'],
  ] as const)('%s', async (_label, method, url, payload, who) => {
    const res = await t.app.inject({ method, url, payload, headers: who ? bearer(admin) : {} });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });

  it('in a query value too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password?email=a%00@b.com',
    });
    expect(res.statusCode).toBe(422);
  });

  it('a failing query is logged without its parameter values', () => {
    const driverError = Object.assign(
      new Error(
        'Failed query: update "users" set "password_hash" = $1 where "id" = $2\nparams: $argon2id$v=19$m=19456,t=2,p=1$abc$def,7',
      ),
      {
        params: ['$argon2id$v=19$secret', 7],
        cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
      },
    );
    const logged = JSON.stringify(errorLogSerializer(driverError));
    expect(logged).not.toContain('argon2');
    expect(logged).toContain('Failed query: update');
    expect(logged).toContain('22021');
  });
});

describe('ids are canonical: anything else is a 422', () => {
  it.each(['0x1', '1e0', '+1', '01', '1.0'])('GET /users/%s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(422);
  });
  it.each([true, ['2'], '2x', 1.5])('a body id %j', async (userId) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      headers: bearer(admin),
      payload: { user_id: userId },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('one policy: the stronger-account rule holds for staff verification too', () => {
  it('users.put cannot verify an administrator it is weaker than', async () => {
    const clerk = await createUser(t.db, { type: 'admin', permissions: ['users.put', 'users.index'] });
    const clerkToken = await loginAs(t.app, clerk.phone, clerk.password);
    const boss = await createUser(t.db, { type: 'admin', roles: ['admin'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      headers: bearer(clerkToken),
      payload: { user_id: boss.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('users.errors.stronger_target');
    const customer = await createUser(t.db, { type: 'user' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      headers: bearer(clerkToken),
      payload: { user_id: customer.id },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('a role shared with stronger users cannot be stripped by a weaker roles.put holder', () => {
  it('needs every permission of every holder, or admin_roles', async () => {
    const roleId = await insertCustomRole(t.db, `دور مشترك ${process.pid}`);
    // The editor of roles holds roles.put and what the role gives, but not what its holder has.
    const editor = await createUser(t.db, {
      type: 'admin',
      permissions: ['roles.put', 'roles.index', 'users.index'],
    });
    const editorToken = await loginAs(t.app, editor.phone, editor.password);
    const holder = await createUser(t.db, { type: 'admin', roles: ['manager'] });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/roles/${holder.id}`,
      headers: bearer(admin),
      payload: { roles: [roleId], permissions: [...ROLE_PERMISSIONS.manager] },
    });
    const strip = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${roleId}`,
      headers: bearer(editorToken),
      payload: { permissions: [] },
    });
    expect(strip.statusCode).toBe(403);
    expect(strip.json().code).toBe('roles.errors.stronger_holder');
    // The administrator (admin_roles) may.
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/roles/${roleId}`,
      headers: bearer(admin),
      payload: { permissions: [] },
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe('secrets in URLs are redacted wherever a URL is kept', () => {
  it('for any parameter whose name says secret, on any route', () => {
    expect(redactUrl('/api/v1/me/password?old_password=Hunter2!&new_password=X&user_id=3')).toBe(
      '/api/v1/me/password?old_password=[redacted]&new_password=[redacted]&user_id=3',
    );
    expect(redactUrl('/api/v1/x?api_token=abc&secret_key=s&code=123456&page=2')).toBe(
      '/api/v1/x?api_token=[redacted]&secret_key=[redacted]&code=[redacted]&page=2',
    );
  });

  it('in the audit log of a password change sent with query parameters', async () => {
    const user = await createUser(t.db, { password: 'Old@Pass1' });
    const token = await loginAs(t.app, user.phone, 'Old@Pass1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password?old_password=Old%40Pass1',
      headers: bearer(token),
      payload: { old_password: 'Old@Pass1', new_password: 'New@Pass12', password: 'New@Pass12' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'users.password_change'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.url).not.toContain('Old');
  });
});

describe('responses with tokens or personal data are never cached', () => {
  it('login and a profile answer no-store', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: ADMIN.phone, password: ADMIN.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/1', headers: bearer(admin) });
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

describe('security events reach the audit log, with the server’s request id', () => {
  it('a failed login, a refused call and a throttled one', async () => {
    const before = (await securityEvents(t.db, 'security.login_failed')).length;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: '01234000999', password: 'nope' },
      headers: { 'x-request-id': 'forged-id' },
      remoteAddress: '10.20.30.40',
    });
    expect(failed.statusCode).toBe(401);
    const logins = await securityEvents(t.db, 'security.login_failed');
    expect(logins).toHaveLength(before + 1);
    const last = logins.at(-1);
    expect(last).toMatchObject({ ip: '10.20.30.40', requestId: failed.headers['x-request-id'], userId: null });
    expect(last?.requestId).not.toBe('forged-id');
    expect(last?.newValue).toMatchObject({ phone: '01234000999', status: 401 });

    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const customerToken = await loginAs(t.app, customer.phone, customer.password);
    const denied = await t.app.inject({ method: 'POST', url: '/api/v1/users', headers: bearer(customerToken) });
    expect(denied.statusCode).toBe(403);
    const forbidden = (await securityEvents(t.db, 'security.forbidden')).at(-1);
    expect(forbidden).toMatchObject({ userId: customer.id, url: '/api/v1/users', method: 'POST' });
  });
});

describe('operations', () => {
  it('a 20 MB multipart is a 413 payload_too_large', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.phone, user.password);
    const huge = multipartBody([
      {
        field: 'image',
        filename: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(20 * 1024 * 1024)]),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/photo`,
      headers: { ...huge.headers, ...bearer(token) },
      payload: huge.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('the OpenAPI document says public routes need no token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/users'].post.security).toBeUndefined();
  });

  it('/api/docs is off by default in production, configurable', () => {
    const base = { ADMIN_PASSWORD: 'Strong@Prod2026' };
    expect(apiDocsEnabled(loadEnv({ ...base, NODE_ENV: 'production' }))).toBe(false);
    expect(apiDocsEnabled(loadEnv({ ...base, NODE_ENV: 'production', API_DOCS: 'true' }))).toBe(true);
    expect(apiDocsEnabled(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
  });

  it('a bad DATABASE_URL says which address cannot be reached, no stack', () => {
    const run = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:9/none',
        LOG_LEVEL: 'silent',
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Cannot reach the database at 127.0.0.1:9');
    expect(run.stderr).not.toContain('secret');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a database that goes away mid-run is a 503, not a 500', () => {
  it('answers 503 with the translated message and health says degraded', async () => {
    const gone = await createTestApp();
    const token = await loginAs(gone.app, ADMIN.phone, ADMIN.password);
    await gone.app.database.close();
    const res = await gone.app.inject({ method: 'GET', url: '/api/v1/users/1', headers: bearer(token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'unavailable' });
    const health = await gone.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    await gone.close().catch(() => undefined);
  });
});
