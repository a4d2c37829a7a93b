import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The job queue (DESIGN §6, docs/decisions/0011-jobs.md): a job is inserted in
 * the same transaction as the change that caused it and run by the worker of
 * any API instance once due. Claiming takes due rows with FOR UPDATE SKIP LOCKED
 * and pushes run_at ahead (a lease), so two instances never run one job at the
 * same time and a crashed instance's job runs again once its lease ends.
 * Infrastructure, not user data: no audit trigger. Payloads may hold live
 * secrets (an activation link); the worker keeps only a kind's safe summary
 * once the job is final.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** The user the job is about (a mail's recipient), for lookups and cleanup. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
    index('jobs_user_idx').on(t.userId, t.kind),
    check('jobs_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    // One daily reminders run waiting per Cairo day, whatever the number of instances scheduling it
    // (docs/decisions/0031-reminders.md): a second insert for the same day is a conflict, not a twin.
    uniqueIndex('jobs_reminders_day_key')
      .on(sql`(${t.payload} ->> 'day')`)
      .where(sql`${t.kind} = 'reminders' and ${t.status} = 'pending'`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
