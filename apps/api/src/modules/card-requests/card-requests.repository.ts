import type { Viewer } from '@portal/shared/policy';
import {
  CARD_REQUEST_MACHINE,
  type CardRequestStatus,
  type TCardRequest,
  type TCardRequestListRequest,
} from '@portal/shared/schemas/card-requests';
import type { TWorkflowEvent } from '@portal/shared/schemas/workflow';
import { normalizePhone } from '@portal/shared/text';
import { actionsFor } from '@portal/shared/workflow';
import { type SQL, sql } from 'drizzle-orm';
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
import { type HistoryRow, historySql, toWorkflowEvent } from '../../lib/workflow.js';

type CardRequestRecord = {
  id: number;
  name: string;
  national_id: string;
  status: number;
  note: string | null;
  created_at: string;
  decided_at: string | null;
  user_id: number;
  user_name: string;
  user_phone: string;
  user_image: string | null;
  decided_by_id: number | null;
  decided_by_name: string | null;
};

const COLUMNS = sql`c.id, c.name, c.national_id, c.status, c.note, c.created_at, c.decided_at,
    c.user_id, u.name as user_name, u.phone as user_phone, u.image as user_image,
    d.id as decided_by_id, d.name as decided_by_name`;
const FROM = sql`from card_requests c
  join users u on u.id = c.user_id
  left join users d on d.id = c.decided_by`;
const SELECT = sql`select ${COLUMNS} ${FROM}`;

function toDto(r: CardRequestRecord, viewer: Viewer): TCardRequest {
  const status = Number(r.status) as CardRequestStatus;
  const userId = Number(r.user_id);
  return {
    id: Number(r.id),
    name: r.name,
    national_id: r.national_id,
    status,
    note: r.note,
    user: {
      id: userId,
      name: r.user_name,
      phone: r.user_phone,
      image_url: r.user_image ? `/api/v1/users/${userId}/photo` : null,
    },
    decided_by: r.decided_by_id === null ? null : { id: Number(r.decided_by_id), name: r.decided_by_name ?? '' },
    created_at: new Date(r.created_at).toISOString(),
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    actions: actionsFor(CARD_REQUEST_MACHINE, status, viewer, { user_id: userId }),
  };
}

function filters(query: TCardRequestListRequest): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.status !== undefined) parts.push(sql`c.status = ${query.status}`);
  if (query.user_id) parts.push(sql`c.user_id = ${query.user_id}`);
  const search = query.user ?? query.search;
  if (search) {
    parts.push(
      sql`(u.name ilike ${likeContains(search)} or u.phone like ${likeContains(normalizePhone(search))}
        or c.name ilike ${likeContains(search)} or c.national_id like ${likeContains(normalizePhone(search))})`,
    );
  }
  parts.push(...withinCairoDays(sql`c.created_at`, query));
  return sql.join(parts, sql` and `);
}

/** The staff list (SPEC §2: user search and dates), newest first by default. */
export async function listCardRequests(db: Reader, query: TCardRequestListRequest, window: PageWindow, viewer: Viewer) {
  const where = filters(query);
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const count = sql`select 1 from card_requests c join users u on u.id = c.user_id where ${where}`;
  const page = await listPage(
    window,
    async (limit, offset) =>
      rowsWithTotal<CardRequestRecord>(
        db,
        count,
        (total) =>
          sql`select ${COLUMNS}, ${total} as total ${FROM} where ${where} order by c.id ${direction} limit ${limit} offset ${offset}`,
      ),
    () => cappedCount(db, count),
  );
  return { ...page, data: page.data.map((r) => toDto(r, viewer)) };
}

const cardRequestById = fixedRead<CardRequestRecord, [number]>(
  'card_request',
  (id) => sql`${SELECT} where c.id = ${id}`,
);
const ownCardRequest = fixedRead<CardRequestRecord, [number, number]>(
  'own_card_request',
  (id, ownerId) => sql`${SELECT} where c.id = ${id} and c.user_id = ${ownerId}`,
);

/** One request, optionally only if it is this member's (the /me calls). */
export async function findCardRequest(db: Reader, id: number, viewer: Viewer, ownerId?: number) {
  const [row] = await (ownerId === undefined ? cardRequestById(db, id) : ownCardRequest(db, id, ownerId));
  return row ? toDto(row, viewer) : undefined;
}

/**
 * A request with its history (oldest first) in one statement: the request and then its history
 * were two round trips per call. The history comes as a JSON array.
 */
const cardRequestDetailById = fixedRead<CardRequestRecord & { history: HistoryRow[] }, [number]>(
  'card_request_detail',
  (id) => sql`select ${COLUMNS},
      ${jsonArrayOf(historySql(CARD_REQUEST_MACHINE.name, id), sql`r.id`)} as history
    ${FROM} where c.id = ${id}`,
);

export async function findCardRequestDetail(
  db: Reader,
  id: number,
  viewer: Viewer,
): Promise<(TCardRequest & { history: TWorkflowEvent[] }) | undefined> {
  const [row] = await cardRequestDetailById(db, id);
  return row ? { ...toDto(row, viewer), history: row.history.map(toWorkflowEvent) } : undefined;
}

const ownCardRequests = fixedRead<CardRequestRecord, [number]>(
  'own_card_requests',
  (userId) => sql`${SELECT} where c.user_id = ${userId} order by c.id desc limit 100`,
);

/** A member's own requests, newest first (at most 100). */
export async function listOwnCardRequests(db: Reader, userId: number, viewer: Viewer) {
  const rows = await ownCardRequests(db, userId);
  return rows.map((r) => toDto(r, viewer));
}
