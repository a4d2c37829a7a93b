import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.js';
import { inTransaction, systemScope } from '../db/transaction.js';
import { clock } from './clock.js';
import type { JobHandler } from './jobs.js';

/**
 * Retention (issue 14, docs/decisions/0023-scale-out.md): what only grows and no one reads once it
 * has expired — sessions ended or revoked, used or expired account tokens, finished jobs (mail
 * included), used zip links, the days' records of the reminders — is deleted after RETENTION_DAYS.
 * The audit log is kept: the purge is one summary row of it (the trigger skips the rows the purge
 * deletes, migration 0016), and its rows older than the live months move to the archive
 * (docs/decisions/0024-audit-log-at-scale.md).
 */
export const RETENTION_JOB = 'retention';

/** Between two purges: the job runs again this long after the last one finished. */
const EVERY_SECONDS = 24 * 60 * 60;

/** The audit log's live months: this Cairo month and the one before. Older rows move to the archive. */
export const AUDIT_LIVE_MONTHS = 2;

/**
 * Audit rows moved per batch (one transaction each) and batches per run: 200,000 rows a run, 8–17 s
 * of work on a 10 M-row log (docs/decisions/0024). A backlog (the first run after upgrading a large log) drains in runs
 * BACKLOG_SECONDS apart instead of one long run; a day's new old rows take one batch or two.
 */
export const ARCHIVE_BATCH = 5_000;
const ARCHIVE_BATCHES_PER_RUN = 40;
const BACKLOG_SECONDS = 10 * 60;

/**
 * Moves the audit rows created before the live months (relative to `now`, the clock's) from
 * audit_logs to audit_logs_archive, oldest first, in batches (audit_logs_archive_batch(), migration
 * 0017): each batch commits on its own, its rows gone from the live table and in the archive's
 * monthly partition, ids and times unchanged. `more` when the run stopped with rows left to move.
 */
export async function archiveAuditLog(
  db: Database,
  now: Date,
  options: { batch?: number; batches?: number } = {},
): Promise<{ moved: number; more: boolean }> {
  const batch = options.batch ?? ARCHIVE_BATCH;
  const cutoff = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'Africa/Cairo')
    - make_interval(months => ${AUDIT_LIVE_MONTHS - 1})) at time zone 'Africa/Cairo'`;
  let moved = 0;
  for (let i = 0; i < (options.batches ?? ARCHIVE_BATCHES_PER_RUN); i++) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select audit_logs_archive_batch(${cutoff}, ${batch}) as n`),
    );
    const n = Number(row?.n ?? 0);
    moved += n;
    if (n < batch) return { moved, more: false };
  }
  return { moved, more: true };
}

export type PurgeCounts = {
  sessions: number;
  account_tokens: number;
  jobs: number;
  used_zip_tokens: number;
  reminders: number;
};

export async function purgeExpired(db: Database, days: number): Promise<PurgeCounts> {
  return inTransaction(systemScope(db, 'retention.purge'), async (tx) => {
    const cutoff = sql`now() - make_interval(days => ${days})`;
    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await tx.db.execute(query))[0]?.n ?? 0);
    const sessions = await count(sql`with gone as (delete from sessions
        where expires_at < ${cutoff} or revoked_at < ${cutoff} returning 1) select count(*)::int as n from gone`);
    const tokens = await count(sql`with gone as (delete from account_tokens
        where expires_at < ${cutoff} or used_at < ${cutoff} or revoked_at < ${cutoff} returning 1)
      select count(*)::int as n from gone`);
    const finished = await count(sql`with gone as (delete from jobs
        where status in ('done', 'failed') and finished_at < ${cutoff} returning 1) select count(*)::int as n from gone`);
    // Refused for their expiry long before: the row only had to outlive the token.
    const usedZipTokens = await count(sql`with gone as (delete from used_zip_tokens
        where expires_at < ${cutoff} returning 1) select count(*)::int as n from gone`);
    // What the daily reminders recorded of a day (docs/decisions/0028): only a run of that same day
    // reads it, so it need not outlive the retention either.
    const reminders = await count(sql`with sent as (delete from reminders_sent
        where day < ((${cutoff}) at time zone 'Africa/Cairo')::date returning 1),
      runs as (delete from reminder_runs where day < ((${cutoff}) at time zone 'Africa/Cairo')::date returning 1)
      select ((select count(*) from sent) + (select count(*) from runs))::int as n`);
    const counts = {
      sessions,
      account_tokens: tokens,
      jobs: finished,
      used_zip_tokens: usedZipTokens,
      reminders,
    };
    await tx.db.execute(sql`insert into audit_logs (action, entity, new_value)
      values ('retention.purge', 'retention', ${JSON.stringify({ ...counts, days })}::jsonb)`);
    return counts;
  });
}

/**
 * The daily purge as a job: claimed by one instance (SKIP LOCKED), it purges, moves the audit log's
 * old rows to the archive, then queues the next run: a day later, or BACKLOG_SECONDS later (moving
 * only, `{ backlog: true }`) while old rows are left. A crashed instance's run is claimed again after
 * its lease.
 */
export function retentionJobHandler(
  db: Database,
  days: number,
  archive: { batch?: number; batches?: number } = {},
): JobHandler {
  return {
    maxAttempts: 3,
    recurring: true,
    async run(payload, job) {
      if (payload.backlog !== true) await purgeExpired(db, days);
      const { more } = await archiveAuditLog(db, clock.now(), archive);
      await scheduleRetention(db, more ? BACKLOG_SECONDS : EVERY_SECONDS, job.id, more ? { backlog: true } : {});
    },
  };
}

/**
 * Queues the next purge unless one is already waiting (`running`: the job queueing its successor,
 * itself still pending until it finishes). Start-up calls it under the start-up lock.
 */
export async function scheduleRetention(
  db: Database,
  delaySeconds: number,
  running = 0,
  payload: { backlog?: true } = {},
): Promise<void> {
  await db.execute(sql`insert into jobs (kind, payload, run_at)
    select ${RETENTION_JOB}, ${JSON.stringify(payload)}::jsonb, now() + make_interval(secs => ${delaySeconds})
    where not exists (select 1 from jobs where kind = ${RETENTION_JOB} and status = 'pending' and id <> ${running})`);
}
