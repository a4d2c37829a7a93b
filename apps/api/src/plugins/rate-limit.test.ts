import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/users.js';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';

/**
 * With REDIS_URL the limits live in Redis (@fastify/rate-limit's Redis store), so
 * every API instance sees the same counts. Runs against the Redis server of
 * TEST_REDIS_URL (the CI machine has one); without it the memory store is
 * covered by the auth and account suites.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl as string, LOGIN_MAX_FAILURES: '3', LOGIN_SLOWDOWN_MAX_MS: '0' };
    a = await createTestApp(env);
    b = await createTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('failures counted by one instance block the next attempt on another', async () => {
    // A phone no earlier run has used: Redis keeps counts for the whole window.
    const phone = `019${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const user = await createUser(b.db, { phone });
    const login = (app: TestApp, password: string) =>
      app.app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 3; i += 1) expect((await login(a, 'wrong')).statusCode).toBe(401);
    const blocked = await login(b, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('route limits count across instances too', async () => {
    const email = `shared.${randomInt(0, 1e9)}@example.com`;
    const ask = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await ask(i % 2 === 0 ? a : b)).statusCode);
    // ACCOUNT_RATE_MAX (5) per email, whichever instance answers.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
