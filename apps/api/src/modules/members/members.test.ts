import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ZStatementRow } from '@portal/shared/schemas/members';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';
import { installments, subscriptions } from '../../db/schema/associations.js';
import { setClock } from '../../lib/clock.js';
import { statementBody } from './members.repository.js';

/**
 * The member's own associations under /me (issue 11). Today is 2027-01-10 in Cairo; the
 * associations start 2027-01-01, so day n falls on January n and days 1–9 are past.
 */
const TODAY = '2027-01-10';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  setClock();
  await t?.close();
});
beforeEach(() => setClock(`${TODAY}T10:00:00+02:00`));

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object, lang: 'ar' | 'en' = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

async function member(emailVerified = true) {
  const user = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified });
  return { user, token: await loginAs(t.app, user.phone, user.password) };
}

async function association(cost = 50, from_date = '2027-01-01') {
  return createAssociation(t.app, admin, { cost, from_date });
}

async function receive(subscriptionId: number, days: number[]) {
  const rows = await t.db
    .select({ id: installments.id })
    .from(installments)
    .where(and(eq(installments.subscriptionId, subscriptionId), inArray(installments.dayNumber, days)));
  const res = await as(admin, 'POST', '/subscriptions/payments/receive', {
    ids: rows.map((r) => r.id),
    reference: 'REC-1',
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('my associations', () => {
  it('lists my subscriptions with turn day, payout, installments paid of total, late and the next one due', async () => {
    const a = await association(50);
    const m = await member();
    const sub = (await subscribe(t.app, admin, { user_id: m.user.id, association_id: a.id, day_number: 30 })).json()
      .data;
    // Day 5 paid ahead of day 4: the next one due is still day 4.
    await receive(sub.id, [1, 2, 3, 5]);
    const res = await as(m.token, 'GET', '/me/subscriptions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: sub.id,
        association: { id: a.id, title: expect.any(String), cost: 50, type: 'normal' },
        day: { day_number: 30, date: '2027-01-30' },
        amount: 60_000,
        transfer_status: 'unpaid',
        transfer_date: null,
        installments_total: 1200,
        installments_received: 4,
        installments_late: 5,
        next_due: { due_date: '2027-01-04', amount: 50, status: 'late' },
        open_turn_move: null,
        can_move: true,
      },
    ]);
    // Another member sees none of it, whatever id they try.
    const other = await member();
    expect((await as(other.token, 'GET', '/me/subscriptions')).json().data).toEqual([]);
    expect((await as(other.token, 'GET', `/me/subscriptions/${sub.id}`)).statusCode).toBe(404);
    expect((await as(other.token, 'GET', `/me/subscriptions/${sub.id}/statement`)).statusCode).toBe(404);
    expect((await as(m.token, 'GET', `/me/subscriptions/${sub.id}`)).json().data.id).toBe(sub.id);
  });

  it('the statement has every installment with its status and the totals, summed in SQL', async () => {
    const a = await association(20);
    const m = await member();
    const sub = (await subscribe(t.app, admin, { user_id: m.user.id, association_id: a.id, day_number: 12 })).json()
      .data;
    await receive(sub.id, [1, 2, 11]);
    const res = await as(m.token, 'GET', `/me/subscriptions/${sub.id}/statement`);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json().data;
    expect(statement.as_of).toBe(TODAY);
    expect(statement.totals).toEqual({
      total: 1200,
      received_count: 3,
      received_sum: 60,
      late_count: 7,
      late_sum: 140,
      future_count: 1190,
      future_sum: 23_800,
      cancelled_count: 0,
    });
    expect(statement.remaining_sum).toBe(23_940);
    expect(statement.rows).toHaveLength(1200);
    expect(statement.rows.slice(0, 3).map((r: { status: string }) => r.status)).toEqual([
      'received',
      'received',
      'late',
    ]);
    expect(statement.rows[9]).toMatchObject({ day_number: 10, due_date: TODAY, status: 'future', amount: 20 });
    expect(statement.rows[10]).toMatchObject({ day_number: 11, status: 'received', reference: 'REC-1' });
    // Each received installment names its receipt and how it was paid; one receipt covers the three.
    expect(statement.rows[10].receipt).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(/^R-\d{4}-\d{6}$/),
      method: 'cash',
    });
    expect(statement.rows[0].receipt).toEqual(statement.rows[10].receipt);
    // When each was received, to the millisecond, as every other timestamp leaves the API (written by SQL here).
    const stored = await t.db
      .select({ id: installments.id, receivedAt: installments.receivedAt })
      .from(installments)
      .where(eq(installments.subscriptionId, sub.id));
    const receivedAt = new Map(stored.map((row) => [row.id, row.receivedAt]));
    for (const row of statement.rows as { id: number; received_at: string | null }[]) {
      const at = receivedAt.get(row.id);
      expect(row.received_at).toBe(at ? new Date(at).toISOString() : null);
    }
    expect(statement.rows[10].received_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(statement.rows[2].receipt).toBeNull();
    expect(statement.rows[1199]).toMatchObject({ day_number: 1200, due_date: '2030-04-14' });
  });

  it('the statement is compressed (br, else gzip) for a client that accepts it, and the same answer', async () => {
    const a = await association(20);
    const m = await member();
    const sub = (await subscribe(t.app, admin, { user_id: m.user.id, association_id: a.id, day_number: 5 })).json()
      .data;
    const url = `/api/v1/me/subscriptions/${sub.id}/statement`;
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(m.token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // A small answer of the same member is sent as it is.
    const small = await t.app.inject({
      method: 'GET',
      url: `/api/v1/me/subscriptions/${sub.id}`,
      headers: { ...bearer(m.token), 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('PostgreSQL writes the statement rows as JSON.stringify writes the schema, whatever the texts hold', async () => {
    const a = await association(20);
    const m = await member();
    const sub = (await subscribe(t.app, admin, { user_id: m.user.id, association_id: a.id, day_number: 3 })).json()
      .data;
    await receive(sub.id, [1, 2]);
    // Amounts in piastres that are not whole pounds, as a data fix could leave them.
    await t.db.execute(sql`update installments set amount_piastres = 2055 + day_number
      where subscription_id = ${sub.id} and day_number between 20 and 30`);
    // Texts JSON must escape: quotes, backslashes, line breaks, a control character, Arabic, an emoji.
    const tricky = 'He said "مرحبا" \\ C:\\path\n\ttab \u0001 🙂 </script>';
    await t.db.execute(sql`update installments set reference = ${tricky}
      where subscription_id = ${sub.id} and day_number = 2`);
    const { rows } = await statementBody(t.db, m.user.id, sub.id, TODAY);
    const parsed = z.array(ZStatementRow.strict()).parse(JSON.parse(rows.text));
    // Same keys, order and number format as the serializer would write from the parsed rows.
    expect(rows.text).toBe(JSON.stringify(parsed));
    expect(parsed[1]).toMatchObject({ day_number: 2, status: 'received', reference: tricky });
    const amounts = await t.db
      .select({ id: installments.id, piastres: installments.amountPiastres })
      .from(installments)
      .where(eq(installments.subscriptionId, sub.id));
    const pounds = new Map(amounts.map((row) => [row.id, Number(row.piastres) / 100]));
    expect(parsed.map((r) => r.amount)).toEqual(parsed.map((r) => pounds.get(r.id)));
    expect(parsed.some((r) => !Number.isInteger(r.amount))).toBe(true);
    expect(parsed.filter((r) => r.status === 'late')).toHaveLength(7);
    // The answer carries the same text, inside the envelope zod checked.
    const res = await as(m.token, 'GET', `/me/subscriptions/${sub.id}/statement`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`"rows":${rows.text},"as_of":"${TODAY}"`);
    expect(res.json().data.rows).toEqual(parsed);
    // Another member's id finds nothing: an empty list, not their rows.
    const other = await member();
    const theirs = await statementBody(t.db, other.user.id, sub.id, TODAY);
    expect(theirs.rows.text).toBe('[]');
    expect(theirs.remainingPiastres).toBe(0);
    expect(theirs.totals).toMatchObject({ total: 0, received_count: 0, late_count: 0, future_count: 0 });
  });
});

describe('open associations and joining', () => {
  it('lists running associations with free days from today; a finished one is not offered', async () => {
    const open = await association(100);
    const finished = await association(100, '2020-01-01');
    const holder = await member();
    await subscribe(t.app, admin, { user_id: holder.user.id, association_id: open.id, day_number: 10 });
    const m = await member();
    const res = await as(m.token, 'GET', '/me/associations/open?perPage=200');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.data.map((r: { id: number }) => r.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(finished.id);
    const row = res.json().data.data.find((r: { id: number }) => r.id === open.id);
    expect(row).toMatchObject({
      code: open.code,
      cost: 100,
      amount: 120_000,
      available_days: 1190,
      first_available: { day_number: 11, date: '2027-01-11' },
    });
    const days = (await as(m.token, 'GET', `/me/associations/${open.id}/days`)).json().data.days;
    expect(days).toHaveLength(1190);
    expect(days[0]).toEqual({ day_number: 11, date: '2027-01-11' });
    expect((await as(m.token, 'GET', '/me/associations/99999999/days')).statusCode).toBe(404);
    expect((await as(m.token, 'GET', '/me/associations/open?perPage=7')).statusCode).toBe(422);
  });

  it('pages the open associations with their exact total, read with the first page', async () => {
    for (let i = 0; i < 11; i += 1) await association(50);
    const m = await member();
    const all = (await as(m.token, 'GET', '/me/associations/open?perPage=200')).json().data;
    expect(all.data.length).toBeGreaterThan(10);
    const first = (await as(m.token, 'GET', '/me/associations/open?perPage=10')).json().data;
    expect(first).toMatchObject({ total: all.data.length, atLeast: false, lastPage: Math.ceil(all.data.length / 10) });
    expect(first.data.map((r: { id: number }) => r.id)).toEqual(all.data.slice(0, 10).map((r: { id: number }) => r.id));
    // Past the end: no row to carry the total, which is then counted on its own.
    const past = (await as(m.token, 'GET', `/me/associations/open?perPage=10&page=${first.lastPage + 1}`)).json().data;
    expect(past).toMatchObject({ data: [], total: all.data.length, atLeast: false });
    // By cost: the same associations, cheapest first (then by id).
    await association(20);
    const dates = (await as(m.token, 'GET', '/me/associations/open?perPage=200')).json().data.data;
    const byCost = (await as(m.token, 'GET', '/me/associations/open?perPage=200&sortBy=cost')).json().data.data;
    type Open = { id: number; cost: number };
    const cheapestFirst = [...dates].sort((a: Open, b: Open) => a.cost - b.cost || a.id - b.id);
    expect(byCost.map((r: Open) => r.id)).toEqual(cheapestFirst.map((r: Open) => r.id));
    expect(byCost.map((r: Open) => r.id)).not.toEqual(dates.map((r: Open) => r.id));
  });

  it('a member with a confirmed email joins on a free day; unconfirmed, past or held days are refused', async () => {
    const a = await association(10);
    const unconfirmed = await member(false);
    const refused = await as(
      unconfirmed.token,
      'POST',
      '/me/subscriptions',
      { association_id: a.id, day_number: 20 },
      'ar',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('فعّل بريدك الإلكتروني أولًا، ثم يمكنك الاشتراك في جمعية');

    const m = await member();
    const quote = await as(m.token, 'POST', '/me/subscriptions/quote', { association_id: a.id, day_number: 20 });
    expect(quote.json().data).toMatchObject({
      amount: 12_000,
      installments: 1200,
      past_due_count: 9,
      past_due_sum: 90,
    });
    const joined = await as(m.token, 'POST', '/me/subscriptions', { association_id: a.id, day_number: 20 });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().message).toBe('You joined the association; your turn day is 20');
    expect(joined.json().data).toMatchObject({ day: { day_number: 20, date: '2027-01-20' }, installments_total: 1200 });

    const past = await as(m.token, 'POST', '/me/subscriptions', { association_id: a.id, day_number: 9 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors[0]).toMatchObject({ field: 'day_number' });
    const other = await member();
    const held = await as(other.token, 'POST', '/me/subscriptions', { association_id: a.id, day_number: 20 });
    expect(held.statusCode).toBe(409);
    const finished = await association(10, '2020-01-01');
    const late = await as(other.token, 'POST', '/me/subscriptions', { association_id: finished.id, day_number: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This association is no longer open to new members');
    const mine = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, other.user.id));
    expect(mine).toEqual([]);
  });

  it('a day freed by a turn move, a cancellation or a removal is offered again; the day moved to is not (migration 0032)', async () => {
    const a = await association(100);
    const holder = await member();
    const made = await subscribe(t.app, admin, { user_id: holder.user.id, association_id: a.id, day_number: 15 });
    expect(made.statusCode, made.body).toBe(201);
    const m = await member();
    /** What the member is offered, and that every day's flag says what the subscriptions say. */
    const offered = async () => {
      const [wrong] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from association_days d where d.association_id = ${a.id}
          and d.held <> exists (select 1 from subscriptions s where s.association_id = d.association_id
            and s.day_number = d.day_number and s.status = 'active')`),
      );
      expect(Number(wrong?.n)).toBe(0);
      const days = (await as(m.token, 'GET', `/me/associations/${a.id}/days`)).json().data.days as {
        day_number: number;
      }[];
      const open = (await as(m.token, 'GET', '/me/associations/open?perPage=200')).json().data.data;
      const row = open.find((r: { id: number }) => r.id === a.id);
      expect(row?.available_days).toBe(days.length);
      return days.map((d) => d.day_number);
    };
    expect(await offered()).not.toContain(15);
    const id = Number(made.json().data.id);
    await t.db.update(subscriptions).set({ dayNumber: 40 }).where(eq(subscriptions.id, id));
    const moved = await offered();
    expect(moved).toContain(15);
    expect(moved).not.toContain(40);
    await t.db.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, id));
    expect(await offered()).toContain(40);
    await t.db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.id, id));
    expect(await offered()).not.toContain(40);
  });

  it('two members taking one day at the same moment: exactly one holds it', async () => {
    const a = await association(10);
    const pair = await Promise.all([member(), member()]);
    const results = await Promise.all(
      pair.map((m) => as(m.token, 'POST', '/me/subscriptions', { association_id: a.id, day_number: 33 })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [held] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from subscriptions where association_id = ${a.id} and day_number = 33`,
      ),
    );
    expect(Number(held?.n)).toBe(1);
  });
});
