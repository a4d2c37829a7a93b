import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from '../db/client.js';
import type { JobRow } from '../db/schema/jobs.js';
import { clock, setClock } from './clock.js';
import { archiveAuditLog, purgeExpired, RETENTION_JOB, retentionJobHandler } from './retention.js';

describe('retention: expired sessions and tokens and finished jobs go, the audit log stays', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0', RETENTION_DAYS: '30' });
  });
  afterAll(async () => t?.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? 0);
  let hash = 0;
  const session = async (userId: number, expires: string, revoked: string | null = null) => {
    hash += 1;
    await t.db.execute(sql`insert into sessions (user_id, token_hash, expires_at, revoked_at)
      values (${userId}, ${`retention-${process.pid}-${hash}`.padEnd(64, '0')}, now() + ${expires}::interval,
        ${revoked === null ? null : sql`now() + ${revoked}::interval`})`);
  };

  it('deletes only what expired more than RETENTION_DAYS ago, in one summary audit row', async () => {
    const user = await createUser(t.db);
    await session(user.id, '-40 days'); // expired long ago
    await session(user.id, '+5 days', '-31 days'); // revoked long ago
    await session(user.id, '-2 days'); // expired recently: kept
    await session(user.id, '+5 days'); // live: kept
    for (const [when, used] of [
      ['-40 days', null],
      ['+1 day', '-35 days'],
      ['-1 day', null],
      ['+1 day', null],
    ] as const) {
      hash += 1;
      await t.db.execute(sql`insert into account_tokens (user_id, purpose, email, token_hash, expires_at, used_at)
        values (${user.id}, 'password_reset', 'x@example.com', ${`token-${process.pid}-${hash}`.padEnd(64, '0')},
          now() + ${when}::interval, ${used === null ? null : sql`now() + ${used}::interval`})`);
    }
    await t.db.execute(sql`insert into jobs (kind, status, finished_at) values
      ('mail', 'done', now() - interval '45 days'), ('mail', 'failed', now() - interval '31 days'),
      ('mail', 'done', now() - interval '3 days')`);
    await t.db.execute(
      sql`insert into jobs (kind, status, run_at) values ('mail', 'pending', now() - interval '60 days')`,
    );
    // The reminders' records of a day 40 days ago go, yesterday's stay.
    await t.db.execute(sql`insert into reminders_sent (user_id, kind, day, installments, amount_piastres, emailed)
      values (${user.id}, 'due', current_date - 40, 1, 500, true), (${user.id}, 'due', current_date - 1, 1, 500, true)`);
    await t.db.execute(sql`insert into reminder_runs (kind, day, recipients)
      values ('late', current_date - 40, 1), ('late', current_date - 1, 1)`);
    const mine = sql`user_id = ${user.id}`;
    const auditBefore = await count(
      sql`select count(*)::int as n from audit_logs where entity in ('sessions', 'account_tokens')`,
    );

    const counts = await purgeExpired(t.db, 30);
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(counts.account_tokens).toBeGreaterThanOrEqual(2);
    expect(counts.jobs).toBeGreaterThanOrEqual(2);
    expect(counts.reminders).toBe(2);
    expect(await count(sql`select count(*)::int as n from reminders_sent where ${mine}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from reminder_runs where day >= current_date - 1`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from sessions where ${mine}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from account_tokens where ${mine}`)).toBe(2);
    expect(
      await count(sql`select count(*)::int as n from jobs where kind = 'mail' and status = 'done'`),
    ).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from jobs where finished_at < now() - interval '30 days'`)).toBe(
      0,
    );
    // The pending job, however old, is work to do: kept.
    expect(await count(sql`select count(*)::int as n from jobs where status = 'pending' and kind = 'mail'`)).toBe(1);
    // No audit row per deleted session or token; one row for the purge, with what it removed.
    expect(
      await count(sql`select count(*)::int as n from audit_logs where entity in ('sessions', 'account_tokens')`),
    ).toBe(auditBefore);
    const [summary] = rowsOf<{ new_value: Record<string, number> }>(
      await t.db.execute(
        sql`select new_value from audit_logs where action = 'retention.purge' order by id desc limit 1`,
      ),
    );
    expect(summary?.new_value).toMatchObject({ ...counts, days: 30 });
    // A live session's change is still audited as before.
    const sessionRows = () => count(sql`select count(*)::int as n from audit_logs where entity = 'sessions'`);
    const beforeRevoke = await sessionRows();
    await t.db.execute(sql`update sessions set revoked_at = now() where ${mine} and revoked_at is null`);
    // The two sessions the purge kept (one expired recently, one live) are revoked: two audit rows.
    expect(await sessionRows()).toBe(beforeRevoke + 2);
  });

  it('is a daily job that exists once and queues its next run when it finishes', async () => {
    const pending = () =>
      count(sql`select count(*)::int as n from jobs where kind = ${RETENTION_JOB} and status = 'pending'`);
    expect(await pending()).toBe(1);
    // Due now (start-up queued it five minutes ahead); the run it queues is a day ahead, so one pass runs one.
    await t.db.execute(sql`update jobs set run_at = now() where kind = ${RETENTION_JOB} and status = 'pending'`);
    const result = await t.app.jobs.flush({ kinds: [RETENTION_JOB] });
    expect(result).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await pending()).toBe(1);
    const [next] = rowsOf<{ hours: number }>(
      await t.db.execute(sql`select extract(epoch from run_at - now()) / 3600 as hours from jobs
        where kind = ${RETENTION_JOB} and status = 'pending'`),
    );
    expect(Number(next?.hours)).toBeGreaterThan(23);
    expect(Number(next?.hours)).toBeLessThanOrEqual(24);
  });

  describe('the audit log archive (docs/decisions/0024-audit-log-at-scale.md)', () => {
    afterAll(() => setClock());
    const ids = async (table: 'audit_logs' | 'audit_logs_archive' | 'audit_logs_all') =>
      rowsOf<{ id: number }>(
        await t.db.execute(sql`select id::int as id from ${sql.identifier(table)} order by id`),
      ).map((r) => r.id);
    const old = (at: string, action = 'retention.test') =>
      t.db.execute(sql`insert into audit_logs (action, entity, created_at) values (${action}, 'retention', ${at})`);

    it('moves the rows created before the live months, by the clock, in batches, ids and entries unchanged', async () => {
      // 10 March 2030 in Cairo: March and February are live; the archive takes what came before
      // midnight of 1 February in Cairo (31 January, 22:00 UTC, in winter time).
      setClock('2030-03-10T08:00:00Z');
      for (let i = 0; i < 3; i++) await old('2029-12-15T10:00:00Z');
      for (let i = 0; i < 2; i++) await old('2030-01-31T21:59:59.999999Z');
      for (let i = 0; i < 2; i++) await old('2030-01-31T22:00:00Z');
      await old('2030-03-05T10:00:00Z');
      // (Rows the app writes carry the database's own time, long before this clock: they are moved too.)
      const admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
      const before = await ids('audit_logs');
      const toMove = before.length - 3;
      const oldest = before[0] ?? 0;
      const entry = async (id: number) =>
        (await t.app.inject({ method: 'GET', url: `/api/v1/logs/${id}`, headers: bearer(admin) })).json();
      const oldestEntry = await entry(oldest);

      const first = await archiveAuditLog(t.db, clock.now(), { batch: 4, batches: 2 });
      expect(first).toEqual({ moved: 8, more: true });
      let moved = first.moved;
      for (let run = await archiveAuditLog(t.db, clock.now(), { batch: 4, batches: 2 }); ; ) {
        moved += run.moved;
        if (!run.more) break;
        run = await archiveAuditLog(t.db, clock.now(), { batch: 4, batches: 2 });
      }
      expect(moved).toBe(toMove);

      // Live: the three rows from 1 February (Cairo) on. Archive: the rest, by month; no row lost or added.
      expect(await ids('audit_logs')).toHaveLength(3);
      expect(await ids('audit_logs_all')).toEqual(before);
      const months = rowsOf<{ name: string; n: number }>(
        await t.db.execute(sql`select tableoid::regclass::text as name, count(*)::int as n from audit_logs_archive
          where action = 'retention.test' group by 1 order by 1`),
      );
      expect(months).toEqual([
        { name: 'audit_logs_archive_2029_12', n: 3 },
        { name: 'audit_logs_archive_2030_01', n: 2 },
      ]);
      const [state] = rowsOf<{ max_id: string; row_count: string }>(
        await t.db.execute(sql`select max_id, row_count from audit_logs_archive_state`),
      );
      expect({ max: Number(state?.max_id), rows: Number(state?.row_count) }).toEqual({
        max: Math.max(...(await ids('audit_logs_archive'))),
        rows: toMove,
      });
      // Still read by id, as before.
      expect(await entry(oldest)).toEqual(oldestEntry);
    });

    it('drains a backlog in runs ten minutes apart, purging once a day', async () => {
      setClock('2030-03-10T08:00:00Z');
      for (let i = 0; i < 3; i++) await old('2030-01-05T10:00:00Z');
      await t.db.execute(sql`delete from jobs where kind = ${RETENTION_JOB}`);
      const handler = retentionJobHandler(t.db, 30, { batch: 1, batches: 2 });
      const purges = () =>
        t.db
          .execute(sql`select count(*)::int as n from audit_logs_all where action = 'retention.purge'`)
          .then((r) => Number(rowsOf<{ n: number }>(r)[0]?.n));
      const next = async () => {
        const [job] = rowsOf<JobRow & { minutes: number }>(
          await t.db.execute(sql`select *, extract(epoch from run_at - now()) / 60 as minutes from jobs
            where kind = ${RETENTION_JOB} and status = 'pending'`),
        );
        if (!job) throw new Error('no retention job queued');
        await t.db.execute(sql`update jobs set status = 'done' where id = ${job.id}`);
        return job;
      };

      const purgedBefore = await purges();
      await handler.run({}, { id: 0 } as JobRow);
      expect(await purges()).toBe(purgedBefore + 1);
      let job = await next();
      expect(job.payload).toEqual({ backlog: true });
      expect(Number(job.minutes)).toBeGreaterThan(9);
      expect(Number(job.minutes)).toBeLessThanOrEqual(10);

      // Backlog runs move rows only: no purge, no summary row.
      await handler.run(job.payload, job);
      expect(await purges()).toBe(purgedBefore + 1);
      job = await next();
      expect(job.payload).toEqual({ backlog: true });
      while (job.payload.backlog === true) {
        await handler.run(job.payload, job);
        job = await next();
      }
      // Drained: the next run is the daily one, a day later.
      expect(job.payload).toEqual({});
      expect(Number(job.minutes) / 60).toBeGreaterThan(23);
      expect(
        Number(
          rowsOf<{ n: number }>(
            await t.db.execute(
              sql`select count(*)::int as n from audit_logs where created_at < ${'2030-01-31T22:00:00Z'}`,
            ),
          )[0]?.n,
        ),
      ).toBe(0);
    });
  });
});
