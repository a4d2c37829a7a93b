import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from '../db/client.js';
import { counters } from '../db/schema/counters.js';
import { users } from '../db/schema/users.js';
import { cappedCount, cappedTotal, listPage, pageWindow, ridingTotal } from './list.js';

describe('listPage: one extra row instead of a count', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  const fetch = async (limit: number, offset: number) => rows.slice(offset, offset + limit);
  let counted = 0;
  const count = async () => {
    counted += 1;
    return { total: rows.length, atLeast: false };
  };

  it('counts only when more rows follow the page', async () => {
    counted = 0;
    const last = await listPage(pageWindow(3, 10), fetch, count);
    expect(last).toMatchObject({ data: [21, 22, 23], total: 23, lastPage: 3, currentPage: 3, atLeast: false });
    expect(counted).toBe(0);
    const first = await listPage(pageWindow(1, 10), fetch, count);
    expect(first.data).toHaveLength(10);
    expect(first.total).toBe(23);
    expect(counted).toBe(1);
  });

  it('a page past the end still learns the total', async () => {
    counted = 0;
    const beyond = await listPage(pageWindow(9, 10), fetch, count);
    expect(beyond).toMatchObject({ data: [], total: 23, lastPage: 3 });
    expect(counted).toBe(1);
  });

  it('never reports fewer rows than the page proves exist', async () => {
    const low = await listPage(pageWindow(2, 10), fetch, async () => ({ total: 5, atLeast: true }));
    expect(low.total).toBe(21);
    expect(low.atLeast).toBe(true);
  });

  it('with a lower bound, the last page offered always exists and is past the page read while more follow', async () => {
    // A lower bound of 11 ("more than 10") over 23 rows, 5 a page: page 1 offers pages 1–3.
    const bound = async () => ({ total: 11, atLeast: true });
    const first = await listPage(pageWindow(1, 5), fetch, bound);
    expect(first).toMatchObject({ total: 11, atLeast: true, lastPage: 3 });
    // Walking "next" from the last page offered: each page proves one more, until the true last.
    let page = first;
    const seen: number[] = [...first.data];
    while (page.atLeast && page.currentPage < page.lastPage) {
      page = await listPage(pageWindow(page.currentPage + 1, 5), fetch, bound);
      seen.push(...page.data);
      expect(page.lastPage).toBeLessThanOrEqual(Math.ceil(rows.length / 5));
      expect(page.total).toBeLessThanOrEqual(rows.length);
    }
    expect(seen).toEqual(rows);
    expect(page).toMatchObject({ currentPage: 5, lastPage: 5, total: 23, atLeast: false });
  });
});

describe('counts on the database', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(() => t?.close());

  it('cappedCount is exact up to the cap, then the lower bound cap + 1, flagged as such', async () => {
    for (let i = 0; i < 6; i += 1) await createUser(t.db);
    const all = t.db.select({ one: sql`1` }).from(users).getSQL();
    const exact = await cappedCount(t.db, all, 100);
    const [truth] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(exact).toEqual({ total: truth?.n, atLeast: false });
    const capped = await cappedCount(t.db, all, 3);
    expect(capped).toEqual({ total: 4, atLeast: true });
    expect(capped.total).toBeLessThanOrEqual(Number(truth?.n));
  });

  it('cappedTotal rides on the page: the same count as cappedCount, read in the page’s own statement', async () => {
    const all = t.db.select({ one: sql`1` }).from(users).getSQL();
    const [truth] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const page = async (cap: number) =>
      ridingTotal(
        rowsOf<{ id: number; total: number }>(
          await t.db.execute(sql`select id, ${cappedTotal(all, cap)} as total from users order by id limit 2`),
        ),
        cap,
      );
    expect(await page(100)).toEqual({ rows: expect.any(Array), total: { total: truth?.n, atLeast: false } });
    expect(await page(3)).toMatchObject({ total: await cappedCount(t.db, all, 3) });
    // No row, nothing to ride on: the rows as they are, for listPage to count.
    expect(ridingTotal<{ total: number }>([])).toEqual([]);
  });

  it('the user counters always equal an exact count, through every kind of change', async () => {
    const a = await createUser(t.db, { type: 'user' });
    const b = await createUser(t.db, { type: 'user', active: false });
    await createUser(t.db, { type: 'admin' });
    const call = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    expect(
      (await call('PUT', `/api/v1/users/${a.id}`, { name: a.name, email: a.email, phone: a.phone, active: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/v1/users/${b.id}`, { name: b.name, email: b.email, phone: b.phone, active: true }))
        .statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/v1/users/${a.id}`)).statusCode).toBe(200);

    const kept = await t.db.select({ key: counters.key, n: counters.n }).from(counters);
    const exact = await t.db.execute(sql`select user_counter_key(type, active, deleted_at) as key, count(*)::int as n
      from users group by 1`);
    const truth = (exact as unknown as { rows: { key: string; n: number }[] }).rows;
    for (const row of truth) expect(kept.find((k) => k.key === row.key)?.n, row.key).toBe(Number(row.n));
    for (const row of kept.filter((k) => k.key.startsWith('users.'))) {
      expect(truth.find((r) => r.key === row.key)?.n ?? 0, row.key).toBe(Number(row.n));
    }
    // The list's unfiltered total is read from them and agrees with the rows it pages through.
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(admin),
      payload: { type: 'user', perPage: 5 },
    });
    const everyone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(admin),
      payload: { type: 'user', perPage: -1 },
    });
    expect(list.json().data.total).toBe(everyone.json().data.data.length);
    expect(list.json().data.atLeast).toBe(false);
  });
});
