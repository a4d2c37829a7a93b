import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../test/helpers/build-app.js';
import { users } from '../db/schema/users.js';

describe('a create sent twice with one Idempotency-Key creates once (issue 9: double submit)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(() => t?.close());

  const body = (n: number) => ({
    name: 'عميلة جديدة',
    email: `idem${n}.${process.pid}@example.com`,
    phone: `0155${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`,
    password: 'Gamaiya@2024',
  });
  const create = (payload: object, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: { ...bearer(admin), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const countByEmail = async (email: string) => {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email));
    return row?.n ?? 0;
  };

  it('the retry gets the first answer, marked as replayed, and no second user', async () => {
    const payload = body(1);
    const first = await create(payload, 'form-submit-0001');
    expect(first.statusCode).toBe(201);
    const again = await create(payload, 'form-submit-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await countByEmail(payload.email)).toBe(1);
  });

  it('three clicks at once make one user; none of them says the phone is taken', async () => {
    const payload = body(2);
    const answers = await Promise.all([1, 2, 3].map(() => create(payload, 'form-submit-0002')));
    for (const res of answers) expect([201, 409], res.body).toContain(res.statusCode);
    expect(answers.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('request_in_progress');
    expect(await countByEmail(payload.email)).toBe(1);
  });

  it('a failed first call keeps nothing, so the same key can try again; without a key a repeat is a conflict', async () => {
    const payload = body(3);
    const bad = await create({ ...payload, phone: '123' }, 'form-submit-0003');
    expect(bad.statusCode).toBe(422);
    expect((await create(payload, 'form-submit-0003')).statusCode).toBe(201);
    const plain = body(4);
    expect((await create(plain)).statusCode).toBe(201);
    expect((await create(plain)).statusCode).toBe(409);
  });

  it('a claim left by an instance that died mid-call is taken over after its lease, not refused for a day', async () => {
    const payload = body(6);
    // What a kill -9 between the claim and the answer leaves: the claim, no answer, no user.
    await t.db.execute(sql`insert into idempotency_keys (key, scope, route)
      select 'form-submit-0006', 'user:' || id, 'PUT /api/v1/users' from users where phone = ${ADMIN.phone}`);
    const early = await create(payload, 'form-submit-0006');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('request_in_progress');
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '61 seconds' where key = 'form-submit-0006'`,
    );
    const retry = await create(payload, 'form-submit-0006');
    expect(retry.statusCode, retry.body).toBe(201);
    const replay = await create(payload, 'form-submit-0006');
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(retry.json().data.id);
    expect(await countByEmail(payload.email)).toBe(1);
  });

  it('a malformed key is a 422', async () => {
    expect((await create(body(5), 'x')).statusCode).toBe(422);
  });
});
