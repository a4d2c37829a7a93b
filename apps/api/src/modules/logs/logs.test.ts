import { AUDITED_COLUMNS } from '@portal/shared/audit-fields';
import { addDays } from '@portal/shared/clock';
import { ALL_ROWS } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { userIdsIn } from './logs.repository.js';

type Row = { id: number; action: string; url: string | null; entity: string | null; user: { id: number } | null };

describe('the audit log API', () => {
  let t: TestApp;
  let admin: string;
  let customer: { id: number; phone: string; password: string; name: string };
  let customerToken: string;
  let logins = 0;
  let logouts = 0;

  const list = (body: object, token = admin, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/logs', payload: body, headers: { ...bearer(token), ...headers } });
  const show = (id: number | string, token = admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/logs/${id}`, headers: bearer(token) });
  const totalInDb = async () => (await t.db.select({ n: count() }).from(auditLogs))[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    // Real actions only: seeding, factory inserts, logins and logouts fill the log.
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    logins++;
    customer = await createUser(t.db, { name: 'عميل السجل', roles: ['user'] });
    for (let i = 0; i < 3; i++) {
      const token = await loginAs(t.app, customer.phone, customer.password);
      logins++;
      await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
      logouts++;
    }
    customerToken = await loginAs(t.app, customer.phone, customer.password);
    logins++;
    await createUser(t.db, { roles: ['visitor'], permissions: ['logs.view'] });
  });
  afterAll(() => t.close());

  describe('POST /api/v1/logs', () => {
    it('pages the whole log, newest first, 10 to a page by default', async () => {
      const total = await totalInDb();
      expect(total).toBeGreaterThan(20);
      const res = await list({});
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({ total, perPage: 10, currentPage: 1, lastPage: Math.ceil(total / 10) });
      expect(page.data).toHaveLength(10);
      const ids = page.data.map((r: Row) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const [newest] = await t.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
      expect(ids[0]).toBe(newest?.id);

      const second = (await list({ page: 2 })).json().data;
      expect(second.currentPage).toBe(2);
      expect(second.data[0].id).toBeLessThan(ids.at(-1));

      const last = (await list({ page: page.lastPage })).json().data;
      expect(last.data).toHaveLength(total - (page.lastPage - 1) * 10);
      expect((await list({ page: page.lastPage + 1 })).json().data.data).toEqual([]);
    });

    it('sorts oldest first on request, and by action', async () => {
      const asc_ = (await list({ sortOrder: 'asc', perPage: 20 })).json().data.data as Row[];
      const ids = asc_.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const [oldest] = await t.db.select({ id: auditLogs.id }).from(auditLogs).orderBy(asc(auditLogs.id)).limit(1);
      expect(ids[0]).toBe(oldest?.id);

      const byAction = (await list({ sortBy: 'action', sortOrder: 'asc', perPage: ALL_ROWS })).json().data
        .data as Row[];
      const actions = byAction.map((r) => r.action);
      expect(actions).toEqual([...actions].sort());
    });

    it('returns every row with perPage -1', async () => {
      const total = await totalInDb();
      const page = (await list({ perPage: ALL_ROWS })).json().data;
      expect(page).toMatchObject({ total, perPage: ALL_ROWS, currentPage: 1, lastPage: 1 });
      expect(page.data).toHaveLength(total);
    });

    it('filters by action', async () => {
      const page = (await list({ action: 'logout', perPage: 50 })).json().data;
      expect(page.total).toBe(logouts);
      for (const row of page.data as Row[]) expect(row).toMatchObject({ action: 'logout', url: '/api/v1/logout' });
      expect((await list({ action: 'LOGIN', perPage: 50 })).json().data.total).toBe(logins);
    });

    it('filters by url', async () => {
      const page = (await list({ url: '/api/v1/login', perPage: 50 })).json().data;
      expect(page.total).toBe(logins);
      for (const row of page.data as Row[]) expect(row.url).toBe('/api/v1/login');
      expect((await list({ url: 'no-such-url' })).json().data.total).toBe(0);
    });

    it('searches action, url and entity, taking LIKE wildcards literally', async () => {
      const page = (await list({ search: 'logout', perPage: ALL_ROWS })).json().data;
      expect(page.total).toBe(logouts);

      // "_" must mean the character: only rows that really contain one (entity user_roles, …).
      const underscore = (await list({ search: '_', perPage: ALL_ROWS })).json().data;
      const [withUnderscore] = await t.db
        .select({ n: count() })
        .from(auditLogs)
        .where(
          sql`strpos(${auditLogs.action}, '_') > 0 or strpos(coalesce(${auditLogs.url}, ''), '_') > 0 or strpos(coalesce(${auditLogs.entity}, ''), '_') > 0`,
        );
      expect(underscore.total).toBe(withUnderscore?.n);
      expect(underscore.total).toBeLessThan(await totalInDb());
      expect((await list({ search: '%' })).json().data.total).toBe(0);
    });

    it('filters by Cairo calendar days (from_date, to_date inclusive)', async () => {
      const total = await totalInDb();
      // The rows were stamped by the database's now(): their Cairo day comes from the same clock.
      const [stamped] = rowsOf<{ day: string }>(
        await t.db.execute(sql`select ((now() at time zone 'Africa/Cairo')::date)::text as day`),
      );
      const today = stamped?.day ?? '';
      const yesterday = addDays(today, -1);
      const tomorrow = addDays(today, 1);
      expect((await list({ from_date: today, to_date: today })).json().data.total).toBe(total);
      expect((await list({ from_date: yesterday })).json().data.total).toBe(total);
      expect((await list({ to_date: yesterday })).json().data.total).toBe(0);
      expect((await list({ from_date: tomorrow })).json().data.total).toBe(0);
    });

    it('draws the day line at midnight in Cairo, not in UTC (winter and summer time)', async () => {
      // Move four logout rows (made by real logouts above) to known instants.
      const rows = await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'logout'))
        .orderBy(asc(auditLogs.id));
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const moves: [number | undefined, string][] = [
        [rows[0]?.id, '2024-03-10T21:30:00Z'], // 23:30 on 10 March in Cairo (UTC+2)
        [rows[1]?.id, '2024-03-10T22:30:00Z'], // 00:30 on 11 March in Cairo, still 10 March in UTC
        [rows[2]?.id, '2024-07-01T21:30:00Z'], // 00:30 on 2 July in Cairo (summer time, UTC+3)
      ];
      for (const [id, at] of moves) {
        await t.db
          .update(auditLogs)
          .set({ createdAt: at })
          .where(eq(auditLogs.id, id ?? 0));
      }
      const ids = async (body: object) =>
        ((await list({ ...body, action: 'logout', sortOrder: 'asc' })).json().data.data as Row[]).map((r) => r.id);
      expect(await ids({ from_date: '2024-03-10', to_date: '2024-03-10' })).toEqual([rows[0]?.id]);
      expect(await ids({ from_date: '2024-03-11', to_date: '2024-03-11' })).toEqual([rows[1]?.id]);
      expect(await ids({ from_date: '2024-07-01', to_date: '2024-07-01' })).toEqual([]);
      expect(await ids({ from_date: '٢٠٢٤-٠٧-٠٢', to_date: '٢٠٢٤-٠٧-٠٢' })).toEqual([rows[2]?.id]);
      expect(await ids({ from_date: '2024-03-10', to_date: '2024-07-02' })).toEqual(moves.map(([id]) => id));
    });

    it.each([
      { name: 'perPage 7', body: { perPage: 7 }, field: 'perPage', key: 'validation.invalid_value' },
      { name: 'page 0', body: { page: 0 }, field: 'page', key: null },
      {
        name: 'an unknown sort column',
        body: { sortBy: 'password' },
        field: 'sortBy',
        key: 'validation.invalid_value',
      },
      { name: 'a bad date', body: { from_date: '2024-13-01' }, field: 'from_date', key: 'validation.invalid_date' },
      {
        name: 'a day that does not exist',
        body: { to_date: '2024-02-30' },
        field: 'to_date',
        key: 'validation.invalid_date',
      },
      { name: 'a huge search', body: { search: 's'.repeat(101) }, field: 'search', key: 'validation.too_long' },
    ])('refuses $name with 422', async ({ body, field, key }) => {
      const res = await list(body, admin, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', message: translate('en', 'errors.validation') });
      expect(res.json().errors).toEqual([{ field, title: expect.any(String) }]);
      if (key) expect(res.json().errors[0].title).toBe(translate('en', key));
    });
  });

  describe('GET /api/v1/logs/:id', () => {
    it('shows a logout with its old and new values and the acting user', async () => {
      const [row] = await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'logout'))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      const res = await show(row?.id ?? 0);
      expect(res.statusCode).toBe(200);
      const log = res.json().data;
      expect(log).toMatchObject({
        id: row?.id,
        action: 'logout',
        url: '/api/v1/logout',
        method: 'POST',
        entity: 'sessions',
        user: { id: customer.id, name: customer.name, phone: customer.phone },
        old_value: { user_id: customer.id, revoked_at: null },
        new_value: { user_id: customer.id, revoked_at: expect.any(String) },
      });
      expect(log.request_id).toBeTruthy();
      expect(res.body).not.toContain('token_hash');
    });

    it('shows a user insert without the password hash', async () => {
      const [row] = await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'users'), eq(auditLogs.entityId, String(customer.id))))
        .orderBy(asc(auditLogs.id))
        .limit(1);
      const log = (await show(row?.id ?? 0)).json().data;
      expect(log).toMatchObject({ action: 'users.insert', entity: 'users', old_value: null, user: null });
      expect(log.new_value).toMatchObject({ id: customer.id, phone: customer.phone });
      expect(log.new_value).not.toHaveProperty('password_hash');
    });

    it('names the people the values hold by id (issue 22 item 7): the owner and the staff who closed a ticket', async () => {
      const opened = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/ticket/tickets',
        headers: bearer(customerToken),
        payload: { subject: 'لم يظهر القسط', message: 'دفعت القسط ولم يظهر في الكشف' },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const ticketId = opened.json().data.id as number;
      const closed = await t.app.inject({
        method: 'POST',
        url: `/api/v1/ticket/close/${ticketId}`,
        headers: bearer(admin),
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const [row] = await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.entity, 'tickets'),
            eq(auditLogs.entityId, String(ticketId)),
            sql`${auditLogs.newValue} ->> 'closed_by' is not null`,
          ),
        )
        .limit(1);
      const res = await show(row?.id ?? 0);
      expect(res.statusCode).toBe(200);
      const log = res.json().data;
      const [staff] = rowsOf<{ id: number; name: string }>(
        await t.db.execute(sql`select id, name from users where phone = ${ADMIN.phone}`),
      );
      expect(log.new_value).toMatchObject({ user_id: customer.id, closed_by: staff?.id });
      expect(log.people).toEqual(
        [
          { id: customer.id, name: customer.name },
          { id: staff?.id, name: staff?.name },
        ].sort((x, y) => (x.id ?? 0) - (y.id ?? 0)),
      );
    });

    it('names no one for an entry whose values hold no user column', async () => {
      const [row] = await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.entity, 'roles'))
        .limit(1);
      expect((await show(row?.id ?? 0)).json().data.people).toEqual([]);
      expect(userIdsIn([{ user_id: 3, closed_by: 3, id: 9, day: 4 }, { decided_by: 5, user_id: null }, 'x'])).toEqual([
        3, 5,
      ]);
    });

    it('AUDITED_COLUMNS (packages/shared, labelled by the web) lists exactly what the trigger stores of each table', async () => {
      const triggers = rowsOf<{ table: string; statement: string }>(
        await t.db.execute(sql`select distinct event_object_table as table, action_statement as statement
          from information_schema.triggers where trigger_schema = 'public' and action_statement like '%audit_row_change(%'`),
      );
      const columns = rowsOf<{ table: string; column: string }>(
        await t.db.execute(sql`select table_name as table, column_name as column from information_schema.columns
          where table_schema = 'public' order by table_name, ordinal_position`),
      );
      const stored: Record<string, string[]> = {};
      for (const { table, statement } of triggers) {
        // The trigger's arguments are the columns it leaves out: audit_row_change('password_hash').
        const hidden = [...(statement.match(/audit_row_change\((.*)\)/)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
          (m) => m[1],
        );
        stored[table] = columns
          .filter((c) => c.table === table && !hidden.includes(c.column))
          .map((c) => c.column)
          .sort();
      }
      const listed = Object.fromEntries(
        Object.entries(AUDITED_COLUMNS).map(([table, names]) => [table, [...names].sort()]),
      );
      expect(listed).toEqual(stored);
    });

    it('answers an unknown id with 404 and a bad one with 422', async () => {
      expect((await show(999_999_999)).statusCode).toBe(404);
      expect((await show(999_999_999)).json().code).toBe('not_found');
      expect((await show('abc')).statusCode).toBe(422);
    });
  });

  describe('access', () => {
    it('refuses a customer both the list and an entry (403)', async () => {
      const listRes = await list({}, customerToken);
      expect(listRes.statusCode).toBe(403);
      expect(listRes.json()).toMatchObject({ code: 'forbidden', message: translate('ar', 'errors.forbidden') });
      expect((await show(1, customerToken)).statusCode).toBe(403);
      // Permission is checked before the body: a bad body still gets 403, not 422.
      expect((await list({ perPage: 7 }, customerToken)).statusCode).toBe(403);
    });

    it('gives logs.index the list only, and logs.view the entries', async () => {
      const lister = await createUser(t.db, { permissions: ['logs.index'] });
      const token = await loginAs(t.app, lister.phone, lister.password);
      expect((await list({}, token)).statusCode).toBe(200);
      expect((await show(1, token)).statusCode).toBe(403);

      const viewer = await createUser(t.db, { permissions: ['logs.view'] });
      const viewerToken = await loginAs(t.app, viewer.phone, viewer.password);
      expect((await show(1, viewerToken)).statusCode).toBe(200);
      expect((await list({}, viewerToken)).statusCode).toBe(403);
    });

    it('asks for a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/logs', payload: {} });
      expect(res.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/logs/1' })).statusCode).toBe(401);
    });
  });

  it('reading the log writes nothing to it (refused reads are security events, on purpose)', async () => {
    const failedUrls = await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(
        and(
          inArray(auditLogs.url, ['/api/v1/logs', '/api/v1/logs/1']),
          sql`${auditLogs.entity} is distinct from 'security'`,
        ),
      );
    expect(failedUrls[0]?.n).toBe(0);
  });
});
