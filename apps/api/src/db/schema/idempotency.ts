import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Answers of create calls sent with an Idempotency-Key (plugins/idempotency.ts): a retry of
 * the same call (a double submit, a network retry) gets the first answer instead of a second
 * record or a "phone already taken". Kept a day. Infrastructure: no audit trigger.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: varchar('key', { length: 100 }).notNull(),
    /** Whose key: the caller's user id, or 'ip:<address>' for a guest. */
    scope: varchar('scope', { length: 80 }).notNull(),
    route: varchar('route', { length: 200 }).notNull(),
    /**
     * SHA-256 (hex) of the request the key was first sent with (method, URL, validated body): the
     * same key with another request is refused instead of answered with the first one's record.
     * Null for keys kept from before the column (a day at most).
     */
    requestHash: varchar('request_hash', { length: 64 }),
    /** Null while the first call is still running. */
    status: smallint('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const IDEMPOTENCY_TTL = sql`interval '24 hours'`;
