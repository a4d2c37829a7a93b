import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The mail queue: a message is inserted in the same transaction as the change
 * that caused it, then the in-process worker (plugins/mail.ts) sends it with
 * retries and backoff. A row is due while pending and next_attempt_at has
 * passed; claiming it pushes next_attempt_at ahead (a lease), so several API
 * instances never send one message twice. Bodies and links hold live secrets:
 * the audit trigger hides them and they are blanked once the row is final.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    toAddress: varchar('to_address', { length: 190 }).notNull(),
    locale: varchar('locale', { length: 2 }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The link the message carries, logged when there is no SMTP server so a local user can follow it. */
    link: text('link'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_user_idx').on(t.userId),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
