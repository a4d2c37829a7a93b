import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Key/value settings an administrator can change (recovery mode, terms, …). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
