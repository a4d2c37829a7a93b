import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Written only by the audit trigger (migration 0001_audit_trigger.sql):
 * every insert, update and delete of an audited table lands here with the
 * acting user and URL that the transaction declared (db/transaction.ts).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_action_idx').on(t.action, t.id),
    index('audit_logs_user_idx').on(t.userId, t.id),
    // Contains searches on action and url (pg_trgm).
    index('audit_logs_action_trgm_idx').using('gin', t.action.op('gin_trgm_ops')),
    index('audit_logs_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
  ],
);
