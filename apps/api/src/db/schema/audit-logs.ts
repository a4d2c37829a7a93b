import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** The columns of an audit row, in every table and view that holds them (same names, same order). */
function auditColumns() {
  return {
    action: varchar('action', { length: 100 }).notNull(),
    entity: varchar('entity', { length: 60 }),
    entityId: varchar('entity_id', { length: 40 }),
    url: text('url'),
    method: varchar('method', { length: 10 }),
    userId: integer('user_id'),
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
  } satisfies Record<string, PgColumnBuilderBase>;
}

/**
 * Written only by the audit trigger (migration 0001_audit_trigger.sql):
 * every insert, update and delete of an audited table lands here with the
 * acting user and URL that the transaction declared (db/transaction.ts).
 *
 * The live part of the log (docs/decisions/0024-audit-log-at-scale.md): this month's and last
 * month's rows. The daily retention job moves older ones, in batches, to `audit_logs_archive`;
 * lists read the archive only when their page or filter needs it (`audit_logs_all`).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    ...auditColumns(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // (id, created_at) in the key and created_at in the other btrees: a page's keys are read from
    // an index alone, and the archive (partitioned by created_at) has the same key.
    primaryKey({ name: 'audit_logs_pkey', columns: [t.id, t.createdAt] }),
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    index('audit_logs_action_idx').on(t.action, t.id, t.createdAt),
    index('audit_logs_user_idx').on(t.userId, t.id),
    // Contains searches on action, url and entity (pg_trgm): the list's free-text search ORs the
    // three, which only indexes on all three can answer without reading the whole log.
    index('audit_logs_action_trgm_idx').using('gin', t.action.op('gin_trgm_ops')),
    index('audit_logs_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
    index('audit_logs_entity_trgm_idx').using('gin', t.entity.op('gin_trgm_ops')),
  ],
);

/**
 * Audit rows older than the live months, moved here unchanged (ids, times and all) by
 * `audit_logs_archive_batch()` (migration 0017). Partitioned by Cairo month of created_at
 * (audit_logs_archive_YYYY_MM, made as rows arrive, and audit_logs_archive_default): a date
 * filter reads only its months. Only the archiving job writes here.
 */
export const auditLogsArchive = pgTable(
  'audit_logs_archive',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    ...auditColumns(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'audit_logs_archive_pkey', columns: [t.id, t.createdAt] }),
    index('audit_logs_archive_created_idx').on(t.createdAt, t.id),
    index('audit_logs_archive_action_idx').on(t.action, t.id, t.createdAt),
    index('audit_logs_archive_user_idx').on(t.userId, t.id),
    index('audit_logs_archive_action_trgm_idx').using('gin', t.action.op('gin_trgm_ops')),
    index('audit_logs_archive_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
    index('audit_logs_archive_entity_trgm_idx').using('gin', t.entity.op('gin_trgm_ops')),
  ],
);

/**
 * One row, kept by the archiving job in the transaction of each batch it moves: the largest id
 * and created_at in the archive, and how many rows it holds. A page of the live table whose last
 * row comes after these needs nothing from the archive.
 */
export const auditLogsArchiveState = pgTable(
  'audit_logs_archive_state',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    maxId: bigint('max_id', { mode: 'number' }).notNull().default(0),
    maxCreatedAt: timestamp('max_created_at', { withTimezone: true, mode: 'string' }),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('audit_logs_archive_state_singleton', sql`${t.singleton}`)],
);

/**
 * Per archived month, kept by the archiving job with each batch: the smallest and largest id it
 * holds and how many rows. An entry is found by id in its month alone, not in every month.
 */
export const auditLogsArchiveMonths = pgTable(
  'audit_logs_archive_months',
  {
    /** The first day of the Cairo month. */
    month: date('month', { mode: 'string' }).primaryKey(),
    minId: bigint('min_id', { mode: 'number' }).notNull(),
    maxId: bigint('max_id', { mode: 'number' }).notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [index('audit_logs_archive_months_ids_idx').on(t.minId, t.maxId)],
);

/** The whole log: live UNION ALL archive (a view of migration 0017). */
export const auditLogsAll = pgView('audit_logs_all', {
  id: bigint('id', { mode: 'number' }).notNull(),
  ...auditColumns(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
}).existing();
