import type { TContactListRequest, TContactMessage } from '@portal/shared/schemas/contacts';
import { normalizePhone } from '@portal/shared/text';
import { type SQL, sql } from 'drizzle-orm';
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

/** Drizzle queries of guests' contact messages (docs/decisions/0022-staff-tools.md). */

type ContactRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  locale: string;
  status: number;
  reply: string | null;
  replied_by_id: number | null;
  replied_by_name: string | null;
  replied_at: string | null;
  created_at: string;
};

const COLUMNS = sql`c.id, c.name, c.email, c.phone, c.subject, c.message, c.locale, c.status, c.reply,
    c.replied_at, c.created_at, r.id as replied_by_id, r.name as replied_by_name`;
const FROM = sql`from contact_messages c
  left join users r on r.id = c.replied_by`;
const SELECT = sql`select ${COLUMNS} ${FROM}`;

function toDto(r: ContactRow): TContactMessage {
  return {
    id: Number(r.id),
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    locale: r.locale === 'en' ? 'en' : 'ar',
    status: Number(r.status),
    reply: r.reply,
    replied_by: r.replied_by_id === null ? null : { id: Number(r.replied_by_id), name: r.replied_by_name ?? '' },
    replied_at: r.replied_at ? new Date(r.replied_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

function filters(query: TContactListRequest): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.status !== undefined) parts.push(sql`c.status = ${query.status}`);
  if (query.search) {
    const phone = normalizePhone(query.search);
    parts.push(
      sql`(c.name ilike ${likeContains(query.search)} or c.email ilike ${likeContains(query.search)}
        or c.subject ilike ${likeContains(query.search)} ${phone ? sql`or c.phone like ${likeContains(phone)}` : sql``})`,
    );
  }
  parts.push(...withinCairoDays(sql`c.created_at`, query));
  return sql.join(parts, sql` and `);
}

/** POST /contacts: newest first by default, the id breaking ties. */
export async function listContacts(db: Reader, query: TContactListRequest, window: PageWindow) {
  const where = filters(query);
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const order =
    query.sortBy === 'created_at' ? sql`c.created_at ${direction}, c.id ${direction}` : sql`c.id ${direction}`;
  const count = sql`select 1 from contact_messages c where ${where}`;
  const page = await listPage(
    window,
    async (limit, offset) =>
      rowsWithTotal<ContactRow>(
        db,
        count,
        (total) =>
          sql`select ${COLUMNS}, ${total} as total ${FROM} where ${where} order by ${order} limit ${limit} offset ${offset}`,
      ),
    () => cappedCount(db, count),
  );
  return { ...page, data: page.data.map(toDto) };
}

const contactById = fixedRead<ContactRow, [number]>('contact_message', (id) => sql`${SELECT} where c.id = ${id}`);

export async function findContact(db: Reader, id: number): Promise<TContactMessage | undefined> {
  const [row] = await contactById(db, id);
  return row ? toDto(row) : undefined;
}
