import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Help-desk tickets (SPEC §7 ticket calls; fields are ours, docs/decisions/0022): a subject and a
 * conversation. Status 0 open (waiting for staff), 1 answered (waiting for the customer),
 * 2 closed.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: varchar('subject', { length: 150 }).notNull(),
    status: smallint('status').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_status_idx').on(t.status, t.id.desc().nullsFirst()),
    index('tickets_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    check('tickets_status_check', sql`${t.status} in (0, 1, 2)`),
    check('tickets_closed_check', sql`(${t.status} = 2) = (${t.closedAt} is not null)`),
  ],
);

/** One message of a ticket's conversation, with at most one attachment (SPEC §5 upload rules). */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by staff (true) or by the ticket's owner (false): who the other side is. */
    fromStaff: boolean('from_staff').notNull(),
    body: text('body').notNull(),
    fileKey: varchar('file_key', { length: 80 }),
    fileName: varchar('file_name', { length: 255 }),
    fileMime: varchar('file_mime', { length: 120 }),
    fileSize: integer('file_size'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_idx').on(t.ticketId, t.id),
    check('ticket_messages_body_length', sql`char_length(${t.body}) between 1 and 5000`),
    check(
      'ticket_messages_file_check',
      sql`(${t.fileKey} is null) = (${t.fileName} is null) and (${t.fileKey} is null) = (${t.fileSize} is null)`,
    ),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
