import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { inTransaction, systemScope } from '../../db/transaction.js';
import { clock } from '../../lib/clock.js';
import type { JobHandler } from '../../lib/jobs.js';
import { ledgerTotals } from '../ledger/ledger.repository.js';

/**
 * The associations' daily run (issue 20 §6, issue 22 §4, docs/decisions/0029): associations whose
 * start date has come are started, those whose end date has come are closed with their ledger's
 * totals, as the system. It is claimed from the jobs table like every job (SKIP LOCKED: one
 * instance runs it) and comes back every hour; the work happens once per Cairo day, since the
 * day's row in daily_runs is written in the run's own transaction.
 */
export const ASSOCIATIONS_DAILY_JOB = 'associations.daily';
const EVERY_SECONDS = 60 * 60;

export type DailyRunResult = { day: string; ran: boolean; started: number[]; closed: number[] };

export async function runAssociationsDaily(db: Database, day: string): Promise<DailyRunResult> {
  return inTransaction(systemScope(db), async (tx) => {
    const claimed = rowsOf<{ day: string }>(
      await tx.db.execute(sql`insert into daily_runs (kind, day) values (${ASSOCIATIONS_DAILY_JOB}, ${day}::date)
        on conflict do nothing returning day`),
    );
    if (claimed.length === 0) return { day, ran: false, started: [], closed: [] };
    const started = rowsOf<{ id: number }>(
      await tx.db.execute(sql`update associations set started_at = now(), updated_at = now()
        where started_at is null and closed_at is null and from_date <= ${day}::date returning id`),
    ).map((r) => Number(r.id));
    const due = rowsOf<{ id: number }>(
      await tx.db.execute(sql`select id from associations where closed_at is null and to_date <= ${day}::date
        order by id for update`),
    ).map((r) => Number(r.id));
    for (const id of due) {
      const totals = await ledgerTotals(tx.db, id);
      await tx.db.execute(sql`update associations set closed_at = now(), closing_totals = ${JSON.stringify(totals)}::jsonb,
          updated_at = now()
        where id = ${id} and closed_at is null`);
    }
    return { day, ran: true, started, closed: due };
  });
}

export function associationsDailyJobHandler(db: Database): JobHandler {
  return {
    maxAttempts: 3,
    recurring: true,
    async run(_payload, job) {
      await runAssociationsDaily(db, clock.today());
      await scheduleAssociationsDaily(db, EVERY_SECONDS, job.id);
    },
  };
}

/** Queues the next run unless one is already waiting (`running`: the run queueing its successor). */
export async function scheduleAssociationsDaily(db: Database, delaySeconds: number, running = 0): Promise<void> {
  await db.execute(sql`insert into jobs (kind, payload, run_at)
    select ${ASSOCIATIONS_DAILY_JOB}, '{}'::jsonb, now() + make_interval(secs => ${delaySeconds})
    where not exists (select 1 from jobs where kind = ${ASSOCIATIONS_DAILY_JOB} and status = 'pending' and id <> ${running})`);
}
