import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { users } from '../../db/schema/users.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(() => t?.close());

async function counts(token: string | null) {
  return t.app.inject({
    method: 'GET',
    url: '/api/v1/dashbored/count',
    headers: token ? bearer(token) : {},
  });
}

describe('GET /dashbored/count', () => {
  it('counts live customers by their active flag, agreeing with the users list', async () => {
    const empty = await counts(admin);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({
      counts: [{ active_user: 0, inactive_user: 0, payments_received: 0, payments_late: 0, payments_future: 0 }],
      counts_associations: [],
      counts_subscriptions: [],
    });

    await createUser(t.db, { type: 'user' });
    await createUser(t.db, { type: 'user' });
    await createUser(t.db, { type: 'user' });
    await createUser(t.db, { type: 'user', active: false });
    const removed = await createUser(t.db, { type: 'user' });
    await createUser(t.db, { type: 'admin', roles: ['editor'] });
    await createUser(t.db, { type: 'admin', active: false });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${removed.id}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(200);

    const res = await counts(admin);
    expect(res.json().data.counts[0]).toMatchObject({ active_user: 3, inactive_user: 1 });

    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(admin),
      payload: { type: 'user', perPage: -1, filters: { removed: false } },
    });
    const rows = list.json().data.data as { active: boolean }[];
    expect(rows.filter((r) => r.active)).toHaveLength(res.json().data.counts[0].active_user);
    expect(rows.filter((r) => !r.active)).toHaveLength(res.json().data.counts[0].inactive_user);

    // Disabling through the API moves a customer from one count to the other.
    const [one] = await t.db
      .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
      .from(users)
      .where(and(eq(users.type, 'user'), eq(users.active, true), isNull(users.deletedAt)))
      .limit(1);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${one?.id}`,
      headers: bearer(admin),
      payload: { name: one?.name, email: one?.email, phone: one?.phone, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await counts(admin)).json().data.counts[0]).toMatchObject({ active_user: 2, inactive_user: 2 });
  });

  it('any session may ask; user counts need users.index and payment counts payments.index; no session is 401', async () => {
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const token = await loginAs(t.app, customer.phone, customer.password);
    const res = await counts(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.counts[0]).toEqual({
      active_user: null,
      inactive_user: null,
      payments_received: null,
      payments_late: null,
      payments_future: null,
    });
    const visitor = await createUser(t.db, { type: 'admin', roles: ['visitor'] });
    const visitorCounts = await counts(await loginAs(t.app, visitor.phone, visitor.password));
    expect(typeof visitorCounts.json().data.counts[0].active_user).toBe('number');
    const anonymous = await counts(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('انتهت الجلسة، من فضلك سجّل الدخول مرة أخرى');
  });

  it('the subscriptions chart names the ten most subscribed associations and sums every other one', async () => {
    // Twelve associations: the first joined by 3 members, the second by 2, the next nine by one each
    // (ties in creation order), the twelfth by nobody.
    const made = [];
    for (let i = 0; i < 12; i += 1) {
      made.push(
        await createAssociation(t.app, admin, { title: `جمعية الرسم ${i + 1}`, cost: 5, from_date: '2027-01-01' }),
      );
    }
    const members = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db, { type: 'user' })));
    const joins = [3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0];
    for (const [i, association] of made.entries()) {
      for (const [n, member] of members.slice(0, joins[i]).entries()) {
        const res = await subscribe(t.app, admin, {
          user_id: member.id,
          association_id: association.id,
          day_number: n + 1,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const shown = (await counts(admin)).json().data.counts_subscriptions;
    expect(shown).toHaveLength(11);
    expect(shown.slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ title: `جمعية الرسم ${i + 1}`, users: joins[i] })),
    );
    // The eleventh (1 subscriber) and the twelfth (none): two associations, one subscriber.
    expect(shown[10]).toEqual({ title: 'جمعيات أخرى (2)', users: 1, others: 2 });
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashbored/count',
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    expect(english.json().data.counts_subscriptions[10]).toEqual({
      title: 'Other associations (2)',
      users: 1,
      others: 2,
    });
    // Every subscription is on the chart.
    expect(shown.reduce((sum: number, row: { users: number }) => sum + row.users, 0)).toBe(14);
  });
});
