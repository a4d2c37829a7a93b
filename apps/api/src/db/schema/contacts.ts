import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Contact messages from guests (SPEC §7 POST /contacts, /contact/{id}): anyone may write one;
 * staff list them and answer by email. Status 0 new, 1 answered.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    phone: varchar('phone', { length: 12 }),
    subject: varchar('subject', { length: 150 }).notNull(),
    message: text('message').notNull(),
    locale: varchar('locale', { length: 2 }).notNull().default('ar'),
    status: smallint('status').notNull().default(0),
    reply: text('reply'),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.id.desc().nullsFirst()),
    check('contact_messages_status_check', sql`${t.status} in (0, 1)`),
    check('contact_messages_reply_check', sql`(${t.status} = 1) = (${t.reply} is not null)`),
    check('contact_messages_length', sql`char_length(${t.message}) between 1 and 5000`),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
