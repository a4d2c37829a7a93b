import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Counts the dashboard and list totals read in O(1) (DESIGN §5): kept by
 * triggers in the same transaction as the change they count (migration
 * 0006_foundation_v2.sql), so they always equal an exact count. Keys name what is
 * counted, e.g. `users.user.active`, `users.admin.inactive`, `users.removed`.
 */
export const counters = pgTable('counters', {
  key: varchar('key', { length: 100 }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
