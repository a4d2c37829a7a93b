import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * In-app notifications (SPEC §3, §4). Title and message are catalogue keys with
 * params, translated when read (Accept-Language), so one row reads right in both
 * languages. Created only through notifyUser(), inside the transaction of the
 * change that caused it; audited like every table that holds user data.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    titleKey: varchar('title_key', { length: 120 }).notNull(),
    messageKey: varchar('message_key', { length: 120 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** An app path (starting with a single "/") the bell opens on click. */
    link: text('link'),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // The bell: a user's newest first, and their unseen count.
    index('notifications_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('notifications_unseen_idx').on(t.userId).where(sql`${t.seenAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
