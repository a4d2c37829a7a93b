import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';
import { clock, setClock } from '../../lib/clock.js';
import { archiveAuditLog } from '../../lib/retention.js';

/**
 * The audit log in two parts (docs/decisions/0024-audit-log-at-scale.md): moving old rows to the
 * archive changes nothing a client sees. Every list below (filters, sorts, every page) and every
 * entry is read before the move and again after it, and must be the same.
 */
describe('the audit log archive', () => {
  let t: TestApp;
  let admin: string;
  const queries: string[] = [];
  // June 2031 in Cairo: June and May are live, everything before 1 May (Cairo) goes to the archive.
  const NOW = '2031-06-15T10:00:00Z';

  const list = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/logs', payload: body, headers: bearer(admin) });
  const n = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? 0);

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' }, { onQuery: (q) => queries.push(q) });
    setClock(NOW);
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const customer = await createUser(t.db, { roles: ['user'] });
    // Six months of the actions the app writes, in the order they happened (ids rise with time).
    const actions = [
      ['users.update', 'users', 'PUT', `/api/v1/users/${customer.id}`, null],
      ['login', 'sessions', 'POST', '/api/v1/login', customer.id],
      ['roles.insert', 'roles', 'PUT', '/api/v1/roles', null],
      ['setting.change', 'settings', 'POST', '/api/v1/setting/change/3', null],
    ] as const;
    for (const month of ['01', '02', '03', '04', '05', '06']) {
      for (const day of ['01', '05', '10', '15', '20', '28']) {
        for (const [action, entity, method, url, user] of actions) {
          if (month === '06' && day > '15') continue; // not yet
          await t.db.execute(sql`insert into audit_logs (action, entity, entity_id, url, method, user_id, new_value, created_at)
            values (${action}, ${entity}, '7', ${url}, ${method}, ${user}, ${JSON.stringify({ month, day })}::jsonb,
              ${`2031-${month}-${day}T09:30:00Z`})`);
        }
      }
    }
  });
  afterAll(async () => {
    setClock();
    await t?.close();
  });

  const BODIES: object[] = [
    {},
    { sortOrder: 'asc' },
    { sortBy: 'created_at' },
    { sortBy: 'created_at', sortOrder: 'asc' },
    { sortBy: 'action' },
    { sortBy: 'action', sortOrder: 'asc' },
    { action: 'users.update' },
    { action: 'setting.change', sortOrder: 'asc' },
    { url: '/api/v1/users/' },
    { search: 'roles' },
    { search: 'nothing-matches' },
    { from_date: '2031-02-01', to_date: '2031-02-28' },
    { from_date: '2031-04-15', to_date: '2031-05-15' },
    { from_date: '2031-06-01' },
    { to_date: '2031-03-10', sortBy: 'created_at' },
    { action: 'login', from_date: '2031-01-01', to_date: '2031-03-31' },
  ];

  /** Every page of every list, and every entry, as the API answers them now. */
  async function everything(): Promise<Map<string, unknown>> {
    const seen = new Map<string, unknown>();
    for (const body of BODIES) {
      for (let page = 1; ; page++) {
        const res = await list({ ...body, page, perPage: 10 });
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        seen.set(JSON.stringify({ ...body, page }), data);
        if (page > data.lastPage) break;
      }
      seen.set(JSON.stringify({ ...body, perPage: -1 }), (await list({ ...body, perPage: -1 })).json().data);
    }
    // Entries: a third of them, spread over every month, and the newest and oldest.
    const ids = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from audit_logs_all
        where id % 3 = 0 or id in ((select min(id) from audit_logs_all), (select max(id) from audit_logs_all))
        order by id`),
    );
    for (const { id } of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/logs/${id}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      seen.set(`entry ${id}`, res.json().data);
    }
    return seen;
  }

  async function archiveAll(): Promise<number> {
    let moved = 0;
    for (;;) {
      // Small batches, a few per run: the runs and batches add up to the same archive.
      const run = await archiveAuditLog(t.db, clock.now(), { batch: 7, batches: 3 });
      moved += run.moved;
      if (!run.more) return moved;
    }
  }

  it('moves the rows before the live months, and every list page and entry reads the same as before', async () => {
    const before = await everything();
    const total = await n(sql`select count(*)::int as n from audit_logs`);

    const moved = await archiveAll();
    expect(moved).toBeGreaterThan(60);
    // Live: May and June 2031 only (Cairo months). Archive: the rest, by month, nothing in the default partition.
    expect(await n(sql`select count(*)::int as n from audit_logs where created_at < '2031-04-30T21:00:00Z'`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from audit_logs`)).toBe(total - moved);
    expect(await n(sql`select count(*)::int as n from audit_logs_archive`)).toBe(moved);
    expect(await n(sql`select count(*)::int as n from audit_logs_archive_default`)).toBe(0);
    const months = rowsOf<{ name: string; n: number }>(
      await t.db.execute(sql`select tableoid::regclass::text as name, count(*)::int as n from audit_logs_archive
        where created_at >= '2031-01-01' group by 1 order by 1`),
    );
    expect(months).toEqual(['01', '02', '03', '04'].map((m) => ({ name: `audit_logs_archive_2031_${m}`, n: 24 })));
    const [state] = rowsOf<{ max_id: string; row_count: string }>(
      await t.db.execute(sql`select max_id, row_count from audit_logs_archive_state`),
    );
    expect(Number(state?.row_count)).toBe(moved);
    expect(Number(state?.max_id)).toBe(await n(sql`select max(id)::int as n from audit_logs_archive`));

    // Each archived month's recorded id range holds every id of that month, and its count is right.
    const wrong = rowsOf(
      await t.db.execute(sql`select m.month from audit_logs_archive_months as m
        full join (select date_trunc('month', created_at at time zone 'Africa/Cairo')::date as month,
            min(id) as min_id, max(id) as max_id, count(*) as row_count from audit_logs_archive group by 1) as a
          using (month)
        where (m.min_id, m.max_id, m.row_count) is distinct from (a.min_id, a.max_id, a.row_count)`),
    );
    expect(wrong).toEqual([]);

    const after = await everything();
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [key, value] of before) expect({ key, value: after.get(key) }).toEqual({ key, value });
    // A second run finds nothing to move.
    expect(await archiveAuditLog(t.db, clock.now())).toEqual({ moved: 0, more: false });
  });

  it('reads newest-first pages from the live months alone, and the archive when the page needs it', async () => {
    const reads = async (body: object) => {
      queries.length = 0;
      expect((await list(body)).statusCode).toBe(200);
      return [...queries];
    };
    const union = /audit_logs_all|"audit_logs_archive"/;
    // The whole log newest first: the live months and the archive's recorded size, nothing more.
    for (const body of [{}, { page: 2 }, { sortBy: 'created_at' }]) {
      const read = await reads(body);
      expect(read.join('\n'), JSON.stringify(body)).not.toMatch(union);
    }
    // Filtered: the page from the live months; a total under the cap is counted over the whole log.
    for (const body of [{ url: '/api/v1/' }, { from_date: '2031-06-01' }]) {
      const [keys, ...rest] = await reads(body);
      expect(keys, JSON.stringify(body)).toMatch(/from "audit_logs" where/);
      expect(
        rest.filter((q) => union.test(q)),
        JSON.stringify(body),
      ).toEqual([expect.stringMatching(/^select count\(\*\)::int as n from \(select 1 from "audit_logs_all"/)]);
    }
    // An archived entry is looked up in its month's partition only (by its id range), not in every month.
    const oldest = await n(sql`select min(id)::int as n from audit_logs_archive_2031_01`);
    queries.length = 0;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/logs/${oldest}`, headers: bearer(admin) })).json().data.id,
    ).toBe(oldest);
    expect(queries.filter((q) => q.includes('from "audit_logs_archive"'))).toEqual([
      expect.stringMatching(
        /"audit_logs_archive"\."created_at" >= \$\d+ and "audit_logs_archive"\."created_at" < \$\d+/,
      ),
    ]);
    // Oldest first, past the live rows, or a date filter reaching back: the whole log.
    for (const body of [{ sortOrder: 'asc' }, { page: 5 }, { from_date: '2031-02-01', to_date: '2031-02-28' }]) {
      expect((await reads(body)).join('\n'), JSON.stringify(body)).toContain('from "audit_logs_all"');
    }
  });

  it('keeps the order when a live row is dated back into an archived month', async () => {
    // The newest row, moved to February (as only a direct UPDATE can): archived, it holds the
    // largest id of the archive, so no live page can stand alone any more.
    const newest = await n(sql`select max(id)::int as n from audit_logs`);
    await t.db.execute(sql`update audit_logs set created_at = '2031-02-14T12:00:00Z' where id = ${newest}`);
    const before = await everything();

    expect(await archiveAll()).toBe(1);
    expect(await n(sql`select count(*)::int as n from audit_logs_archive_2031_02 where id = ${newest}`)).toBe(1);
    const after = await everything();
    for (const [key, value] of before) expect({ key, value: after.get(key) }).toEqual({ key, value });
    const page = (await list({})).json().data;
    expect(page.data[0].id).toBe(newest);
  });
});
