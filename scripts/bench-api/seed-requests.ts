/**
 * Customer service requests of the benchmark's data set (DESIGN §5: 200,000 on PostgreSQL), made
 * in SQL like the rest of seed.ts: the requests, their documents' rows and their workflow history.
 *
 * Requests: created by seeded customers over the last two years, statuses spread over the
 * workflow (per thousand: draft 80, submitted 150, reviewed 120, accepted 100, paid 100, ready 80,
 * delivered 250, rejected 70, cancelled 50); ~2 % removed; service 1 (individuals, organization
 * type 1 or 7, no tax number) or 2 and 3 (companies, organization types 2–11 with a tax number
 * and a representative); a national id (90 %) or a passport; a branch and receiving date from
 * "paid" on; the fee from "accepted" on; a rejection reason on rejected ones; ~30 % moved to a
 * staff member (some of them to the administrator, so its tasks list has rows). Codes are the
 * app's: SR- and the id, six digits.
 *
 * Documents: one row per document the form stores (identity copy; for companies also the
 * commercial and tax registration copies; 30 % an additional file). Only the rows: the bytes are
 * not written, so the download route is not benchmarked.
 *
 * History: the workflow_history rows the app writes on the way to each status (create, then
 * next / next-for-pay per step, then reject or cancel), by the creator for the first two steps and
 * by staff after, hours apart from the request's creation.
 */
import { ADDRESSES, AR_FAMILY, AR_FIRST, EN_FIRST, EN_LAST, int, intArray, pick, weightedSlots } from './sql.js';

/** Per thousand, statuses 1..9 (draft … cancelled). */
const STATUS_WEIGHTS = [80, 150, 120, 100, 100, 80, 250, 70, 50];
/** Services 1, 2, 3 per thousand. */
const SERVICE_WEIGHTS = [550, 380, 70];

export type RequestLookups = {
  branches: number[];
  rejectionReasons: number[];
  countries: number[];
  organizationTypes: number[];
};

/** The lookup ids the requests refer to, read from the app's seed (never assumed). */
export const REQUEST_LOOKUPS_SQL = `select
  (select coalesce(array_agg(id order by id), '{}') from branches) as branches,
  (select coalesce(array_agg(id order by id), '{}') from rejection_reasons) as rejection_reasons,
  (select coalesce(array_agg(id order by id), '{}') from countries) as countries,
  (select coalesce(array_agg(id order by id), '{}') from organization_types) as organization_types`;

export function parseLookups(row: Record<string, unknown> | undefined): RequestLookups {
  const ids = (v: unknown) =>
    Array.isArray(v)
      ? v.map(Number)
      : String(v ?? '{}')
          .replace(/[{}]/g, '')
          .split(',')
          .filter(Boolean)
          .map(Number);
  const lookups = {
    branches: ids(row?.branches),
    rejectionReasons: ids(row?.rejection_reasons),
    countries: ids(row?.countries),
    organizationTypes: ids(row?.organization_types),
  };
  for (const [name, list] of Object.entries(lookups)) {
    if (list.length === 0) throw new Error(`no ${name} rows: did the app seed its request lookups?`);
  }
  return lookups;
}

/** index into an int array from a random r in [0, 1). */
const pickInt = (values: number[], r: string) => `${intArray(values)}[1 + floor(${r} * ${values.length})::int]`;

/**
 * The requests, with ids given (OVERRIDING SYSTEM VALUE: the code is SR- and the id, as the app
 * writes it, without a second pass); the identity sequence is moved past them afterwards.
 */
export function requestsSql(count: number, afterId: number, adminId: number, lookups: RequestLookups): string {
  const n = int(count, 'requests');
  const base = int(afterId, 'afterId');
  const companyTypes = lookups.organizationTypes.filter((id) => id !== 1 && id !== 7);
  return `
with cust as (
  select id, email, phone, row_number() over (order by id) as rn from users
  where type = 'user' and deleted_at is null
), staff as (
  select id, row_number() over (order by id) as rn from users where type = 'admin' and deleted_at is null
), total as (select (select count(*) from cust) as customers, (select count(*) from staff) as staff)
insert into customer_requests (id, code, created_by, status, service_id, service_duration_id, organization_type_id,
  identity_type_id, identity_value, identity_expiration_date, tax_registration_number, representative_type,
  name, email, mobile, address, nationality_id, renewal, user_type, branch_id, receiving_date, assigned_to,
  removed, payment_amount_piastres, payment_reference, rejection_reason_id, rejection_note, cancel_reason,
  created_at, updated_at)
overriding system value
select ${base} + s.g,
  'SR-' || lpad((${base} + s.g)::text, 6, '0'),
  c.id,
  s.status,
  s.service,
  1 + floor(s.r1 * 3)::int,
  case when s.service = 1 then (case when s.r2 < 0.85 then 1 else 7 end) else ${pickInt(companyTypes, 's.r2')} end,
  case when s.r3 < 0.9 then 1 else 2 end,
  case when s.r3 < 0.9 then (ARRAY['2', '3'])[1 + s.g % 2] || lpad(((s.g::bigint * 7919) % 10000000000000)::text, 13, '0')
       else 'A' || lpad(((s.g::bigint * 104729) % 100000000)::text, 8, '0') end,
  case when s.r3 >= 0.9 then (current_date + 200 + floor(s.r4 * 2000)::int) end,
  case when s.service <> 1 then lpad(((s.g::bigint * 31337) % 1000000000)::text, 9, '0') end,
  case when s.service <> 1 then (ARRAY['partner', 'representative', 'official_authorization'])[1 + s.g % 3] end,
  case when s.r5 < 0.7
    then ${pick(AR_FIRST, 's.r1')} || ' ' || ${pick(AR_FAMILY, 's.r4')}
    else ${pick(EN_FIRST, 's.r1')} || ' ' || ${pick(EN_LAST, 's.r4')} end,
  coalesce(c.email, 'request' || s.g || '@example.com'),
  c.phone,
  ${pick(ADDRESSES, 's.r6')},
  case when s.r3 < 0.9 then ${lookups.countries[0]} else ${pickInt(lookups.countries, 's.r6')} end,
  case when s.r7 < 0.3 then 2 else 1 end,
  case when s.service = 1 then 'individual' else 'representative' end,
  case when s.status between 5 and 7 then ${pickInt(lookups.branches, 's.r7')} end,
  case when s.status between 5 and 7 then (s.created + interval '1 day' * (10 + floor(s.r4 * 20)))::date end,
  case when s.r8 < 0.03 then ${int(adminId, 'adminId')} when s.r8 < 0.3 then st.id end,
  case when s.r9 < 0.02 then 1 else 0 end,
  case when s.status between 4 and 7 then (ARRAY[50000, 75000, 100000, 150000])[1 + s.g % 4] end,
  case when s.status between 4 and 7 then 'PAY-' || lpad(s.g::text, 8, '0') end,
  case when s.status = 8 then ${pickInt(lookups.rejectionReasons, 's.r7')} end,
  case when s.status = 8 then 'المستندات المرفقة غير واضحة، برجاء إعادة الرفع.' end,
  case when s.status = 9 then 'طلب العميل الإلغاء' end,
  s.created,
  s.created + interval '1 hour' * (1 + s.status * 20 * s.r5)
from (
  select g, ${weightedSlots(STATUS_WEIGHTS, 'status')}[1 + floor(random() * 1000)::int] as status,
         ${weightedSlots(SERVICE_WEIGHTS, 'service')}[1 + floor(random() * 1000)::int] as service,
         random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
         random() as r6, random() as r7, random() as r8, random() as r9,
         now() - interval '730 days' * (1 - g::float8 / ${n}) - interval '3 days' as created
  from generate_series(1, ${n}) as g
  offset 0 -- keeps each random() evaluated once per row
) as s
cross join total
join cust c on c.rn = 1 + (s.g::bigint * 7919) % greatest(total.customers, 1)
left join staff st on st.rn = 1 + (s.g::bigint * 31) % greatest(total.staff, 1)`;
}

/** Moves the identity past the ids given explicitly. */
export const REQUESTS_SEQUENCE_SQL = `select setval(pg_get_serial_sequence('customer_requests', 'id'),
  (select coalesce(max(id), 0) + 1 from customer_requests), false)`;

/** The documents' rows (no bytes): identity copy; companies two registration copies; 30 % an extra file. */
export function requestFilesSql(afterId: number): string {
  return `
insert into customer_request_files (request_id, content_type, title, storage_key, size, mime, created_at)
select c.id, f.content_type, f.title, 'bench/' || md5(c.id::text || f.content_type), 40000 + (c.id * 7919 + f.k * 104729) % 460000,
       f.mime, c.created_at
from customer_requests c
cross join lateral (values
  (1, 'identity_copy', 'identity.pdf', 'application/pdf', true),
  (2, 'commercial_registration_copy', 'commercial-registration.pdf', 'application/pdf', c.service_id <> 1),
  (3, 'tax_registration_copy', 'tax-card.jpg', 'image/jpeg', c.service_id <> 1),
  (4, 'additionalFile', 'receipt.png', 'image/png', c.id % 10 < 3)
) as f(k, content_type, title, mime, wanted)
where c.id > ${int(afterId, 'afterId')} and f.wanted
order by c.id, f.k`;
}

/**
 * The history on the way to each status: step k of 1..reach goes to status k (create, next, next,
 * next-for-pay, next, next, next); rejected requests went as far as submitted, reviewed or
 * accepted, cancelled ones as far as draft or submitted, then one more row (reject / cancel).
 */
export function requestHistorySql(afterId: number, adminId: number): string {
  return `
insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id, note, created_at)
select 'customer_request', c.id,
  case when k.k > p.reach then (case c.status when 8 then 'reject' else 'cancel' end)
       when k.k = 1 then 'create' when k.k = 4 then 'next-for-pay' else 'next' end,
  case when k.k = 1 then null when k.k > p.reach then p.reach else k.k - 1 end,
  case when k.k > p.reach then c.status else k.k end,
  case when k.k <= 2 then c.created_by else coalesce(c.assigned_to, ${int(adminId, 'adminId')}) end,
  case when k.k > p.reach then coalesce(c.rejection_note, c.cancel_reason) end,
  c.created_at + interval '5 hours' * (k.k - 1)
from customer_requests c
cross join lateral (select case when c.status <= 7 then c.status
                                when c.status = 8 then 2 + c.id % 3
                                else 1 + c.id % 2 end as reach) as p
cross join lateral generate_series(1, p.reach + (c.status >= 8)::int) as k(k)
where c.id > ${int(afterId, 'afterId')}
order by c.id, k.k`;
}
