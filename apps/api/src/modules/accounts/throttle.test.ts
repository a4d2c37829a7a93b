import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { countJobs } from '../../../test/helpers/mail-jobs.js';
import { users } from '../../db/schema/users.js';

/**
 * Every account route is rate limited per subject (email, phone or user) and
 * per IP: here 2 calls per subject and 4 per IP in the window, so the third
 * call for one email, or the fifth from one address, gets 429 + retry-after.
 */
describe('account routes are throttled (429 with retry-after)', () => {
  let t: TestApp;
  let ipSerial = 0;
  const nextIp = () => {
    ipSerial += 1;
    return `10.0.0.${ipSerial}`;
  };

  beforeAll(async () => {
    t = await createTestApp({ ACCOUNT_RATE_MAX: '2', ACCOUNT_RATE_IP_MAX: '4', JOBS_POLL_SECONDS: '0' });
  });
  afterAll(() => t?.close());

  function expectThrottled(res: { statusCode: number; headers: Record<string, unknown>; json(): { code: string } }) {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().code).toBe('too_many_requests');
  }

  async function count(table: typeof users) {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  }

  it('forgot-password: per email, then per IP; a throttled call queues nothing', async () => {
    const ip = nextIp();
    const user = await createUser(t.db, { email: `throttle.${process.pid}@example.com` });
    const ask = (email: string, remoteAddress = ip) =>
      t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email }, remoteAddress });
    expect((await ask(user.email as string)).statusCode).toBe(200);
    expect((await ask(user.email as string)).statusCode).toBe(200);
    const mailBefore = await countJobs(t.db, 'password.forgot');
    const third = await ask(user.email as string);
    expectThrottled(third);
    // From another address the same email is still limited (per email) …
    expectThrottled(await ask(user.email as string, nextIp()));
    expect(await countJobs(t.db, 'password.forgot')).toBe(mailBefore);
    // … while other emails from the first address count toward its IP limit (4; every call counts, the
    // refused third one too, so an attacker gains nothing by being refused).
    expect((await ask('other1@example.com')).statusCode).toBe(200);
    expectThrottled(await ask('other2@example.com'));
  });

  it('register: per email and per phone', async () => {
    const ip = nextIp();
    const body = (n: number, over: Record<string, string> = {}) => ({
      first_name: 'كريم',
      last_name: 'فؤاد',
      address: 'مدينة نصر',
      email: `reg${n}.${process.pid}@example.com`,
      mobile: `0106${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`,
      password: 'Gamaiya@2024',
      confirm_password: 'Gamaiya@2024',
      accept_terms: true,
      ...over,
    });
    const send = (payload: Record<string, string | boolean>, remoteAddress = ip) =>
      t.app.inject({ method: 'POST', url: '/api/v1/register', payload, remoteAddress });
    expect((await send(body(1))).statusCode).toBe(200);
    expect((await send(body(1))).statusCode).toBe(409);
    const usersBefore = await count(users);
    expectThrottled(await send(body(1), nextIp()));
    // The same phone with a new email is limited by the phone.
    expectThrottled(await send(body(2, { mobile: body(1).mobile }), nextIp()));
    expect(await count(users)).toBe(usersBefore);
  });

  it('activation links, reset tokens and recovery activation: per IP', async () => {
    for (const url of ['/api/v1/activation/abc', '/api/v1/recovery/activation/abc']) {
      const ip = nextIp();
      for (let i = 0; i < 4; i += 1) {
        expect((await t.app.inject({ method: 'POST', url, remoteAddress: ip })).statusCode).toBe(400);
      }
      expectThrottled(await t.app.inject({ method: 'POST', url, remoteAddress: ip }));
    }
    const ip = nextIp();
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/resetPassword',
        payload: { token: 'abc', password: 'New@Password1', confirm_password: 'New@Password1' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 4; i += 1) expect((await reset()).statusCode).toBe(400);
    expectThrottled(await reset());
  });

  it('code checks, resend and recovery: per user', async () => {
    const user = await createUser(t.db, { roles: ['user'] });
    const token = await loginAs(t.app, user.phone, user.password);
    const call = (url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        remoteAddress: nextIp(),
        ...(payload ? { payload } : {}),
      });
    expect((await call('/api/v1/users/verify/email', { code: '123456' })).statusCode).toBe(400);
    expect((await call('/api/v1/users/verify/email', { code: '123456' })).statusCode).toBe(400);
    expectThrottled(await call('/api/v1/users/verify/email', { code: '123456' }));

    expect((await call('/api/v1/users/verify/email/resend')).statusCode).toBe(200);
    expect((await call('/api/v1/users/verify/email/resend')).statusCode).toBe(200);
    expectThrottled(await call('/api/v1/users/verify/email/resend'));

    const recovery = {
      ar_name: 'كريم',
      en_name: 'Karim',
      email: user.email,
      mobile: user.phone,
      national_id: '29001011234567',
      degree_education_level_id: 1,
      degree_qualification_id: 1,
    };
    expect((await call('/api/v1/recovery', recovery)).statusCode).toBe(409);
    expect((await call('/api/v1/recovery', recovery)).statusCode).toBe(409);
    expectThrottled(await call('/api/v1/recovery', recovery));
  });

  it('staff actions count per staff user with the higher limit', async () => {
    const admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const ip = nextIp();
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/setting/change/recovery_mode',
        payload: { value: false },
        headers: bearer(admin),
        remoteAddress: ip,
      });
    for (let i = 0; i < 4; i += 1) expect((await change()).statusCode).toBe(200);
    expectThrottled(await change());
  });
});
