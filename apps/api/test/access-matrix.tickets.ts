import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../src/db/client.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import type { AccessRow, Caller, PrepareEnv } from './access-matrix.types.js';
import { createUser } from './factories/users.js';
import { multipartBody, PNG_BYTES } from './helpers/multipart.js';

/**
 * Help-desk tickets (docs/decisions/0022-staff-tools.md): every call is open to a signed-in user and
 * the ticket decides. Staff holding tickets.index (admin, manager, editor, visitor) read anyone's
 * ticket; tickets.put (admin, manager, editor) answer and close it; a customer reaching someone
 * else's ticket reads 404, never 403, so ids reveal nothing.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function anyone(status: number, overrides: Partial<Record<LoggedIn, number>> = {}): Record<Caller, number> {
  return { admin: status, manager: status, editor: status, user: status, visitor: status, none: 401, ...overrides };
}

/** A ticket of `userId` with one message carrying a PNG, straight into the database and the storage. */
async function createTicket(app: FastifyInstance, db: PrepareEnv['db'], userId: number) {
  const file = await app.storage.put(Readable.from([PNG_BYTES]), {
    area: 'tickets',
    filename: 'screen.png',
    accept: ['png'],
    maxBytes: 512 * 1024,
  });
  return inTransaction(systemScope(db), async (tx) => {
    const [ticket] = rowsOf<{ id: number }>(
      await tx.db.execute(
        sql`insert into tickets (user_id, subject) values (${userId}, 'تذكرة المصفوفة') returning id`,
      ),
    );
    const [message] = rowsOf<{ id: number }>(
      await tx.db.execute(sql`insert into ticket_messages (ticket_id, author_id, from_staff, body, file_key, file_name, file_mime, file_size)
        values (${ticket?.id}, ${userId}, false, 'رسالة', ${file.key}, 'screen.png', ${file.mime}, ${file.size})
        returning id`),
    );
    return { ticketId: Number(ticket?.id), messageId: Number(message?.id) };
  });
}

/** Someone else's ticket (a fresh customer's). */
const othersTicket = async ({ app, db }: PrepareEnv) => createTicket(app, db, (await createUser(db)).id);
/** The caller's own ticket (no session: any ticket, the call is refused before it matters). */
const ownTicket = async ({ app, db, selfId }: PrepareEnv) => createTicket(app, db, selfId ?? (await createUser(db)).id);

const replyBody = () =>
  multipartBody([{ field: 'file', filename: 'reply.png', contentType: 'image/png', bytes: PNG_BYTES }], {
    message: 'رد المصفوفة',
  });

export const TICKET_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'POST',
    route: '/api/v1/ticket/tickets',
    request: () => ({ method: 'POST', url: '/api/v1/ticket/tickets', payload: { perPage: 5 } }),
    expected: anyone(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/ticket/tickets',
    request: () => {
      const body = multipartBody([{ field: 'file', filename: 'a.png', contentType: 'image/png', bytes: PNG_BYTES }], {
        subject: 'تذكرة جديدة',
        message: 'نص التذكرة',
      });
      return { method: 'PUT', url: '/api/v1/ticket/tickets', payload: body.payload, headers: body.headers };
    },
    expected: anyone(201),
  },
  {
    method: 'GET',
    route: '/api/v1/ticket/get/:id',
    note: "someone else's ticket",
    prepare: othersTicket,
    request: (ctx) => ({ method: 'GET', url: `/api/v1/ticket/get/${ctx.fixtures.ticketId}` }),
    expected: anyone(200, { user: 404 }),
  },
  {
    method: 'GET',
    route: '/api/v1/ticket/get/:id',
    note: 'my own ticket',
    prepare: ownTicket,
    request: (ctx) => ({ method: 'GET', url: `/api/v1/ticket/get/${ctx.fixtures.ticketId}` }),
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/ticket/add/:id',
    note: "answer someone else's ticket (tickets.put)",
    prepare: othersTicket,
    request: (ctx) => {
      const body = replyBody();
      return {
        method: 'POST',
        url: `/api/v1/ticket/add/${ctx.fixtures.ticketId}`,
        payload: body.payload,
        headers: body.headers,
      };
    },
    expected: anyone(200, { visitor: 403, user: 404 }),
  },
  {
    method: 'POST',
    route: '/api/v1/ticket/add/:id',
    note: 'reply to my own ticket',
    prepare: ownTicket,
    request: (ctx) => {
      const body = replyBody();
      return {
        method: 'POST',
        url: `/api/v1/ticket/add/${ctx.fixtures.ticketId}`,
        payload: body.payload,
        headers: body.headers,
      };
    },
    expected: anyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/ticket/close/:id',
    note: "close someone else's ticket (tickets.put)",
    prepare: othersTicket,
    request: (ctx) => ({ method: 'POST', url: `/api/v1/ticket/close/${ctx.fixtures.ticketId}` }),
    expected: anyone(200, { visitor: 403, user: 404 }),
  },
  {
    method: 'POST',
    route: '/api/v1/ticket/close/:id',
    note: 'close my own ticket',
    prepare: ownTicket,
    request: (ctx) => ({ method: 'POST', url: `/api/v1/ticket/close/${ctx.fixtures.ticketId}` }),
    expected: anyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/ticket/:id/files/:messageId',
    note: "someone else's attachment",
    prepare: othersTicket,
    request: (ctx) => ({
      method: 'GET',
      url: `/api/v1/ticket/${ctx.fixtures.ticketId}/files/${ctx.fixtures.messageId}`,
    }),
    expected: anyone(200, { user: 404 }),
  },
  {
    method: 'GET',
    route: '/api/v1/ticket/:id/files/:messageId',
    note: 'my own attachment',
    prepare: ownTicket,
    request: (ctx) => ({
      method: 'GET',
      url: `/api/v1/ticket/${ctx.fixtures.ticketId}/files/${ctx.fixtures.messageId}`,
    }),
    expected: anyone(200),
  },
];
