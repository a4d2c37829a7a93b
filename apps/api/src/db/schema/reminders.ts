import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The daily reminders (docs/decisions/0031-reminders.md). Three kinds a Cairo day: `due` (a member's
 * installments due in reminder_days_before days, one digest), `late` (a member's installments that
 * became late today), `arrears` (the staff digest of today's new arrears).
 */
export const REMINDER_KINDS = ['due', 'late', 'arrears'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const kinds = sql.raw(REMINDER_KINDS.map((k) => `'${k}'`).join(', '));

/**
 * A kind of reminder finished for a Cairo day: the next run that day (a restart, a second
 * instance, a retry) skips it. One row per (kind, day): the primary key.
 */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    kind: varchar('kind', { length: 10 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Who was told (bell, and mail when they take it). */
    recipients: integer('recipients').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] }), check('reminder_runs_kind_check', sql`${t.kind} in (${kinds})`)],
);

/**
 * Each reminder sent: one per user, kind and Cairo day, by a unique index, so two runs at once (two
 * instances) or a run again after a crash never tell anyone twice. Written in the transaction that
 * writes the bell notification and queues the mail: all three exist, or none.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The installments it was about and their sum (for `arrears`: every new late one). */
    installments: integer('installments').notNull(),
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
    /** A mail was queued too (an activated address, reminder e-mails on). */
    emailed: boolean('emailed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminders_sent_once_key').on(t.userId, t.kind, t.day),
    // The retention purge deletes by day.
    index('reminders_sent_day_idx').on(t.day),
    check('reminders_sent_kind_check', sql`${t.kind} in (${kinds})`),
  ],
);
