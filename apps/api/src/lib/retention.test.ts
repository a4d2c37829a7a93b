import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/users.js';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from '../db/client.js';
import { purgeExpired, RETENTION_JOB } from './retention.js';

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
    const mine = sql`user_id = ${user.id}`;
    const auditBefore = await count(
      sql`select count(*)::int as n from audit_logs where entity in ('sessions', 'account_tokens')`,
    );

    const counts = await purgeExpired(t.db, 30);
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(counts.account_tokens).toBeGreaterThanOrEqual(2);
    expect(counts.jobs).toBeGreaterThanOrEqual(2);
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
});
