import {
  type TCashFigures,
  type TForecast,
  type TMemberBalance,
  ZCashReportListRequest,
} from '@portal/shared/schemas/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { cashExact, n, piastres } from '../../../test/helpers/cash-exact.js';
import { expectCsvData, expectXlsxData, readCsv, readXlsx } from '../../../test/helpers/export-files.js';
import { rowsOf } from '../../db/client.js';
import { setClock } from '../../lib/clock.js';
import type { ExportKind } from '../../lib/export.js';
import { associationsPage } from './reports.repository.js';

/**
 * The association's ledger, the cash report and a member's balance (issue 20 §4,
 * docs/decisions/0030): after a varied scenario — subscriptions on past and future days, receipts,
 * a payout that settles arrears by deduction, a reversed receipt and a reversed payout, a
 * withdrawal with a refund, a replacement — every figure each route answers equals an independent
 * SQL sum over the ledger's own rows (reversed rows left out, decision 0029), and the rollups the
 * triggers keep equal a recount from the rows.
 */
let t: TestApp;
let admin: string;
let exact: ReturnType<typeof cashExact>;

const TODAY = '2026-03-15';
const NOW = `${TODAY}T10:00:00Z`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  exact = cashExact(t.db, TODAY);
});
afterAll(async () => {
  setClock();
  await t?.close();
});
beforeEach(() => setClock(NOW));

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object, token = admin, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

async function installmentIds(subscriptionId: number, from: number, to: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from installments where subscription_id = ${subscriptionId}
      and day_number between ${from} and ${to} and status = 'pending' order by day_number`),
  );
  return rows.map((r) => Number(r.id));
}

async function expectOk(res: { statusCode: number; body: string }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body).data;
}

/* ------------------------------------------------------------------ the scenario */

type Scenario = {
  running: number;
  recent: number;
  future: number;
  members: { id: number; phone: string; password: string }[];
  subs: Record<string, number>;
};
let s: Scenario;

async function sub(associationId: number, userId: number, day: number) {
  return (
    await expectOk(
      await subscribe(t.app, admin, { user_id: userId, association_id: associationId, day_number: day }),
      201,
    )
  ).id as number;
}

async function receive(subscriptionId: number, from: number, to: number, extra: object = {}) {
  const data = await expectOk(
    await call('POST', '/subscriptions/payments/receive', {
      ids: await installmentIds(subscriptionId, from, to),
      ...extra,
    }),
  );
  return data[0].receipt.id as number;
}

async function buildScenario(): Promise<Scenario> {
  setClock(NOW);
  // Running since January (late installments, past turn days), started last week, and not yet started.
  const running = (await createAssociation(t.app, admin, { cost: 10, from_date: '2026-01-01', title: 'جمعية الأمل' }))
    .id;
  const recent = (await createAssociation(t.app, admin, { cost: 50, from_date: '2026-03-10', title: 'جمعية النور' }))
    .id;
  const future = (await createAssociation(t.app, admin, { cost: 20, from_date: '2026-05-01', title: 'جمعية الخير' }))
    .id;
  const members = await Promise.all(
    [0, 1, 2, 3, 4].map(() => createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true })),
  );
  const [m1, m2, m3, m4, m5] = members.map((m) => m.id) as [number, number, number, number, number];
  const subs: Record<string, number> = {
    // Past turn days (their installments since 1 January are owed at once) and future ones.
    early: await sub(running, m1, 5),
    paidUp: await sub(running, m3, 20),
    leaving: await sub(running, m2, 60),
    later: await sub(running, m2, 100),
    recentPast: await sub(recent, m1, 3),
    recentFuture: await sub(recent, m4, 30),
    notYet: await sub(future, m5, 1),
  };
  await receive(subs.early as number, 1, 10, { method: 'cash' });
  await receive(subs.paidUp as number, 1, 74, { method: 'instapay', reference: 'IP-74' });
  await receive(subs.leaving as number, 1, 20, { method: 'cash' });
  await receive(subs.later as number, 1, 30, { method: 'bank_transfer', reference: 'BNK-30' });
  const wrong = await receive(subs.recentPast as number, 1, 5, { method: 'cash' });
  await receive(subs.recentFuture as number, 1, 2, { method: 'fawry', reference: 'FW-2' });

  // A payout that settles 64 late installments by deduction (policy net): 12,000 gross, 640 deducted.
  const settled = await expectOk(
    await call('POST', `/subscriptions/${subs.early}/transfer`, { reference: 'TRF-EARLY', date: TODAY }),
  );
  expect(settled.payout).toMatchObject({ gross: 12_000, deducted: 640, net: 11_360 });
  // A payout recorded, then reversed (the member is owed it again).
  const mistaken = await expectOk(
    await call('POST', `/subscriptions/${subs.paidUp}/transfer`, { reference: 'TRF-X', date: TODAY }),
  );
  await expectOk(await call('POST', `/payouts/${mistaken.payout.id}/reverse`, { reason: 'سُجّل بالخطأ' }));
  // A receipt recorded on the wrong subscription, reversed.
  await expectOk(await call('POST', `/receipts/${wrong}/reverse`, { reason: 'على الاشتراك الخطأ' }));
  // A member leaves (pending installments cancelled, the day freed) and is refunded part of what they paid.
  await expectOk(await call('POST', `/subscriptions/${subs.leaving}/withdraw`, { reason: 'سافر' }));
  await expectOk(
    await call('POST', `/subscriptions/${subs.leaving}/refund`, { amount: 150, reference: 'RF-1', date: TODAY }),
    201,
  );
  // Another member takes over a subscription: its pending installments and payout move to them.
  await expectOk(await call('POST', `/subscriptions/${subs.later}/replace`, { user_id: m3, reason: 'تنازل' }));
  return {
    running,
    recent,
    future,
    members: members.map((m) => ({ id: m.id, phone: m.phone, password: m.password })),
    subs,
  };
}

describe('the cash figures after a varied scenario', () => {
  beforeAll(async () => {
    s = await buildScenario();
  });

  it('keeps every rollup equal to a recount from the rows', async () => {
    expect(await exact.rollupDifferences()).toEqual({ associations: 0, subscriptions: 0, days: 0, months: 0 });
  });

  it('the Ledger tab: every figure of each association and its forecast equal the exact SQL', async () => {
    for (const id of [s.running, s.recent, s.future]) {
      const data = await expectOk(await call('GET', `/reports/cash/associations/${id}`));
      expect(data.as_of).toBe(TODAY);
      expect(data.association.id).toBe(id);
      exact.expectFigures(data.figures, await exact.exactFigures(id));
      await exact.expectForecast(data.forecast, id);
    }
    const running = (await call('GET', `/reports/cash/associations/${s.running}`)).json().data;
    // The scenario's own numbers, as a reader would check them by hand.
    expect(running.figures).toMatchObject({ days_held: 3, members: 2, deducted: 640, refunds: 150 });
    expect(running.figures.payouts_made).toEqual({ count: 1, sum: 12_000 });
    // The reversed payout is due again (day 20), the replaced subscription's day 100 is still to come.
    expect(running.figures.payouts_due).toEqual({ count: 1, sum: 12_000 });
    // The pool pays out a reversed payout on the first day: it goes negative at once.
    expect(running.forecast.overdue_payouts).toEqual({ count: 1, sum: 12_000 });
    expect(running.forecast.negative_on).toBe(TODAY);
    expect((await call('GET', '/reports/cash/associations/999999')).statusCode).toBe(404);
  });

  it('the report: totals across associations, its lines and the forecast equal the exact SQL', async () => {
    const report = await expectOk(await call('GET', '/reports/cash'));
    expect(report.associations).toBe(n((await exact.exactFigures(null)).associations));
    exact.expectFigures(report.figures, await exact.exactFigures(null));
    await exact.expectForecast(report.forecast, null);

    const page = await expectOk(
      await call('POST', '/reports/cash/associations', { perPage: 100, sortBy: 'cash_position', sortOrder: 'asc' }),
    );
    expect(page.total).toBe(report.associations);
    // A page followed by more rows (fewer than the smallest page size here, so asked of the
    // repository): its capped total comes with the page's own statement.
    const first = await associationsPage(
      t.db,
      { ...ZCashReportListRequest.parse({ sortBy: 'cash_position', sortOrder: 'asc' }) },
      TODAY,
      2,
      0,
    );
    expect(report.associations).toBeGreaterThan(2);
    expect(Array.isArray(first) ? 'no total' : first.total).toEqual({ total: report.associations, atLeast: false });
    expect((Array.isArray(first) ? first : first.rows).map((r) => r.id)).toEqual(
      page.data.slice(0, 2).map((r: { id: number }) => r.id),
    );
    const cash = page.data.map((r: { figures: TCashFigures }) => piastres(r.figures.cash_position));
    expect(cash).toEqual([...cash].sort((a, b) => a - b));
    for (const row of page.data) {
      exact.expectFigures(row.figures, await exact.exactFigures(row.id));
      const tab = (await call('GET', `/reports/cash/associations/${row.id}`)).json().data;
      expect(row.negative_on).toBe(tab.forecast.negative_on);
    }
    const filtered = await expectOk(
      await call('POST', '/reports/cash/associations', { status: 'pending', perPage: 100 }),
    );
    expect(filtered.data.map((r: { id: number }) => r.id)).toContain(s.future);
    expect(filtered.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const byCode = await expectOk(
      await call('POST', '/reports/cash/associations', { code: `A-${String(s.recent).padStart(6, '0')}` }),
    );
    expect(byCode.data.map((r: { id: number }) => r.id)).toEqual([s.recent]);
  });

  it('a member’s balance, for staff and for the member, equals the exact SQL; a member sees only their own', async () => {
    for (const member of s.members) {
      const staff = await expectOk(await call('GET', `/users/${member.id}/balance`));
      await exact.expectBalance(staff, member.id);
      const token = await loginAs(t.app, member.phone, member.password);
      const own = await expectOk(await call('GET', '/me/balance', undefined, token));
      expect(own).toEqual(staff);
    }
    const [m1, m2, m3] = s.members;
    const first = (await call('GET', `/users/${m1?.id}/balance`)).json().data as TMemberBalance;
    // Received the payout of day 5 (gross 12,000, of which 640 settled their arrears).
    expect(first).toMatchObject({ payouts: 12_000, deducted: 640 });
    // The member replaced away keeps what they paid on day 100's subscription; the new holder owes the rest.
    const second = (await call('GET', `/users/${m2?.id}/balance`)).json().data as TMemberBalance;
    const gone = second.lines.find((l) => l.subscription_id === s.subs.later);
    expect(gone).toMatchObject({ holder: false, paid: 300, owed: { count: 0, sum: 0 } });
    const third = (await call('GET', `/users/${m3?.id}/balance`)).json().data as TMemberBalance;
    expect(third.lines.find((l) => l.subscription_id === s.subs.later)).toMatchObject({ holder: true, paid: 0 });
    expect((await call('GET', '/users/99999999/balance')).statusCode).toBe(404);
  });

  it('access: staff with payments.index read every figure, a customer none but their own balance', async () => {
    const member = s.members[0];
    if (!member) throw new Error('no member');
    const token = await loginAs(t.app, member.phone, member.password);
    const visitor = await createUser(t.db, { type: 'admin', roles: ['visitor'] });
    const reader = await loginAs(t.app, visitor.phone, visitor.password);
    const staffOnly: [Method, string, object?][] = [
      ['GET', '/reports/cash'],
      ['POST', '/reports/cash/associations', {}],
      ['GET', `/reports/cash/associations/${s.running}`],
      ['POST', '/reports/cash/associations/export', { format: 'csv' }],
      ['POST', '/reports/cash/forecast/export', { format: 'csv' }],
      ['GET', `/users/${member.id}/balance`],
      ['POST', `/users/${member.id}/balance/export`, { format: 'csv' }],
    ];
    for (const [method, url, body] of staffOnly) {
      expect((await call(method, url, body, token)).statusCode, `${method} ${url} as a customer`).toBe(403);
      expect((await call(method, url, body, reader)).statusCode, `${method} ${url} as a visitor`).toBe(200);
    }
    // Another member's balance is not theirs to name: /me/balance has no id, and answers with their own.
    const other = s.members[1];
    const own = await expectOk(await call('GET', '/me/balance', undefined, token));
    expect(own.user_id).toBe(member.id);
    expect(own.user_id).not.toBe(other?.id);
    expect((await call('GET', `/me/balance?user_id=${other?.id}`, undefined, token)).json().data.user_id).toBe(
      member.id,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/balance' })).statusCode).toBe(401);
  });

  it('exports: the report’s lines, the forecast and a balance, each cell of its kind, in both formats', async () => {
    const kinds = {
      lines: [
        'text',
        'text',
        'text',
        'date',
        'date',
        'money',
        'integer',
        'integer',
        'integer',
        'money',
        'money',
        'money',
        'money',
        'money',
        'money',
        'integer',
        'integer',
        'date',
        'integer',
        'integer',
        'money',
        'date',
      ],
      forecast: ['date', 'money', 'integer', 'money', 'money'],
      balance: [
        'integer',
        'text',
        'text',
        'integer',
        'date',
        'text',
        'text',
        'text',
        'money',
        'money',
        'integer',
        'money',
        'integer',
        'money',
      ],
    } satisfies Record<string, ExportKind[]>;
    const member = s.members[0];
    const token = await loginAs(t.app, member?.phone ?? '', member?.password ?? '');
    const files: [string, object, keyof typeof kinds, number, string?][] = [
      ['/reports/cash/associations/export', {}, 'lines', n((await exact.exactFigures(null)).associations)],
      ['/reports/cash/forecast/export', {}, 'forecast', 90],
      ['/reports/cash/forecast/export', { association_id: s.running }, 'forecast', 90],
      [`/users/${member?.id}/balance/export`, {}, 'balance', 1],
      ['/me/balance/export', {}, 'balance', 1, token],
    ];
    for (const [url, body, kind, rows, as] of files) {
      for (const lang of ['ar', 'en']) {
        const csv = await call('POST', url, { ...body, format: 'csv' }, as ?? admin, lang);
        expect(csv.statusCode, csv.body).toBe(200);
        expect(csv.headers['content-type']).toContain('text/csv');
        const parsed = readCsv(csv.rawPayload);
        expect(parsed.rows.length, url).toBeGreaterThanOrEqual(rows);
        expectCsvData(parsed, kinds[kind]);
        const xlsx = await call('POST', url, { ...body, format: 'xlsx' }, as ?? admin, lang);
        expect(xlsx.statusCode, xlsx.body).toBe(200);
        const book = await readXlsx(xlsx.rawPayload);
        expect(book.rows.length).toBe(parsed.rows.length);
        expectXlsxData(book, kinds[kind]);
      }
    }
    // The forecast file holds the forecast's own figures; the header names the currency.
    const file = readCsv(
      (await call('POST', '/reports/cash/forecast/export', { format: 'csv', association_id: s.running })).rawPayload,
    );
    const tab = (await call('GET', `/reports/cash/associations/${s.running}`)).json().data as { forecast: TForecast };
    expect(file.header[1]).toBe('Expected collections (EGP)');
    expect(file.rows.map((r) => [r[0], Number(r[1]), Number(r[3]), Number(r[4])])).toEqual(
      tab.forecast.days.map((d) => [d.date, d.collections, d.payouts, d.cash]),
    );
    expect(
      (await call('POST', '/reports/cash/forecast/export', { format: 'csv', association_id: 999999 })).statusCode,
    ).toBe(404);
  });

  it('stays exact on another day: tomorrow’s late, due and forecast move with the clock', async () => {
    setClock('2026-04-20T09:00:00Z');
    const later = '2026-04-20';
    const data = await expectOk(await call('GET', `/reports/cash/associations/${s.running}`));
    exact.expectFigures(data.figures, await exact.exactFigures(s.running, later));
    await exact.expectForecast(data.forecast, s.running, later);
    const report = await expectOk(await call('GET', '/reports/cash'));
    exact.expectFigures(report.figures, await exact.exactFigures(null, later));
    for (const member of s.members) {
      await exact.expectBalance(await expectOk(await call('GET', `/users/${member.id}/balance`)), member.id, later);
    }
  });

  it('refresh_ledger_counters() rebuilds the same rollups from the rows (the backfill, seed:large)', async () => {
    const snapshot = async () =>
      rowsOf(
        await t.db.execute(sql`select 'a' as k, association_id::text as a, null as b,
            concat_ws(',', collected_piastres, paid_out_piastres, deducted_piastres, refunds_piastres, payouts_count, refunds_count) as v
          from ledger_association_totals where (collected_piastres, paid_out_piastres, refunds_piastres, payouts_count, refunds_count) <> (0, 0, 0, 0, 0)
          union all
          select 'd', association_id::text, day::text, concat_ws(',', pending_count, pending_piastres, payouts_count, payouts_piastres)
          from ledger_day_totals where (pending_count, pending_piastres, payouts_count, payouts_piastres) <> (0, 0, 0, 0)
          union all
          select 'm', association_id::text, month::text, concat_ws(',', pending_count, pending_piastres, payouts_count, payouts_piastres)
          from ledger_month_totals where (pending_count, pending_piastres, payouts_count, payouts_piastres) <> (0, 0, 0, 0)
          union all
          select 's', subscription_id || '/' || user_id, oldest_pending::text,
            concat_ws(',', paid_piastres, paid_out_piastres, deducted_piastres, refunds_piastres, payouts_count, refunds_count, pending_count, pending_piastres)
          from ledger_subscription_totals
          where (paid_piastres, paid_out_piastres, refunds_piastres, payouts_count, refunds_count, pending_count) <> (0, 0, 0, 0, 0, 0)
          order by 1, 2, 3`),
      );
    const before = await snapshot();
    await t.db.execute(sql`select refresh_ledger_counters()`);
    expect(await snapshot()).toEqual(before);
  });
});
