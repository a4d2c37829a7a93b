import type { Viewer } from '@portal/shared/policy';
import {
  TICKET_MACHINE,
  type TicketStatus,
  type TTicket,
  type TTicketDetail,
  type TTicketListRequest,
  type TTicketMessage,
} from '@portal/shared/schemas/tickets';
import { normalizePhone } from '@portal/shared/text';
import { actionsFor } from '@portal/shared/workflow';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { jsonArrayOf } from '../../db/json-array.js';
import { fixedRead } from '../../db/prepared.js';
import type { Reader } from '../../db/transaction.js';
import {
  cappedCount,
  likeContains,
  listPage,
  type PageWindow,
  rowsWithTotal,
  withinCairoDays,
} from '../../lib/list.js';

/** Drizzle queries of tickets and their messages (docs/decisions/0022-staff-tools.md). */

type TicketRow = {
  id: number;
  subject: string;
  status: number;
  user_id: number;
  user_name: string;
  user_phone: string;
  user_image: string | null;
  messages_count: number;
  last_message_at: string;
  created_at: string;
  closed_at: string | null;
  closed_by_id: number | null;
  closed_by_name: string | null;
};

const COLUMNS = sql`t.id, t.subject, t.status, t.user_id, u.name as user_name, u.phone as user_phone,
    u.image as user_image, t.last_message_at, t.created_at, t.closed_at,
    c.id as closed_by_id, c.name as closed_by_name,
    (select count(*)::int from ticket_messages m where m.ticket_id = t.id) as messages_count`;
const FROM = sql`from tickets t
  join users u on u.id = t.user_id
  left join users c on c.id = t.closed_by`;

const iso = (value: string) => new Date(value).toISOString();

function toDto(r: TicketRow, viewer: Viewer): TTicket {
  const status = Number(r.status) as TicketStatus;
  const userId = Number(r.user_id);
  return {
    id: Number(r.id),
    subject: r.subject,
    status,
    user: {
      id: userId,
      name: r.user_name,
      phone: r.user_phone,
      image_url: r.user_image ? `/api/v1/users/${userId}/photo` : null,
    },
    messages_count: Number(r.messages_count),
    last_message_at: iso(r.last_message_at),
    created_at: iso(r.created_at),
    closed_at: r.closed_at ? iso(r.closed_at) : null,
    closed_by: r.closed_by_id === null ? null : { id: Number(r.closed_by_id), name: r.closed_by_name ?? '' },
    actions: actionsFor(TICKET_MACHINE, status, viewer, { user_id: userId }),
  };
}

function filters(query: TTicketListRequest, ownerId: number | null): SQL {
  const parts: SQL[] = [sql`true`];
  if (ownerId !== null) parts.push(sql`t.user_id = ${ownerId}`);
  if (query.status !== undefined) parts.push(sql`t.status = ${query.status}`);
  if (query.user_id) parts.push(sql`t.user_id = ${query.user_id}`);
  if (query.user) {
    parts.push(
      sql`(u.name ilike ${likeContains(query.user)} or u.phone like ${likeContains(normalizePhone(query.user))})`,
    );
  }
  if (query.search) {
    const phone = normalizePhone(query.search);
    parts.push(
      sql`(t.subject ilike ${likeContains(query.search)} or u.name ilike ${likeContains(query.search)}
        ${phone ? sql`or u.phone like ${likeContains(phone)}` : sql``})`,
    );
  }
  parts.push(...withinCairoDays(sql`t.created_at`, query));
  return sql.join(parts, sql` and `);
}

const SORTS = { id: sql`t.id`, created_at: sql`t.created_at`, last_message_at: sql`t.last_message_at` } as const;

/**
 * The list of POST /ticket/tickets: every ticket (ownerId null: tickets.index) or one user's, with
 * the filters; newest first by default, the id breaking ties so paging is stable.
 */
export async function listTickets(
  db: Reader,
  query: TTicketListRequest,
  window: PageWindow,
  viewer: Viewer,
  ownerId: number | null,
) {
  const where = filters(query, ownerId);
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const column = SORTS[query.sortBy];
  const order = query.sortBy === 'id' ? sql`t.id ${direction}` : sql`${column} ${direction}, t.id ${direction}`;
  const count = sql`select 1 from tickets t join users u on u.id = t.user_id where ${where}`;
  const page = await listPage(
    window,
    async (limit, offset) =>
      rowsWithTotal<TicketRow>(
        db,
        count,
        (total) =>
          sql`select ${COLUMNS}, ${total} as total ${FROM} where ${where} order by ${order} limit ${limit} offset ${offset}`,
      ),
    () => cappedCount(db, count),
  );
  return { ...page, data: page.data.map((r) => toDto(r, viewer)) };
}

type MessageRow = {
  id: number;
  body: string;
  from_staff: boolean;
  author_id: number | null;
  author_name: string | null;
  file_key: string | null;
  file_name: string | null;
  file_mime: string | null;
  file_size: number | null;
  created_at: string;
};

const messagesOf = (ticketId: number) => sql`select m.id, m.body, m.from_staff, m.author_id, a.name as author_name,
      m.file_key, m.file_name, m.file_mime, m.file_size, m.created_at
    from ticket_messages m left join users a on a.id = m.author_id
    where m.ticket_id = ${ticketId}`;

/**
 * A ticket's conversation, oldest first; an attachment is reached through the ticket's download route.
 * Inside json_agg a time is JSON's text (`…T10:00:00.123456+00:00`, not the column's
 * `… 10:00:00.123456+00`); `iso` truncates both to the same millisecond.
 */
function toMessages(ticketId: number, rows: MessageRow[]): TTicketMessage[] {
  return rows.map((m) => ({
    id: Number(m.id),
    body: m.body,
    from_staff: m.from_staff === true,
    author: m.author_id === null ? null : { id: Number(m.author_id), name: m.author_name ?? '' },
    created_at: iso(m.created_at),
    file:
      m.file_key === null
        ? null
        : {
            name: m.file_name ?? 'file',
            size: Number(m.file_size),
            mime: m.file_mime ?? 'application/octet-stream',
            url: `/ticket/${ticketId}/files/${Number(m.id)}`,
          },
  }));
}

/**
 * A ticket with its conversation (by message id) in one statement: the ticket and then its messages
 * were two round trips per call, as the service request's detail was (its commit 6f5b79c).
 */
const ticketDetailById = fixedRead<TicketRow & { messages: MessageRow[] }, [number]>(
  'ticket_detail',
  (id) => sql`select ${COLUMNS},
      ${jsonArrayOf(messagesOf(id), sql`r.id`)} as messages
    ${FROM} where t.id = ${id}`,
);

export async function findTicketDetail(db: Reader, id: number, viewer: Viewer): Promise<TTicketDetail | undefined> {
  const [row] = await ticketDetailById(db, id);
  return row ? { ...toDto(row, viewer), messages: toMessages(Number(row.id), row.messages) } : undefined;
}

/** The ticket row a reply or a close decides on, locked when asked (inside the change's transaction). */
export async function ticketState(
  db: Reader,
  id: number,
  lock: boolean,
): Promise<{ user_id: number; status: TicketStatus; subject: string } | undefined> {
  const [row] = rowsOf<{ user_id: number; status: number; subject: string }>(
    await db.execute(
      sql`select user_id, status, subject from tickets where id = ${id} ${lock ? sql`for update` : sql``}`,
    ),
  );
  return row
    ? { user_id: Number(row.user_id), status: Number(row.status) as TicketStatus, subject: row.subject }
    : undefined;
}

/** One message's attachment with the ticket's owner (for the access check). */
export async function messageAttachment(db: Reader, ticketId: number, messageId: number) {
  const [row] = rowsOf<{
    user_id: number;
    file_key: string | null;
    file_name: string | null;
    file_mime: string | null;
  }>(
    await db.execute(sql`select t.user_id, m.file_key, m.file_name, m.file_mime
      from ticket_messages m join tickets t on t.id = m.ticket_id
      where m.id = ${messageId} and m.ticket_id = ${ticketId}`),
  );
  return row;
}

export async function insertMessage(
  db: Reader,
  message: {
    ticketId: number;
    authorId: number;
    fromStaff: boolean;
    body: string;
    file: { key: string; name: string; mime: string; size: number } | null;
  },
): Promise<number> {
  const f = message.file;
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into ticket_messages (ticket_id, author_id, from_staff, body, file_key, file_name, file_mime, file_size)
      values (${message.ticketId}, ${message.authorId}, ${message.fromStaff}, ${message.body},
        ${f?.key ?? null}, ${f?.name ?? null}, ${f?.mime ?? null}, ${f?.size ?? null})
      returning id`),
  );
  if (!row) throw new Error('ticket message insert returned nothing');
  return Number(row.id);
}
