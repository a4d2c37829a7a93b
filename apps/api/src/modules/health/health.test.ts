import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { exportFailures } from '../../lib/export.js';

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells anyone that it answers, and only a signed-in caller the engine, uptime and failed exports', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { ok: true } });
    expect(res.headers['x-request-id']).toBeTruthy();
    const token = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const detailed = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: bearer(token) });
    expect(detailed.json()).toMatchObject({ status: 'ok', database: { engine: 'postgres', ok: true } });
    expect(typeof detailed.json().uptime_seconds).toBe('number');
    // The process-wide count of exports cut part-way (lib/export.ts, decision 0026), for monitoring.
    expect(detailed.json().exports).toEqual({ failed: exportFailures() });
  });
});
