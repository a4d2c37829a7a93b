import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The archive manager's tree (SPEC §3 "Archive item", §7 archive calls): folders and files under
 * a parent (null = the root). A short name is unique among its siblings (the check call asks
 * before a save; the index refuses a race). A file's bytes live in storage under storage_key.
 */
export const archiveItems = pgTable(
  'archive_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => archiveItems.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 6 }).notNull(),
    shortName: varchar('short_name', { length: 100 }).notNull(),
    /** The display name: a folder's title, a file's original name (sanitised). */
    name: varchar('name', { length: 255 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A folder's text per language ({ ar, en }). */
    content: jsonb('content').$type<Partial<Record<'ar' | 'en', string>>>().notNull().default({}),
    storageKey: varchar('storage_key', { length: 80 }),
    size: bigint('size', { mode: 'number' }),
    mime: varchar('mime', { length: 120 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('archive_items_sibling_name_key').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.shortName})`),
    index('archive_items_parent_idx').on(t.parentId, t.sortOrder, t.id),
    check('archive_items_kind_check', sql`${t.kind} in ('folder', 'file')`),
    check('archive_items_file_check', sql`(${t.kind} = 'file') = (${t.storageKey} is not null)`),
    check('archive_items_not_own_parent', sql`${t.parentId} is distinct from ${t.id}`),
  ],
);

export type ArchiveItemRow = typeof archiveItems.$inferSelect;

/**
 * Zip links already opened (modules/archive/archive-download.ts): a link downloads its zip once.
 * The SHA-256 of the link's token, taken by the first download with `insert … on conflict do
 * nothing`, so of two at once only one wins; kept past the token's own expiry (after which it is
 * refused anyway) until the daily purge. Infrastructure: no audit trigger.
 */
export const usedZipTokens = pgTable('used_zip_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});
