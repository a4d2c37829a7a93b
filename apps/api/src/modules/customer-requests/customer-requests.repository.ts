import type { Viewer } from '@portal/shared/policy';
import { MAIN_DOCUMENTS } from '@portal/shared/schemas/customer-requests';
import {
  BRANCHED_STATUS_ID,
  type StatisticsKey,
  type TCustomerRequest,
  type TCustomerRequestListRequest,
  type TRequestFile,
  type TRequestHistoryEntry,
} from '@portal/shared/schemas/customer-requests-api';
import { REQUEST_MACHINE, type RequestStatus } from '@portal/shared/schemas/customer-requests-machine';
import type { RequestStatusCode } from '@portal/shared/schemas/request-lookups';
import { toLatinDigits } from '@portal/shared/text';
import { actionsFor } from '@portal/shared/workflow';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { Reader } from '../../db/transaction.js';
import { exportRows, keysetBatches } from '../../lib/export.js';
import { type Count, cappedCount, likeContains, listPage, pageWindow } from '../../lib/list.js';
import { piastresToPounds } from '../../lib/money.js';

type Named = { id: number; name: string; name_local: string };

type RequestRecord = {
  id: number;
  code: string;
  name: string;
  email: string;
  mobile: string;
  address: string;
  renewal: number;
  user_type: string;
  identity_type_id: number;
  identity_value: string;
  service_id: number;
  service_name: string;
  service_name_local: string;
  service_duration_id: number;
  service_duration_name: string;
  service_duration_name_local: string;
  organization_type_id: number;
  organization_type_name: string;
  organization_type_name_local: string;
  status_type_id: number;
  status_type_name: string;
  status_type_name_local: string;
  status_type_code: RequestStatusCode;
  branch_id: number | null;
  branch_name: string | null;
  branch_name_local: string | null;
  receiving_date: string | null;
  created_by: number;
  creator_name: string;
  assigned_to: number | null;
  assignee_name: string | null;
  removed: number;
  payment_amount_piastres: string | number | null;
  payment_reference: string | null;
  rejection_reason_id: number | null;
  rejection_final: boolean | null;
  rejection_note: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * A lookup's id and names as flat columns (`service_id, service_name, service_name_local`): built
 * into objects by toDto. JSON objects cost the database a json_build_object and the API a
 * JSON.parse per lookup per row, a third of a 30,000-row export's CPU (bench:api --profile).
 */
const named = (alias: string, as: string) =>
  sql.raw(`${alias}.id as ${as}_id, ${alias}.name as ${as}_name, ${alias}.name_local as ${as}_name_local`);

const SELECT = sql`select c.id, c.code, c.name, c.email, c.mobile, c.address, c.renewal, c.user_type,
    c.identity_type_id, c.identity_value,
    ${named('sv', 'service')}, ${named('sd', 'service_duration')}, ${named('ot', 'organization_type')},
    ${named('st', 'status_type')}, st.code as status_type_code,
    ${named('b', 'branch')}, c.receiving_date::text as receiving_date,
    c.created_by, cu.name as creator_name, c.assigned_to, au.name as assignee_name, c.removed,
    c.payment_amount_piastres, c.payment_reference, c.rejection_reason_id, rr.final_decision as rejection_final,
    c.rejection_note, c.cancel_reason, c.created_at, c.updated_at
  from customer_requests c
  join services sv on sv.id = c.service_id
  join service_durations sd on sd.id = c.service_duration_id
  join organization_types ot on ot.id = c.organization_type_id
  join request_status_types st on st.id = c.status
  join users cu on cu.id = c.created_by
  left join users au on au.id = c.assigned_to
  left join branches b on b.id = c.branch_id
  left join rejection_reasons rr on rr.id = c.rejection_reason_id`;

const asNamed = (n: Named): Named => ({ id: Number(n.id), name: n.name, name_local: n.name_local });
const namedOf = (id: number, name: string, nameLocal: string): Named => ({
  id: Number(id),
  name,
  name_local: nameLocal,
});
const iso = (value: string) => new Date(value).toISOString();

function toDto(r: RequestRecord, viewer: Viewer): TCustomerRequest {
  const status = Number(r.status_type_id) as RequestStatus;
  const createdBy = Number(r.created_by);
  return {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    address: r.address,
    renewal: Number(r.renewal),
    user_type: r.user_type,
    identity_type: { id: Number(r.identity_type_id) },
    identity_value: r.identity_value,
    service: namedOf(r.service_id, r.service_name, r.service_name_local),
    service_duration: namedOf(r.service_duration_id, r.service_duration_name, r.service_duration_name_local),
    organization_type: namedOf(r.organization_type_id, r.organization_type_name, r.organization_type_name_local),
    request_status_type: {
      ...namedOf(r.status_type_id, r.status_type_name, r.status_type_name_local),
      code: r.status_type_code,
    },
    branch: r.branch_id === null ? null : namedOf(r.branch_id, r.branch_name ?? '', r.branch_name_local ?? ''),
    receivingDate: r.receiving_date,
    branched: r.branch_id !== null && r.receiving_date !== null,
    created_by: { id: createdBy, name: r.creator_name },
    assigned_to: r.assigned_to === null ? null : { id: Number(r.assigned_to), name: r.assignee_name ?? '' },
    removed: Number(r.removed),
    payment_amount: r.payment_amount_piastres === null ? null : piastresToPounds(r.payment_amount_piastres),
    payment_reference: r.payment_reference,
    rejection_reason_id: r.rejection_reason_id === null ? null : Number(r.rejection_reason_id),
    rejection_note: r.rejection_note,
    cancel_reason: r.cancel_reason,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    actions: actionsFor(REQUEST_MACHINE, status, viewer, {
      created_by: createdBy,
      rejection_final: r.rejection_final === true,
    }),
  };
}

/**
 * Which rows a caller may list. Staff who may list requests see every request under `all`;
 * anyone else asking for `all` gets their own (SPEC §6: "others only their own"), not a 403,
 * so one screen serves both. `tasks` is what was moved to the caller.
 */
export function scopeOf(query: TCustomerRequestListRequest, viewer: Viewer, seesAll: boolean): SQL {
  if (query.scope === 'tasks') return sql`c.assigned_to = ${viewer.id}`;
  if (query.scope === 'mine' || !seesAll) return sql`c.created_by = ${viewer.id}`;
  return sql`true`;
}

function filters(query: TCustomerRequestListRequest): SQL {
  const parts: SQL[] = [sql`c.removed = ${query.removed}`];
  const f = query.filters;
  if (f.request_status_type_id === BRANCHED_STATUS_ID) {
    parts.push(sql`c.branch_id is not null and c.receiving_date is not null`);
  } else if (f.request_status_type_id !== undefined) {
    parts.push(sql`c.status = ${f.request_status_type_id}`);
  }
  if (f.service_id !== undefined) parts.push(sql`c.service_id = ${f.service_id}`);
  if (f.branch_id !== undefined) parts.push(sql`c.branch_id = ${f.branch_id}`);
  if (f.organization_type_id !== undefined) parts.push(sql`c.organization_type_id = ${f.organization_type_id}`);
  if (f.service_duration_id !== undefined) parts.push(sql`c.service_duration_id = ${f.service_duration_id}`);
  if (query.keywords) {
    const like = likeContains(query.keywords);
    // Codes, mobiles and identity numbers are stored with Latin digits: "٠١٠" finds "010" there.
    const latin = likeContains(toLatinDigits(query.keywords));
    parts.push(sql`(c.code ilike ${latin} or c.name ilike ${like} or c.mobile like ${latin}
      or c.email ilike ${like} or c.identity_value ilike ${latin})`);
  }
  return sql.join(parts, sql` and `);
}

const ORDER: Record<TCustomerRequestListRequest['order_by'], SQL> = {
  id: sql`c.id`,
  code: sql`c.code`,
  created_at: sql`c.created_at`,
  updated_at: sql`c.updated_at`,
  status: sql`c.status`,
};

export async function listRequests(
  db: Reader,
  query: TCustomerRequestListRequest,
  viewer: Viewer,
  seesAll: boolean,
): Promise<{ data: TCustomerRequest[]; count: Count }> {
  const where = sql`${scopeOf(query, viewer, seesAll)} and ${filters(query)}`;
  const direction = query.order_direction === 'asc' ? sql`asc` : sql`desc`;
  const tie = query.order_by === 'id' ? sql`` : sql`, c.id ${direction}`;
  // The lists' paging (lib/list.ts): one row past the page, counted only when more follow.
  const page = await listPage(
    pageWindow(1, query.limit, query.offset),
    async (limit, offset) =>
      rowsOf<RequestRecord>(
        await db.execute(sql`${SELECT} where ${where}
          order by ${ORDER[query.order_by]} ${direction}${tie} limit ${limit} offset ${offset}`),
      ),
    () => cappedCount(db, sql`select 1 from customer_requests c where ${where}`),
  );
  return {
    data: page.data.map((r) => toDto(r, viewer)),
    count: { total: page.total, atLeast: page.atLeast === true },
  };
}

/** Every row the list's filters match, newest first, in batches (the export streams them). */
export function exportRequests(
  db: Reader,
  query: TCustomerRequestListRequest,
  viewer: Viewer,
  seesAll: boolean,
): AsyncGenerator<TCustomerRequest[]> {
  const where = sql`${scopeOf(query, viewer, seesAll)} and ${filters(query)}`;
  return keysetBatches(
    async (before, limit) =>
      (
        await exportRows<RequestRecord>(
          db,
          sql`${SELECT} where ${where} ${before === null ? sql`` : sql`and c.id < ${before}`}
            order by c.id desc limit ${limit}`,
        )
      ).map((r) => toDto(r, viewer)),
    (r) => r.id,
  );
}

export async function findRequest(db: Reader, id: number, viewer: Viewer): Promise<TCustomerRequest | undefined> {
  const [row] = rowsOf<RequestRecord>(await db.execute(sql`${SELECT} where c.id = ${id}`));
  return row ? toDto(row, viewer) : undefined;
}

type FormColumns = {
  identity_type_id: number;
  identity_value: string;
  identity_expiration_date: string | null;
  tax_registration_number: string | null;
  representative_type: string | null;
  nationality_id: number | null;
};

/** What the edit form needs beside the list's fields (SPEC §3 payload names). */
export async function requestFormFields(db: Reader, id: number) {
  const [row] = rowsOf<FormColumns>(
    await db.execute(sql`select identity_type_id, identity_value, identity_expiration_date::text as identity_expiration_date,
        tax_registration_number, representative_type, nationality_id
      from customer_requests where id = ${id}`),
  );
  if (!row) return undefined;
  const passport = Number(row.identity_type_id) === 2;
  return {
    identity_passport_value: passport ? row.identity_value : null,
    identity_expiration_date: row.identity_expiration_date,
    tax_registration_number: row.tax_registration_number,
    Representative_type: row.representative_type,
    nationality: row.nationality_id === null ? null : Number(row.nationality_id),
  };
}

/** "312 KB", "1.4 MB": a size as people read it (digits localised by the client). */
/** Where a request's document is downloaded (relative to /api/v1): the one place that address is made. */
export function requestDocumentUrl(requestId: number, fileId: number): string {
  return `/customers_requests/${requestId}/files/${fileId}`;
}

export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The request's documents, main ones first (SPEC §3 files), each with the route that serves it. */
export async function requestFiles(db: Reader, id: number) {
  const rows = rowsOf<{ id: number; content_type: string; title: string; size: number; mime: string }>(
    await db.execute(sql`select id, content_type, title, size, mime from customer_request_files
      where request_id = ${id} order by id`),
  );
  const files: TRequestFile[] = rows.map((r) => ({
    content_type: r.content_type,
    document: {
      id: Number(r.id),
      title: r.title,
      url: requestDocumentUrl(id, Number(r.id)),
      size: Number(r.size),
      size_text: sizeText(Number(r.size)),
      mime: r.mime,
    },
  }));
  const main = new Set<string>(MAIN_DOCUMENTS);
  return {
    main_files: files.filter((f) => main.has(f.content_type)),
    additional_files: files.filter((f) => !main.has(f.content_type)),
  };
}

/**
 * The history, newest first (SPEC §3: "the first entry has rejection_reason"). Only the last
 * rejection's reason is kept on the request, so it is attached to the newest reject entry.
 */
export async function requestHistory(db: Reader, id: number): Promise<TRequestHistoryEntry[]> {
  const rows = rowsOf<{
    action: string;
    from_status: number | null;
    actor_id: number | null;
    actor_name: string | null;
    status_type: Named & { code: RequestStatusCode };
    note: string | null;
    created_at: string;
    payment_amount_piastres: string | number | null;
    payment_reference: string | null;
    reason: (Named & { final_decision: boolean }) | null;
  }>(
    await db.execute(sql`select h.action, h.from_status, h.actor_id, u.name as actor_name, h.note, h.created_at,
        h.payment_amount_piastres, h.payment_reference,
        json_build_object('id', st.id, 'name', st.name, 'name_local', st.name_local, 'code', st.code) as status_type,
        case when rr.id is not null then json_build_object('id', rr.id, 'name', rr.name, 'name_local', rr.name_local,
          'final_decision', rr.final_decision) end as reason
      from workflow_history h
      join request_status_types st on st.id = h.to_status
      left join rejection_reasons rr on rr.id = h.rejection_reason_id
      left join users u on u.id = h.actor_id
      where h.machine = ${REQUEST_MACHINE.name} and h.record_id = ${id}
      order by h.id desc`),
  );
  return rows.map((r) => ({
    action: r.action,
    from_status: r.from_status === null ? null : Number(r.from_status),
    created_by: r.actor_id === null ? null : { id: Number(r.actor_id), name: r.actor_name ?? '' },
    request_status_type: { ...asNamed(r.status_type), code: r.status_type.code },
    note: r.note,
    created_at: iso(r.created_at),
    payment_amount: r.payment_amount_piastres === null ? null : piastresToPounds(r.payment_amount_piastres),
    payment_reference: r.payment_reference,
    rejection_reason: r.reason ? { ...asNamed(r.reason), final_decision: r.reason.final_decision === true } : null,
  }));
}

/** Status ids of SPEC §4; any other id (8, and whatever a later status adds) counts as rejected. */
const STATISTICS_IDS: Record<number, StatisticsKey> = {
  1: 'draft',
  2: 'submitted',
  3: 'reviewed',
  4: 'accepted',
  5: 'paid',
  6: 'ready',
  7: 'delivered',
  9: 'canceled',
};

/** Counts of the caller's requests (all for staff who may list them), not removed, by status. */
export async function requestStatistics(
  db: Reader,
  viewer: Viewer,
  seesAll: boolean,
): Promise<{ statistics: Record<StatisticsKey, number>; total: number }> {
  const scope = seesAll ? sql`true` : sql`created_by = ${viewer.id}`;
  const rows = rowsOf<{ status: number; count: number | string; branched: number | string }>(
    await db.execute(sql`select status, count(*) as count,
        count(*) filter (where branch_id is not null and receiving_date is not null) as branched
      from customer_requests where removed = 0 and ${scope} group by status`),
  );
  const statistics: Record<StatisticsKey, number> = {
    draft: 0,
    submitted: 0,
    reviewed: 0,
    accepted: 0,
    paid: 0,
    ready: 0,
    delivered: 0,
    rejected: 0,
    canceled: 0,
    branched: 0,
  };
  let total = 0;
  for (const r of rows) {
    const key = STATISTICS_IDS[Number(r.status)] ?? 'rejected';
    statistics[key] += Number(r.count);
    statistics.branched += Number(r.branched);
    total += Number(r.count);
  }
  return { statistics, total };
}
