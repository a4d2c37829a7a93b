import { addDays, cairoDay, cairoTime } from '@portal/shared/clock';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { REMINDER_KINDS } from '../../db/schema/reminders.js';
import { clock } from '../../lib/clock.js';
import type { AppContext } from '../../lib/context.js';
import type { JobHandler } from '../../lib/jobs.js';
import { finishedKinds } from './reminders.repository.js';
import { sendDailyReminders } from './reminders.service.js';

/**
 * The daily reminders as a job of the one jobs table (docs/decisions/0011, 0028): one waiting run
 * per Cairo day, claimed by one instance (FOR UPDATE SKIP LOCKED); it queues the next day's run
 * before doing its own, so a run that fails (and retries) never stops the schedule.
 */
export const REMINDERS_JOB = 'reminders';

/**
 * The hour of Cairo's clocks the reminders go out: nine in the morning, when members read their
 * phones and before the offices that receive payments open; "due tomorrow" leaves a working day.
 */
export const REMINDERS_HOUR = 9;

/** Never sooner than this after a start-up: instances restarting together settle first (as the purge does). */
const START_DELAY_SECONDS = 300;

export function remindersJobHandler(context: () => AppContext): JobHandler {
  return {
    maxAttempts: 5,
    recurring: true,
    async run(_payload, job) {
      const ctx = context();
      await scheduleReminders(ctx.db, job.id);
      await sendDailyReminders(ctx, ctx.clock.today());
    },
  };
}

/**
 * Queues the run of the next Cairo day whose reminders are not done: today's at REMINDERS_HOUR while
 * today's are not done — at once (after START_DELAY_SECONDS) when that hour has passed, so a day the
 * instances were down at nine still gets its reminders — else tomorrow's. `running` is the run
 * queueing its successor (today's is being done). One job waits per day at most: the
 * jobs_reminders_day_key index makes a second insert for the same day a no-op, whichever instance
 * (start-up, a run, a retry) tries it. The wait is measured on the clock module and counted from
 * the database's now(), which the claim compares run_at with.
 */
export async function scheduleReminders(db: Database, running = 0): Promise<void> {
  const now = clock.now();
  const today = cairoDay(now);
  const doneToday = running !== 0 || (await finishedKinds(db, today)).size === REMINDER_KINDS.length;
  const day = doneToday ? addDays(today, 1) : today;
  const wait = Math.max(
    running === 0 ? START_DELAY_SECONDS : 60,
    Math.ceil((cairoTime(day, REMINDERS_HOUR).getTime() - now.getTime()) / 1000),
  );
  await db.execute(sql`insert into jobs (kind, payload, run_at)
    values (${REMINDERS_JOB}, ${JSON.stringify({ day })}::jsonb, now() + make_interval(secs => ${wait}))
    on conflict do nothing`);
}
