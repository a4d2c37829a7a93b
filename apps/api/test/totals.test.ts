import { addDays } from '@portal/shared/clock';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { clock, setClock } from '../src/lib/clock.js';
import { COUNT_CAP } from '../src/lib/list.js';
import { createAssociation, subscribe } from './factories/associations.js';
import { createUser } from './factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';

/**
 * Honest totals (issue 22 item 3; issue 21 §3 "counts users see are true"): `/payments` said
 * "about 2,486" across 249 pages when the table held 12,000+ installments, and its last page was
 * not the last. Every list over the exact-count cap answers either the exact total (from a rollup
 * the database keeps: by status, by association, by day) or a lower bound flagged `atLeast` that
 * really is no more than the true count; and the last page it offers exists.
 */
type Page = { data: unknown[]; total: number; atLeast?: boolean; lastPage: number; currentPage: number };

describe('list totals over the exact-count cap', () => {
  let t: TestApp;
  let admin: string;
  const ids: { first: number; second: number; withdrawn: number; associationA: number; associationB: number } = {
    first: 0,
    second: 0,
    withdrawn: 0,
    associationA: 0,
    associationB: 0,
  };

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin), payload });

  async function truth(query: SQL): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from (${query}) as q`));
    return Number(row?.n ?? 0);
  }

  beforeAll(async () => {
    setClock('2026-11-27T10:00:00Z');
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    // Two associations that started 40 and 10 days ago: 1,200 installments a subscription, the
    // first days of each already late.
    const a = await createAssociation(t.app, admin, { from_date: addDays(clock.today(), -40) });
    const b = await createAssociation(t.app, admin, { from_date: addDays(clock.today(), -10) });
    ids.associationA = a.id;
    ids.associationB = b.id;
    const members = await Promise.all([1, 2, 3].map(() => createUser(t.db, { type: 'user', emailVerified: true })));
    const made: number[] = [];
    for (const [member, association, day] of [
      [members[0], a.id, 1],
      [members[1], a.id, 2],
      [members[2], b.id, 3],
    ] as const) {
      const res = await subscribe(t.app, admin, {
        user_id: member?.id ?? 0,
        association_id: association,
        day_number: day,
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().data.id);
    }
    [ids.first, ids.second, ids.withdrawn] = made as [number, number, number];
    // Some received, one subscription withdrawn (its pending installments cancelled).
    const late = await call('POST', '/subscriptions/payments', {
      subscription_id: ids.first,
      status: 'late',
      perPage: 20,
    });
    const receive = await call('POST', '/subscriptions/payments/receive', {
      ids: (late.json().data.data as { id: number }[]).slice(0, 15).map((p) => p.id),
    });
    expect(receive.statusCode, receive.body).toBe(200);
    const withdraw = await call('POST', `/subscriptions/${ids.withdrawn}/withdraw`, { reason: 'سافر' });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
  });
  afterAll(() => {
    setClock();
    return t?.close();
  });

  /** The list's first page and its own last page, checked against the true count. */
  async function check(url: string, filters: Record<string, unknown>, exact: SQL, perPage = 10) {
    const count = await truth(exact);
    const res = await call('POST', url, { ...filters, perPage });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as Page;
    const label = `${url} ${JSON.stringify(filters)}: ${page.total}${page.atLeast ? '+' : ''} of ${count}`;
    if (page.atLeast) {
      expect(page.total, label).toBeLessThanOrEqual(count);
      expect(page.total, label).toBeGreaterThan(COUNT_CAP);
    } else {
      expect(page.total, label).toBe(count);
    }
    expect(page.lastPage, label).toBe(Math.max(1, Math.ceil(page.total / perPage)));
    // The last page offered exists (it has rows), and when the total is exact it is the last.
    const last = (await call('POST', url, { ...filters, perPage, page: page.lastPage })).json().data as Page;
    expect(last.data.length, label).toBe(page.atLeast ? perPage : count - (page.lastPage - 1) * perPage);
    return page;
  }

  it('payments: exact from the rollups by status, association and due date; else a true lower bound', async () => {
    const today = clock.today();
    const all = sql`select 1 from installments`;
    const exactOnes: [Record<string, unknown>, SQL][] = [
      [{}, all],
      [{ status: 'late' }, sql`${all} where status = 'pending' and due_date < ${today}::date`],
      [{ status: 'future' }, sql`${all} where status = 'pending' and due_date >= ${today}::date`],
      [{ status: 'received' }, sql`${all} where status = 'received'`],
      [{ status: 'cancelled' }, sql`${all} where status = 'cancelled'`],
      [
        { status: 'future', association_id: ids.associationA },
        sql`${all} where status = 'pending' and due_date >= ${today}::date and association_id = ${ids.associationA}`,
      ],
      [
        { status: 'late', association_id: ids.associationA },
        sql`${all} where status = 'pending' and due_date < ${today}::date and association_id = ${ids.associationA}`,
      ],
      [
        { from_date: addDays(today, 100), to_date: addDays(today, 900) },
        sql`${all} where due_date between ${addDays(today, 100)}::date and ${addDays(today, 900)}::date`,
      ],
      [
        { status: 'future', from_date: addDays(today, 5) },
        sql`${all} where status = 'pending' and due_date >= ${addDays(today, 5)}::date`,
      ],
      [{ subscription_id: ids.first }, sql`${all} where subscription_id = ${ids.first}`],
    ];
    for (const [filters, query] of exactOnes) {
      const page = await check('/subscriptions/payments', filters, query);
      expect(page.atLeast, JSON.stringify(filters)).toBe(false);
    }
    // Over the cap and 3,600 installments in all: the default view (issue 22 said "about 2,486").
    expect((await call('POST', '/subscriptions/payments', {})).json().data.total).toBe(3600);

    // No rollup holds these: a flagged lower bound, never more than the truth.
    const bounded: [Record<string, unknown>, SQL][] = [
      [{ association_id: ids.associationA }, sql`${all} where association_id = ${ids.associationA}`],
      [
        { status: 'cancelled', association_id: ids.associationB },
        sql`${all} where status = 'cancelled' and association_id = ${ids.associationB}`,
      ],
    ];
    for (const [filters, query] of bounded) await check('/subscriptions/payments', filters, query);
    const lower = (await call('POST', '/subscriptions/payments', { association_id: ids.associationA })).json().data;
    expect(lower).toMatchObject({ total: COUNT_CAP + 1, atLeast: true, lastPage: 101 });
  });

  it('a lower bound grows as the pages are walked, and next is offered exactly while rows follow', async () => {
    const filters = { association_id: ids.associationA, perPage: 50 };
    const count = await truth(sql`select 1 from installments where association_id = ${ids.associationA}`);
    let page = (await call('POST', '/subscriptions/payments', filters)).json().data as Page;
    let visits = 1;
    while (page.currentPage < page.lastPage) {
      // Jump to the last page offered: it exists, and offers one more while rows follow.
      page = (await call('POST', '/subscriptions/payments', { ...filters, page: page.lastPage })).json().data as Page;
      visits += 1;
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.total).toBeLessThanOrEqual(count);
    }
    expect(page).toMatchObject({ total: count, atLeast: false, lastPage: Math.ceil(count / 50) });
    expect(visits).toBeGreaterThan(2);
  });

  it('subscriptions: exact from the per-association and per-day rollups', async () => {
    // More subscriptions than a page of 5 (a total is counted only when rows follow the page), one paid out.
    const more = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => createUser(t.db, { type: 'user', emailVerified: true })),
    );
    for (const [i, member] of more.entries()) {
      const res = await subscribe(t.app, admin, {
        user_id: member.id,
        association_id: i < 4 ? ids.associationA : ids.associationB,
        day_number: 10 + i,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const payout = await call('POST', `/subscriptions/${ids.first}/transfer`, {
      reference: 'TRF-1',
      date: clock.today(),
    });
    expect(payout.statusCode, payout.body).toBe(200);
    const active = sql`select 1 from subscriptions s join association_days d
      on d.association_id = s.association_id and d.day_number = s.day_number where s.status = 'active'`;
    const exactOnes: [Record<string, unknown>, SQL][] = [
      [{}, active],
      [{ association_id: ids.associationA }, sql`${active} and s.association_id = ${ids.associationA}`],
      [{ status: 'unpaid' }, sql`${active} and s.transfer_status = 'unpaid'`],
      [
        { status: 'unpaid', association_id: ids.associationB },
        sql`${active} and s.transfer_status = 'unpaid' and s.association_id = ${ids.associationB}`,
      ],
      [
        { status: 'unpaid', from_date: addDays(clock.today(), -40), to_date: addDays(clock.today(), 5) },
        sql`${active} and s.transfer_status = 'unpaid' and d.date between ${addDays(clock.today(), -40)}::date
          and ${addDays(clock.today(), 5)}::date`,
      ],
    ];
    for (const [filters, query] of exactOnes) {
      expect(await truth(query), JSON.stringify(filters)).toBeGreaterThan(5);
      const page = await check('/subscriptions', filters, query, 5);
      expect(page.atLeast, JSON.stringify(filters)).toBe(false);
    }
    // Paid ones: every active less the unpaid (one here, counted exactly all the same).
    await check('/subscriptions', { status: 'paid' }, sql`${active} and s.transfer_status = 'paid'`, 5);
  });

  it('the audit log: exact to the cap, then a true lower bound', async () => {
    const count = await truth(sql`select 1 from audit_logs`);
    expect(count).toBeGreaterThan(COUNT_CAP);
    const page = await check('/logs', {}, sql`select 1 from audit_logs`);
    expect(page).toMatchObject({ total: COUNT_CAP + 1, atLeast: true });
  });
});
