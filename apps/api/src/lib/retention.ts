import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.js';
import { inTransaction, systemScope } from '../db/transaction.js';
import type { JobHandler } from './jobs.js';

/**
 * Retention (issue 14, docs/decisions/0023-scale-out.md): what only grows and no one reads once it
 * has expired — sessions ended or revoked, used or expired account tokens, finished jobs (mail
 * included) — is deleted after RETENTION_DAYS. The audit log is kept: the purge is one summary row
 * of it (the trigger skips the rows the purge deletes, migration 0016).
 */
export const RETENTION_JOB = 'retention';

/** Between two purges: the job runs again this long after the last one finished. */
const EVERY_SECONDS = 24 * 60 * 60;

export type PurgeCounts = { sessions: number; account_tokens: number; jobs: number };

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
    const counts = { sessions, account_tokens: tokens, jobs: finished };
    await tx.db.execute(sql`insert into audit_logs (action, entity, new_value)
      values ('retention.purge', 'retention', ${JSON.stringify({ ...counts, days })}::jsonb)`);
    return counts;
  });
}

/**
 * The daily purge as a job: claimed by one instance (SKIP LOCKED), it purges, then queues the next
 * run, in the purge's transaction's wake. A crashed instance's run is claimed again after its lease.
 */
export function retentionJobHandler(db: Database, days: number): JobHandler {
  return {
    maxAttempts: 3,
    recurring: true,
    async run(_payload, job) {
      await purgeExpired(db, days);
      await scheduleRetention(db, EVERY_SECONDS, job.id);
    },
  };
}

/**
 * Queues the next purge unless one is already waiting (`running`: the job queueing its successor,
 * itself still pending until it finishes). Start-up calls it under the start-up lock.
 */
export async function scheduleRetention(db: Database, delaySeconds: number, running = 0): Promise<void> {
  await db.execute(sql`insert into jobs (kind, payload, run_at)
    select ${RETENTION_JOB}, '{}'::jsonb, now() + make_interval(secs => ${delaySeconds})
    where not exists (select 1 from jobs where kind = ${RETENTION_JOB} and status = 'pending' and id <> ${running})`);
}
