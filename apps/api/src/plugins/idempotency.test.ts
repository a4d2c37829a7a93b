import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../test/factories/associations.js';
import { createUser } from '../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from '../db/client.js';
import { users } from '../db/schema/users.js';
import { setClock } from '../lib/clock.js';

describe('a create sent twice with one Idempotency-Key creates once (issue 9: double submit)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // A lease other than the default 60 s: the one configured is the one kept.
    t = await createTestApp({ IDEMPOTENCY_CLAIM_LEASE_SECONDS: '20' });
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
    // Within the configured lease (20 s) the claim still holds.
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '18 seconds' where key = 'form-submit-0006'`,
    );
    expect((await create(payload, 'form-submit-0006')).statusCode).toBe(409);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '21 seconds' where key = 'form-submit-0006'`,
    );
    const retry = await create(payload, 'form-submit-0006');
    expect(retry.statusCode, retry.body).toBe(201);
    const replay = await create(payload, 'form-submit-0006');
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(retry.json().data.id);
    expect(await countByEmail(payload.email)).toBe(1);
  });

  it('the same key with another body is refused with a 422 naming the key, and creates nothing (issue 19)', async () => {
    const payload = body(7);
    const first = await create(payload, 'form-submit-0007');
    expect(first.statusCode).toBe(201);
    const other = { ...body(8) };
    const reused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: { ...bearer(admin), 'idempotency-key': 'form-submit-0007', 'accept-language': 'en' },
      payload: other,
    });
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.headers['idempotency-replayed']).toBeUndefined();
    expect(reused.json().errors).toEqual([
      {
        field: 'Idempotency-Key',
        title: 'This Idempotency-Key was already used for a different request; send a new request with a new key',
      },
    ]);
    expect(await countByEmail(other.email)).toBe(0);
    // The same request with its fields in another order and its phone in Arabic digits is the same request.
    const arabicPhone = payload.phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const reordered = Object.fromEntries(Object.entries({ ...payload, phone: arabicPhone }).reverse());
    const replay = await create(reordered, 'form-submit-0007');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(first.json().data.id);
  });

  it('a malformed key is a 422', async () => {
    expect((await create(body(5), 'x')).statusCode).toBe(422);
  });
});

describe('money actions retried after a lost answer get the first success (issue 19)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(async () => {
    setClock();
    await t?.close();
  });

  const post = (url: string, payload: object, key: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(admin), 'idempotency-key': key }, payload });

  it('a receipt and a payout sent again with their key replay the success; another body under the key is a 422', async () => {
    setClock('2026-06-20T10:00:00Z');
    const a = await createAssociation(t.app, admin, { cost: 5, from_date: '2026-06-01' });
    const member = await createUser(t.db, { type: 'user' });
    const sub = (await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 3 })).json()
      .data as { id: number };
    const late = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/payments',
        headers: bearer(admin),
        payload: { subscription_id: sub.id, status: 'late', sortBy: 'dueDate', sortOrder: 'asc' },
      })
    ).json().data.data as { id: number }[];
    const ids = late.slice(0, 2).map((p) => p.id);

    const receipt = { ids, reference: 'REC-77' };
    const received = await post('/api/v1/subscriptions/payments/receive', receipt, 'receipt-key-0001');
    expect(received.statusCode, received.body).toBe(200);
    const retried = await post('/api/v1/subscriptions/payments/receive', receipt, 'receipt-key-0001');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBe('true');
    expect(retried.json()).toEqual(received.json());
    const otherReceipt = await post(
      '/api/v1/subscriptions/payments/receive',
      { ids: [late[2]?.id], reference: 'REC-78' },
      'receipt-key-0001',
    );
    expect(otherReceipt.statusCode).toBe(422);
    expect(otherReceipt.json().errors[0].field).toBe('Idempotency-Key');
    // Without the key, the same receipt again is what it is: already received.
    expect((await post('/api/v1/subscriptions/payments/receive', receipt, 'receipt-key-0002')).statusCode).toBe(409);
    const receivedRows = await t.db.execute(
      sql`select count(*)::int as n from installments where subscription_id = ${sub.id} and status = 'received'`,
    );
    expect(rowsOf<{ n: number }>(receivedRows)[0]?.n).toBe(2);

    const payout = { reference: 'TRF-9', date: '2026-06-03' };
    const paid = await post(`/api/v1/subscriptions/${sub.id}/transfer`, payout, 'payout-key-0001');
    expect(paid.statusCode, paid.body).toBe(200);
    const paidAgain = await post(`/api/v1/subscriptions/${sub.id}/transfer`, payout, 'payout-key-0001');
    expect(paidAgain.statusCode, paidAgain.body).toBe(200);
    expect(paidAgain.headers['idempotency-replayed']).toBe('true');
    expect(paidAgain.json().data).toMatchObject({ transferStatus: 'paid', transfer_reference: 'TRF-9' });
    // The same key on another subscription's payout is another request.
    const elsewhere = await post(`/api/v1/subscriptions/${sub.id + 1}/transfer`, payout, 'payout-key-0001');
    expect(elsewhere.statusCode).toBe(422);
  });
});
