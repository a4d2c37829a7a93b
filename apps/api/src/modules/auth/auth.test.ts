import { translate } from '@portal/shared/messages';
import { PERMISSIONS } from '@portal/shared/permissions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { auditRowsOf, sessionsOf, tableCounts } from '../../../test/helpers/db-state.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import { hashToken } from '../../lib/tokens.js';
import { phoneSlowdownMs } from './auth.service.js';

const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe('POST /api/v1/login and /logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every injected request comes from 127.0.0.1: raise the per-IP limit so this file's
    // many deliberate failures do not lock the address (the IP limit has its own test below).
    t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '10000' });
  });
  afterAll(() => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', payload: payload as object, headers });

  describe('success', () => {
    it('returns a token and the user with roles and permissions, never a password hash', async () => {
      const res = await login({ phone: ADMIN.phone, password: ADMIN.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('success');
      expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(Date.parse(body.data.expires_at)).toBeGreaterThan(Date.now());
      const user = body.data.user;
      expect(user).toMatchObject({ phone: ADMIN.phone, type: 'admin', active: true, removed: false });
      expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['admin']);
      expect([...user.role_permissions].sort()).toEqual([...PERMISSIONS].sort());
      expect(user.direct_permissions).toEqual([]);

      const row = await findUserRow(t.db, user.id);
      expect(row?.passwordHash).toMatch(/^\$argon2/);
      expect(res.body).not.toContain(row?.passwordHash);
      expect(res.body).not.toMatch(/argon2|password/i);

      // The token works.
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${user.id}`,
        headers: bearer(body.data.access_token),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.id).toBe(user.id);
    });

    it('accepts a phone typed with spaces and Arabic-Indic digits, and a password with spaces', async () => {
      const u = await createUser(t.db, { phone: '01055512345', password: 'Good#Pass1' });
      const res = await login({ phone: ` ${toArabicDigits('010 555 12345')} `, password: ' Good#Pass1 ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.id).toBe(u.id);
    });

    it('stores only the hash of the token, with the client address', async () => {
      const u = await createUser(t.db);
      const token = await loginAs(t.app, u.phone, u.password);
      const [session] = await sessionsOf(t.db, u.id);
      expect(session?.tokenHash).toBe(hashToken(token));
      expect(session?.tokenHash).not.toBe(token);
      expect(session?.revokedAt).toBeNull();
    });
  });

  describe('refusal', () => {
    it('answers a wrong password with 401 invalid_data, in Arabic by default and in English on request', async () => {
      const u = await createUser(t.db);
      const ar = await login({ phone: u.phone, password: 'wrong-password' });
      expect(ar.statusCode).toBe(401);
      expect(ar.json()).toEqual({
        status: 'error',
        code: 'invalid_data',
        message: translate('ar', 'errors.invalid_data'),
        errors: [],
      });
      expect(ar.json().message).toMatch(/[\u0600-\u06ff]/);

      const en = await login({ phone: u.phone, password: 'wrong-password' }, { 'accept-language': 'en' });
      expect(en.statusCode).toBe(401);
      expect(en.json()).toMatchObject({ code: 'invalid_data', message: translate('en', 'errors.invalid_data') });
      expect(en.json().message).not.toBe(ar.json().message);
    });

    it('answers an unknown phone exactly like a wrong password', async () => {
      const u = await createUser(t.db);
      const wrong = await login({ phone: u.phone, password: 'wrong-password' });
      const unknown = await login({ phone: '01999999999', password: 'wrong-password' });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('changes nothing when the login fails: no session, no audit row', async () => {
      const u = await createUser(t.db);
      const before = await tableCounts(t.db);
      await login({ phone: u.phone, password: 'wrong-password' });
      await login({ phone: '01888888888', password: 'whatever' });
      await login({ phone: '', password: '' });
      expect(await tableCounts(t.db)).toEqual(before);
      expect(await sessionsOf(t.db, u.id)).toEqual([]);
    });

    it('refuses an inactive user even with the right password, and creates no session', async () => {
      const u = await createUser(t.db, { active: false });
      const before = await tableCounts(t.db);
      const res = await login({ phone: u.phone, password: u.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'account_disabled',
        message: translate('ar', 'errors.account_disabled'),
      });
      expect(await tableCounts(t.db)).toEqual(before);
      // A wrong password still gets the answer that reveals nothing.
      expect((await login({ phone: u.phone, password: 'nope' })).json().code).toBe('invalid_data');
    });

    it('refuses a deleted user like an unknown one', async () => {
      const u = await createUser(t.db);
      await t.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, u.id));
      const res = await login({ phone: u.phone, password: u.password });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_data');
    });
  });

  describe('validation', () => {
    it.each([
      {
        name: 'an empty body',
        payload: {},
        fields: { phone: 'validation.phone_required', password: 'validation.password_required' },
      },
      { name: 'a missing phone', payload: { password: 'x' }, fields: { phone: 'validation.phone_required' } },
      { name: 'a missing password', payload: { phone: '0100' }, fields: { password: 'validation.password_required' } },
      {
        name: 'blank fields',
        payload: { phone: '  ', password: ' ' },
        fields: { phone: 'validation.phone_required', password: 'validation.password_required' },
      },
      {
        name: 'a number as phone',
        payload: { phone: 1012345678, password: 'x' },
        fields: { phone: 'validation.invalid_type' },
      },
      {
        name: 'an object as password',
        payload: { phone: '0100', password: { $gt: '' } },
        fields: { password: 'validation.invalid_type' },
      },
      {
        name: 'letters in the phone',
        payload: { phone: '0100abc', password: 'x' },
        fields: { phone: 'validation.phone_digits' },
      },
      {
        name: 'a 13-digit phone',
        payload: { phone: '0100000000000', password: 'x' },
        fields: { phone: 'validation.phone_max' },
      },
      {
        name: 'a huge password',
        payload: { phone: '0100', password: 'p'.repeat(50_000) },
        fields: { password: 'validation.too_long' },
      },
    ])('answers $name with 422 and a translated error per field', async ({ payload, fields }) => {
      const before = await tableCounts(t.db);
      for (const locale of ['ar', 'en'] as const) {
        const res = await login(payload, { 'accept-language': locale });
        expect(res.statusCode).toBe(422);
        const body = res.json();
        expect(body).toMatchObject({
          status: 'error',
          code: 'validation',
          message: translate(locale, 'errors.validation'),
        });
        const expected = Object.entries(fields).map(([field, key]) => ({ field, title: translate(locale, key) }));
        expect(body.errors).toEqual(expect.arrayContaining(expected));
        expect(body.errors).toHaveLength(expected.length);
      }
      expect(await tableCounts(t.db)).toEqual(before);
    });

    it('answers a body over the size limit with 413', async () => {
      const res = await login({ phone: '0100', password: 'p'.repeat(2 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        status: 'error',
        code: 'payload_too_large',
        message: translate('ar', 'errors.payload_too_large'),
      });
    });

    it('answers malformed JSON with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: '{"phone": "0100", "password":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 'error',
        code: 'bad_request',
        message: translate('en', 'errors.bad_request'),
      });
      expect(res.body).not.toMatch(/Unexpected|JSON\.parse|at .*\.js/);
    });

    it('answers a body that is not JSON with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<phone>0100</phone>',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('unsupported_media_type');
    });
  });

  describe('sessions', () => {
    it('logout revokes the token: the same token then gets 401', async () => {
      const u = await createUser(t.db);
      const token = await loginAs(t.app, u.phone, u.password);
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ status: 'success', data: null });
      const [session] = await sessionsOf(t.db, u.id);
      expect(session?.revokedAt).not.toBeNull();

      for (const req of [
        { method: 'GET' as const, url: `/api/v1/users/${u.id}` },
        { method: 'POST' as const, url: '/api/v1/logout' },
      ]) {
        const res = await t.app.inject({ ...req, headers: bearer(token) });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({
          code: 'unauthenticated',
          message: translate('ar', 'errors.unauthenticated'),
        });
      }
    });

    it('logging out one session leaves the user’s other sessions alive', async () => {
      const u = await createUser(t.db);
      const first = await loginAs(t.app, u.phone, u.password);
      const second = await loginAs(t.app, u.phone, u.password);
      expect(first).not.toBe(second);
      await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(first) });
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${u.id}`, headers: bearer(second) });
      expect(res.statusCode).toBe(200);
    });

    it('logout without a token is 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/logout' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    });

    it.each([
      { name: 'a forged token', header: `Bearer ${'A'.repeat(43)}` },
      { name: 'a token with bad characters', header: 'Bearer abc$def%ghi^jkl&mno*pqr(stu)' },
      { name: 'a too short token', header: 'Bearer abc' },
      { name: 'another scheme', header: `Basic ${Buffer.from('01000000000:Admin@12345').toString('base64')}` },
      { name: 'the scheme alone', header: 'Bearer' },
      { name: 'two tokens', header: `Bearer ${'A'.repeat(43)} ${'B'.repeat(43)}` },
    ])('answers $name with 401 unauthenticated', async ({ header }) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/1', headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', code: 'unauthenticated' });
    });

    it('answers an expired token with 401 unauthenticated', async () => {
      const u = await createUser(t.db);
      const token = await loginAs(t.app, u.phone, u.password);
      const ok = await t.app.inject({ method: 'GET', url: `/api/v1/users/${u.id}`, headers: bearer(token) });
      expect(ok.statusCode).toBe(200);
      await t.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(sessions.tokenHash, hashToken(token)));
      // Moving the expiry by hand stands for time passing; the guard's cache never keeps an entry
      // past the session's own expiry (cachedUntil, below), so it is cleared here as time would.
      t.app.sessionCache.clear();
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${u.id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    });

    it('a user deactivated after login loses their session', async () => {
      const u = await createUser(t.db);
      const token = await loginAs(t.app, u.phone, u.password);
      await t.db.update(users).set({ active: false }).where(eq(users.id, u.id));
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${u.id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('audit', () => {
    it('login and logout each write one audit row with the user and url, never the token or its hash', async () => {
      const u = await createUser(t.db);
      const loginsBefore = (await auditRowsOf(t.db, 'login')).length;
      const token = await loginAs(t.app, u.phone, u.password);
      const logins = await auditRowsOf(t.db, 'login');
      expect(logins).toHaveLength(loginsBefore + 1);
      const loginRow = logins.at(-1);
      expect(loginRow).toMatchObject({ userId: u.id, url: '/api/v1/login', method: 'POST', entity: 'sessions' });
      expect(loginRow?.requestId).toBeTruthy();

      const logoutsBefore = (await auditRowsOf(t.db, 'logout')).length;
      await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
      const logouts = await auditRowsOf(t.db, 'logout');
      expect(logouts).toHaveLength(logoutsBefore + 1);
      const logoutRow = logouts.at(-1);
      expect(logoutRow).toMatchObject({ userId: u.id, url: '/api/v1/logout', method: 'POST', entity: 'sessions' });
      expect(logoutRow?.oldValue).toMatchObject({ revoked_at: null });
      expect(logoutRow?.newValue).toMatchObject({ revoked_at: expect.any(String) });

      for (const row of [loginRow, logoutRow]) {
        const values = JSON.stringify([row?.oldValue, row?.newValue]);
        expect(values).not.toContain(hashToken(token));
        expect(values).not.toContain(token);
        expect(values).not.toContain('token_hash');
      }
    });
  });
});

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_IP_MAX_FAILURES: '10000' });
  });
  afterAll(() => t.close());

  const login = (phone: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password }, headers });

  it('after LOGIN_MAX_FAILURES failures the phone gets 429 with retry-after, even with the right password', async () => {
    const u = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await login(u.phone, 'wrong')).statusCode).toBe(401);
    const before = await tableCounts(t.db);
    const res = await login(u.phone, u.password, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(429);
    const seconds = Number(res.headers['retry-after']);
    expect(Number.isInteger(seconds) && seconds > 0).toBe(true);
    expect(res.json()).toMatchObject({
      code: 'too_many_requests',
      // 15 minutes of wait say minutes, not "889 seconds".
      message: translate('en', 'errors.too_many_requests_minutes', { minutes: Math.ceil(seconds / 60) }),
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('counts the phone however it is typed', async () => {
    const u = await createUser(t.db);
    await login(u.phone, 'wrong');
    await login(` ${toArabicDigits(u.phone)}`, 'wrong');
    await login(u.phone.replace(/(\d{3})/, '$1 '), 'wrong');
    expect((await login(u.phone, u.password)).statusCode).toBe(429);
  });

  it('blocks only that phone: another user still logs in', async () => {
    const blocked = await createUser(t.db);
    const other = await createUser(t.db);
    for (let i = 0; i < 3; i++) await login(blocked.phone, 'wrong');
    expect((await login(blocked.phone, blocked.password)).statusCode).toBe(429);
    expect((await login(other.phone, other.password)).statusCode).toBe(200);
  });

  it('a successful login clears the phone’s failures', async () => {
    const u = await createUser(t.db);
    await login(u.phone, 'wrong');
    await login(u.phone, 'wrong');
    expect((await login(u.phone, u.password)).statusCode).toBe(200);
    await login(u.phone, 'wrong');
    await login(u.phone, 'wrong');
    expect((await login(u.phone, u.password)).statusCode).toBe(200);
  });
});

describe('login throttling per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '100', LOGIN_IP_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  it('after LOGIN_IP_MAX_FAILURES failures from one address, every phone from it waits', async () => {
    const u = await createUser(t.db);
    for (const phone of ['01011111111', '01022222222', '01033333333']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password: 'x' } });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: u.phone, password: u.password },
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a stranger cannot lock a real user out (OWASP: count per phone and address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No real sleeping in tests: the slow-down schedule is checked on its own below.
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_IP_MAX_FAILURES: '10000', LOGIN_SLOWDOWN_MAX_MS: '0' });
  });
  afterAll(() => t.close());

  const login = (phone: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password }, remoteAddress });

  it('failures from five addresses block those addresses for that phone, not the owner at their own', async () => {
    const admin = await createUser(t.db, { type: 'admin', roles: ['admin'] });
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4', '10.1.0.5']) {
      for (let i = 0; i < 3; i += 1) expect((await login(admin.phone, 'guess', address)).statusCode).toBe(401);
      expect((await login(admin.phone, admin.password, address)).statusCode).toBe(429);
    }
    expect((await login(admin.phone, admin.password, '10.1.0.6')).statusCode).toBe(200);
  });

  it('slows a phone down, doubling per failure from everywhere, capped', () => {
    expect(phoneSlowdownMs(2, 3, 8000)).toBe(0);
    expect([3, 4, 5, 6].map((n) => phoneSlowdownMs(n, 3, 8000))).toEqual([250, 500, 1000, 2000]);
    expect(phoneSlowdownMs(40, 3, 8000)).toBe(8000);
  });
});

describe('wrong current passwords are throttled like logins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  it('after LOGIN_MAX_FAILURES wrong old passwords a stolen token gets 429, even with the right one', async () => {
    const u = await createUser(t.db);
    const token = await loginAs(t.app, u.phone, u.password);
    const change = (old: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/me/password',
        headers: bearer(token),
        payload: { old_password: old, new_password: 'Taken@Over1', password: 'Taken@Over1' },
      });
    for (let i = 0; i < 3; i += 1) expect((await change(`guess${i}`)).statusCode).toBe(422);
    const blocked = await change(u.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await loginAs(t.app, u.phone, u.password)).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
