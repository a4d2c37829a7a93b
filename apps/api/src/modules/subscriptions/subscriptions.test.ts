import { and, eq, gt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';
import { associationDays, installments, subscriptions } from '../../db/schema/associations.js';
import { inTransaction, systemScope } from '../../db/transaction.js';
import { setClock } from '../../lib/clock.js';
import { EXPORT_BATCH } from '../../lib/export.js';

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
beforeEach(() => setClock());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang: 'ar' | 'en' = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(admin), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

/** The exact counts the dashboard's rollup must equal, computed from the rows. */
async function exactPaymentCounts(today: string) {
  const [row] = rowsOf<{ received: number; late: number; future: number }>(
    await t.db.execute(sql`select
      (count(*) filter (where status = 'received'))::int as received,
      (count(*) filter (where status = 'pending' and due_date < ${today}::date))::int as late,
      (count(*) filter (where status = 'pending' and due_date >= ${today}::date))::int as future
      from installments`),
  );
  return { payments_received: row?.received, payments_late: row?.late, payments_future: row?.future };
}

async function dashboardPayments() {
  const counts = (await call('GET', '/api/v1/dashbored/count')).json().data.counts[0];
  return {
    payments_received: counts.payments_received,
    payments_late: counts.payments_late,
    payments_future: counts.payments_future,
  };
}

describe('subscribing', () => {
  it('writes the subscription and its 1,200 installments in one go; the payout is cost × days', async () => {
    const a = await createAssociation(t.app, admin, { cost: 50, from_date: '2026-01-01' });
    const member = await createUser(t.db, { type: 'user', name: 'كريم فؤاد' });
    const res = await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 7 });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().data;
    expect(sub).toMatchObject({
      user_id: member.id,
      userName: 'كريم فؤاد',
      userPhone: member.phone,
      date: '2026-01-07',
      dayNumber: 7,
      association: { id: a.id, cost: 50 },
      amount: 60_000,
      transferStatus: 'unpaid',
    });
    const rows = await t.db.select().from(installments).where(eq(installments.subscriptionId, sub.id));
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((r) => r.amountPiastres))).toEqual(new Set([5000]));
    expect(rows.find((r) => r.dayNumber === 1)?.dueDate).toBe('2026-01-01');
    const [audit] = await auditEntries(t.app, admin, 'subscriptions.insert', sub.id);
    expect(audit?.new_value).toMatchObject({ user_id: member.id, day_number: 7 });
    const association = (await call('GET', `/api/v1/associations/${a.id}`)).json().data;
    expect(association).toMatchObject({ numOfSubscription: 1, AvailableDays: 1199 });
  });

  it('a day is held once: the second gets 409 naming the day; at the same moment exactly one wins', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2026-01-01' });
    const [m1, m2, m3, m4] = (await Promise.all([1, 2, 3, 4].map(() => createUser(t.db, { type: 'user' })))).map(
      (m) => m.id,
    );
    expect(
      (await subscribe(t.app, admin, { user_id: Number(m1), association_id: a.id, day_number: 3 })).statusCode,
    ).toBe(201);
    const again = await subscribe(t.app, admin, { user_id: Number(m2), association_id: a.id, day_number: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ field: 'day_number' });
    expect(again.json().message).toContain('3');
    const race = await Promise.all(
      [m3, m4].map((m) => subscribe(t.app, admin, { user_id: Number(m), association_id: a.id, day_number: 9 })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const held = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.associationId, a.id), eq(subscriptions.dayNumber, 9)));
    expect(held).toHaveLength(1);
  });

  it('refuses a day of no association, a staff account, an unknown association and a full association', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2026-01-01' });
    const member = await createUser(t.db, { type: 'user' });
    const staff = await createUser(t.db, { type: 'admin' });
    const noDay = await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 1201 });
    expect(noDay.statusCode).toBe(422);
    const staffSub = await subscribe(t.app, admin, { user_id: staff.id, association_id: a.id, day_number: 1 });
    expect(staffSub.statusCode).toBe(422);
    expect(staffSub.json().errors[0].field).toBe('user_id');
    expect(
      (await subscribe(t.app, admin, { user_id: member.id, association_id: 999999, day_number: 1 })).statusCode,
    ).toBe(404);
    // A small association (its calendar cut to two days, as an import could leave it): full after two.
    const small = await createAssociation(t.app, admin, { from_date: '2026-01-01' });
    await inTransaction(systemScope(t.db), (tx) =>
      tx.db
        .delete(associationDays)
        .where(and(eq(associationDays.associationId, small.id), gt(associationDays.dayNumber, 2))),
    );
    for (const day of [1, 2]) {
      const m = await createUser(t.db, { type: 'user' });
      expect(
        (await subscribe(t.app, admin, { user_id: m.id, association_id: small.id, day_number: day })).statusCode,
      ).toBe(201);
    }
    const full = await subscribe(t.app, admin, { user_id: member.id, association_id: small.id, day_number: 2 });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('associations.errors.full');
  });

  it('quotes what is owed at once for an association already running (the Cairo clock decides)', async () => {
    const a = await createAssociation(t.app, admin, { cost: 20, from_date: '2026-03-01' });
    setClock('2026-03-10T22:30:00Z'); // already 11 March in Cairo
    const quote = await call('POST', '/api/v1/subscriptions/quote', { association_id: a.id, day_number: 40 });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toEqual({
      amount: 24_000,
      installments: 1200,
      past_due_count: 10,
      past_due_sum: 200,
      day: { day_number: 40, date: '2026-04-09' },
    });
  });
});

describe('installments, payouts and the dashboard', () => {
  it('reports late and future from Cairo’s today; receiving one or several at once, never twice', async () => {
    const a = await createAssociation(t.app, admin, { cost: 10, from_date: '2026-05-01' });
    const member = await createUser(t.db, { type: 'user' });
    const sub = (await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 1 })).json()
      .data;
    setClock('2026-05-03T21:30:00Z'); // 4 May in Cairo (summer time, UTC+3): 1–3 May are late
    const late = (
      await call('POST', '/api/v1/subscriptions/payments', {
        subscription_id: sub.id,
        status: 'late',
        sortBy: 'dueDate',
        sortOrder: 'asc',
        perPage: 50,
      })
    ).json().data;
    expect(late.total).toBe(3);
    expect(late.data.map((p: { dueDate: string; days_late: number }) => [p.dueDate, p.days_late])).toEqual([
      ['2026-05-01', 3],
      ['2026-05-02', 2],
      ['2026-05-03', 1],
    ]);
    const future = (
      await call('POST', '/api/v1/subscriptions/payments', { subscription_id: sub.id, status: 'future' })
    ).json().data;
    // Over the exact-count cap (1,000), yet exact: one subscription has at most one installment a
    // turn day (1,200), so its list is counted to the end (issue 22 item 3).
    expect(future).toMatchObject({ total: 1197, atLeast: false, lastPage: 120 });
    const ids = late.data.slice(0, 2).map((p: { id: number }) => p.id);
    const received = await call('POST', '/api/v1/subscriptions/payments/receive', {
      ids,
      reference: 'REC-1001',
      note: 'نقدًا',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.map((p: { status: string }) => p.status)).toEqual(['received', 'received']);
    const twice = await call('POST', '/api/v1/subscriptions/payments/receive', {
      ids: [ids[0], late.data[2].id],
      reference: 'REC-1002',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].title).toContain(String(ids[0]));
    // Nothing of the refused call was recorded: the third is still late.
    expect((await call('GET', `/api/v1/subscriptions/payments/${late.data[2].id}`)).json().data.status).toBe('late');
    expect(
      (await call('POST', '/api/v1/subscriptions/payments/receive', { ids: [999999999], reference: 'X1' })).statusCode,
    ).toBe(404);
    const [audit] = await auditEntries(t.app, admin, 'installments.update', ids[0]);
    expect(audit?.old_value).toMatchObject({ status: 'pending' });
    expect(audit?.new_value).toMatchObject({ status: 'received', reference: 'REC-1001' });
    expect(await dashboardPayments()).toEqual(await exactPaymentCounts('2026-05-04'));
    const detail = (await call('GET', `/api/v1/subscriptions/${sub.id}`)).json().data;
    expect(detail.installments).toMatchObject({
      total: 1200,
      received_count: 2,
      received_sum: 20,
      late_count: 1,
      late_sum: 10,
      future_count: 1197,
      future_sum: 11970,
      cancelled_count: 0,
    });
    // The balance beside them comes from the same read of the installments, and from the receipts.
    expect(detail.balance).toEqual({
      paid: 20,
      paid_out: 0,
      refunded: 0,
      owed_back: 20,
      late_count: 1,
      late_sum: 10,
      future_count: 1197,
      future_sum: 11970,
    });
    // The time it was received, as stored (PostgreSQL writes it as ISO text), to the millisecond.
    await t.db.execute(sql`update installments set received_at = '2026-05-03 21:45:07.123456+00' where id = ${ids[0]}`);
    const listed = (
      await call('POST', '/api/v1/subscriptions/payments', { subscription_id: sub.id, status: 'received' })
    ).json().data.data as { id: number; received_at: string }[];
    expect(listed.find((p) => p.id === ids[0])?.received_at).toBe('2026-05-03T21:45:07.123Z');
    expect(listed.find((p) => p.id === ids[1])?.received_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await call('GET', `/api/v1/subscriptions/payments/${ids[0]}`)).json().data.received_at).toBe(
      '2026-05-03T21:45:07.123Z',
    );
  });

  it('records the payout once its day has come, and only once', async () => {
    const a = await createAssociation(t.app, admin, { cost: 5, from_date: '2026-06-01' });
    const member = await createUser(t.db, { type: 'user' });
    const sub = (await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 10 })).json()
      .data;
    setClock('2026-06-09T12:00:00Z');
    const early = await call('POST', `/api/v1/subscriptions/${sub.id}/transfer`, {
      reference: 'TRF-1',
      date: '2026-06-09',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('associations.errors.payout_not_due');
    expect((await call('GET', `/api/v1/subscriptions/${sub.id}`)).json().data.payout_due).toBe(false);
    setClock('2026-06-09T21:30:00Z'); // 10 June in Cairo: the day has come
    expect((await call('GET', `/api/v1/subscriptions/${sub.id}`)).json().data.payout_due).toBe(true);
    const paid = await call('POST', `/api/v1/subscriptions/${sub.id}/transfer`, {
      reference: 'TRF-1',
      date: '2026-06-10',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({
      transferStatus: 'paid',
      transfer_reference: 'TRF-1',
      transfer_date: '2026-06-10',
    });
    const again = await call('POST', `/api/v1/subscriptions/${sub.id}/transfer`, {
      reference: 'TRF-2',
      date: '2026-06-10',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('associations.errors.payout_done');
    const list = (await call('POST', '/api/v1/subscriptions', { association_id: a.id, status: 'paid' })).json().data;
    expect(list.data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
  });

  it('refuses a payout dated in the future or before its turn day, naming the date, and records nothing', async () => {
    const a = await createAssociation(t.app, admin, { cost: 5, from_date: '2026-06-01' });
    const member = await createUser(t.db, { type: 'user' });
    const sub = (await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 10 })).json()
      .data;
    setClock('2026-06-20T10:00:00Z');
    const cases: [string, string][] = [
      ['2026-06-21', 'The transfer date cannot be in the future'],
      ['9999-01-01', 'The date must be between the years 1900 and 2199'],
      ['0000-01-01', 'The date must be between the years 1900 and 2199'],
      ['2026-02-30', 'The date is not valid'],
      ['2026-06-09', 'The transfer date cannot be before the turn day'],
    ];
    for (const [date, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/subscriptions/${sub.id}/transfer`,
        headers: { ...bearer(admin), 'accept-language': 'en' },
        payload: { reference: 'TRF-1', date },
      });
      expect(res.statusCode, `${date}: ${res.body}`).toBe(422);
      expect(res.json().errors, date).toEqual([{ field: 'date', title: message }]);
    }
    expect((await call('GET', `/api/v1/subscriptions/${sub.id}`)).json().data.transferStatus).toBe('unpaid');
    const onTheDay = await call('POST', `/api/v1/subscriptions/${sub.id}/transfer`, {
      reference: 'TRF-1',
      date: '٢٠٢٦-٠٦-١٠',
    });
    expect(onTheDay.statusCode, onTheDay.body).toBe(200);
    expect(onTheDay.json().data.transfer_date).toBe('2026-06-10');
  });

  it('random subscribe / receive / payout / delete, at once, never double-book a day and keep the rollup exact', async () => {
    const a = await createAssociation(t.app, admin, { cost: 100, from_date: '2026-02-01' });
    const members = await Promise.all(Array.from({ length: 8 }, () => createUser(t.db, { type: 'user' })));
    setClock('2026-02-20T10:00:00Z');
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 4; round += 1) {
      const pending = (
        await call('POST', '/api/v1/subscriptions/payments', { association_id: a.id, status: 'late', perPage: 50 })
      ).json().data.data as { id: number }[];
      const ops = Array.from({ length: 6 }, () => {
        const op = random(4);
        if (op === 0 || pending.length === 0) {
          return subscribe(t.app, admin, {
            user_id: Number(members[random(members.length)]?.id),
            association_id: a.id,
            day_number: 1 + random(12),
          });
        }
        if (op === 1) {
          const ids = [pending[random(pending.length)]?.id, pending[random(pending.length)]?.id];
          return call('POST', '/api/v1/subscriptions/payments/receive', {
            ids,
            reference: `R-${round}-${random(1000)}`,
          });
        }
        if (op === 2) return call('POST', '/api/v1/associations/status', { association_id: a.id, status: 'started' });
        return t.app.inject({ method: 'DELETE', url: `/api/v1/associations/${a.id}`, headers: bearer(admin) });
      });
      const answers = await Promise.all(ops);
      for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const doubled = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from (select day_number from subscriptions
        where association_id = ${a.id} and status = 'active' group by day_number having count(*) > 1) d`),
    );
    expect(doubled[0]?.n).toBe(0);
    expect(await dashboardPayments()).toEqual(await exactPaymentCounts('2026-02-20'));
    const [{ counted } = { counted: -1 }] = rowsOf<{ counted: number }>(
      await t.db.execute(sql`select subscriptions_count as counted from associations where id = ${a.id}`),
    );
    const [{ actual } = { actual: -2 }] = rowsOf<{ actual: number }>(
      await t.db.execute(
        sql`select count(*)::int as actual from subscriptions where association_id = ${a.id} and status = 'active'`,
      ),
    );
    expect(Number(counted)).toBe(Number(actual));
  });

  it('the dashboard shows associations by cost and subscriptions by association', async () => {
    const counts = (await call('GET', '/api/v1/dashbored/count')).json().data;
    expect(counts.counts_associations.length).toBeGreaterThan(0);
    for (const row of counts.counts_associations) expect([5, 10, 20, 50, 100, 200]).toContain(row.cost);
    expect(counts.counts_subscriptions[0].users).toBeGreaterThan(0);
  });
});

describe('exports: every matching row, streamed, in the caller’s language', () => {
  it('payments as CSV with a BOM and Arabic headers, across more than one batch, whole and newest first', async () => {
    const a = await createAssociation(t.app, admin, { cost: 20, from_date: '2026-01-01', title: 'جمعية التصدير' });
    // Five subscriptions: 6,000 installments, more than one batch (EXPORT_BATCH) read while written.
    const member = await createUser(t.db, { type: 'user', name: 'سلوى عادل' });
    for (const day of [1, 2, 3, 4, 5]) {
      await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: day });
    }
    expect(5 * 1200).toBeGreaterThan(EXPORT_BATCH);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/payments/export',
      headers: { ...bearer(admin), 'accept-language': 'ar' },
      payload: { association_id: a.id, format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toContain('تاريخ الاستحقاق');
    expect(lines).toHaveLength(1 + 6000);
    expect(lines[1]).toContain('سلوى عادل');
    expect(lines[1]).toContain('جمعية التصدير');
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(new Set(ids).size).toBe(6000);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it('subscriptions as XLSX, read back: English headers, all rows', async () => {
    const a = await createAssociation(t.app, admin, { cost: 10, from_date: '2026-01-01' });
    for (const day of [1, 2, 3]) {
      const m = await createUser(t.db, { type: 'user' });
      await subscribe(t.app, admin, { user_id: m.id, association_id: a.id, day_number: day });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/export',
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { association_id: a.id, format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Member');
    expect(sheet?.actualRowCount).toBe(4);
    const days = [2, 3, 4].map((r) => sheet?.getRow(r).getCell(6).value);
    expect(days.sort()).toEqual([1, 2, 3]);
  });

  it('an export refuses a bad filter like its list (422), and needs the list’s permission', async () => {
    const bad = await call('POST', '/api/v1/subscriptions/payments/export', { status: 'lost', format: 'csv' });
    expect(bad.statusCode).toBe(422);
    const customer = await createUser(t.db, { type: 'user', roles: ['user'] });
    const token = await loginAs(t.app, customer.phone, customer.password);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/associations/export',
      headers: bearer(token),
      payload: {},
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('the users list filters by association (SPEC §2)', () => {
  it('lists the members who hold a day of the association', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2026-01-01' });
    const member = await createUser(t.db, { type: 'user' });
    await createUser(t.db, { type: 'user' });
    await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 4 });
    const res = await call('POST', '/api/v1/users', { filters: { association_id: a.id } });
    expect(res.json().data.data.map((u: { id: number }) => u.id)).toEqual([member.id]);
    expect(res.json().data.total).toBe(1);
  });
});
