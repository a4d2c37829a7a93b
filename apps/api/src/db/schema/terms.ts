import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The terms and conditions, one row per saved text and language (SPEC §2 /terms). A save adds a
 * version instead of overwriting, so a customer's acceptance (users.terms_version_id) always
 * names the exact text they accepted.
 */
export const termsVersions = pgTable(
  'terms_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lang: varchar('lang', { length: 2 }).notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('terms_versions_lang_idx').on(t.lang, t.id.desc().nullsFirst()),
    check('terms_versions_lang_check', sql`${t.lang} in ('ar', 'en')`),
    check('terms_versions_body_length', sql`char_length(${t.body}) <= 20000`),
  ],
);

export type TermsVersionRow = typeof termsVersions.$inferSelect;
