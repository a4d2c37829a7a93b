/**
 * The benchmark's data set, made in SQL (DESIGN §5: INSERT … SELECT over
 * generate_series, never row by row through the ORM), and the dedicated
 * PostgreSQL database it lives in. `npm run seed:large` (seed-large.ts) and
 * `npm run bench:api` (index.ts) both build it through seedData(), in the
 * server process of server-child.ts after the app migrated and seeded itself.
 *
 * Users: ~95 % customers (type user, role user), every 20th an administrator
 * with a staff role; 70 % Arabic names (three parts), 30 % English; unique
 * phones 010/011/012/015 + 8 digits; ~8 % inactive, ~3 % soft-deleted; created
 * over the last two years. Audit rows: a weighted mix of the actions the app
 * writes (login, users.update, mail.*, roles.insert …) with matching entity,
 * URL, method, actor and a few old/new jsonb keys, created_at rising with id
 * over two years as an append-only log does. Associations, subscriptions and
 * installments: below. Service requests: seed-requests.ts. Tickets, contact
 * messages, card and turn-move requests, notifications: seed-desk.ts.
 *
 * The tables' triggers are off for the bulk inserts (inside the seeding
 * transaction, so no other session ever sees them off): no audit row per
 * seeded row, the audit rows are inserted directly; counters kept by triggers
 * are recounted afterwards with the schema's refresh_*counters() functions.
 */
import pg from 'pg';
import { type Engine, LOG_ACTION, NAME_FRAGMENT } from './common.js';
import {
  cardRequestsSql,
  contactsSql,
  memberRequestHistorySql,
  memberRowsSql,
  notificationsSql,
  ticketMessagesSql,
  ticketsSql,
  turnMovesSql,
} from './seed-desk.js';
import {
  parseLookups,
  REQUEST_LOOKUPS_SQL,
  REQUESTS_SEQUENCE_SQL,
  requestFilesSql,
  requestHistorySql,
  requestsSql,
} from './seed-requests.js';
import {
  ADDRESSES,
  AR_FAMILY,
  AR_FIRST,
  AR_MALE,
  DOMAINS,
  EN_FIRST,
  EN_LAST,
  ident,
  int,
  lit,
  pick,
  type Query,
  textArray,
  words,
} from './sql.js';

/** How the seed reaches the database: plain statements, and a transaction. */
export type SqlRunner = {
  query: Query;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
};

export type SeedSize = {
  users: number;
  auditLogs: number;
  associations: number;
  subscriptions: number;
  /** Customer service requests (with their documents' rows and history). */
  requests: number;
  tickets: number;
  contacts: number;
  cardRequests: number;
  turnMoves: number;
  notifications: number;
};

/**
 * DESIGN §5's large set on PostgreSQL: 100 associations and 8,334 subscriptions, i.e. 10,000,800
 * installments (1,200 each), 100,000 users, 1,000,000 audit rows, 200,000 service requests; the
 * other lists sized as a busy year of a provider that size. The embedded server (a laptop's)
 * gets a smaller one (a tenth or a fifth; about 200,000 installments).
 */
export const DEFAULT_SIZE: Record<Engine, SeedSize> = {
  postgres: {
    users: 100_000,
    auditLogs: 1_000_000,
    associations: 100,
    subscriptions: 8_334,
    requests: 200_000,
    tickets: 20_000,
    contacts: 20_000,
    cardRequests: 20_000,
    turnMoves: 3_000,
    notifications: 300_000,
  },
  embedded: {
    users: 20_000,
    auditLogs: 100_000,
    associations: 20,
    subscriptions: 170,
    requests: 20_000,
    tickets: 2_000,
    contacts: 2_000,
    cardRequests: 2_000,
    turnMoves: 60,
    notifications: 30_000,
  },
};

/**
 * What --users, --logs, --requests, --associations and --subscriptions change (the last two: one
 * association's installments, e.g. `--associations 2 --subscriptions 168` gives each of two
 * associations 100,800, DESIGN §5's export of one association, on the embedded server).
 */
export type SizeOverrides = Partial<
  Pick<SeedSize, 'users' | 'auditLogs' | 'requests' | 'associations' | 'subscriptions'>
>;

/** The data set of an engine: its default sizes with the command line's overrides. */
export function sizeOf(engine: Engine, overrides: SizeOverrides): SeedSize {
  const size = { ...DEFAULT_SIZE[engine] };
  for (const [key, value] of Object.entries(overrides) as [keyof SizeOverrides, number | undefined][]) {
    if (value !== undefined) size[key] = value;
  }
  return size;
}

/** The admin connection to the PostgreSQL server portal_bench is made on (BENCH_DATABASE_URL overrides). */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function describeSize(size: SeedSize): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    `${n(size.users)} users, ${n(size.auditLogs)} audit rows, ${size.associations} associations, ` +
    `${n(size.subscriptions)} subscriptions (${n(size.subscriptions * DAYS)} installments), ` +
    `${n(size.requests)} service requests, ${n(size.tickets)} tickets, ${n(size.contacts)} contact messages, ` +
    `${n(size.cardRequests)} card requests, ${n(size.turnMoves)} turn-move requests, ${n(size.notifications)} notifications`
  );
}

/** Days per association (ASSOCIATION_DURATION_DAYS): every subscription owes one installment per day. */
const DAYS = 1200;

/**
 * Associations starting every few weeks from 1,100 days ago to 300 days ahead (every 21 days for
 * 100 of them, further apart for fewer; so some are running, some finished, some ahead), their 1,200 days, subscriptions spread evenly (association a holds days
 * 1..k), each member a seeded customer, and every installment, the ones due more than a week ago
 * mostly received: one statement each, as the app does.
 */
export function associationsSql(associations: number): string {
  const n = int(associations, 'associations');
  return `insert into associations (title, type, cost_piastres, from_date, started_at, created_at)
select 'جمعية ' || ${textArray(AR_FAMILY)}[1 + (g % ${AR_FAMILY.length})] || ' ' || g,
       case when g % 5 = 0 then 'vip' else 'normal' end,
       (ARRAY[500, 1000, 2000, 5000, 10000, 20000])[1 + (g % 6)],
       current_date - 1100 + (g * ${Math.max(1, Math.round(2100 / Math.max(1, n)))}) % 1400,
       case when g % 3 = 0 then now() - interval '30 days' end,
       now() - interval '1 day' * (${n} - g)
from generate_series(1, ${n}) as g`;
}

export function associationDaysSql(afterId: number): string {
  return `insert into association_days (association_id, day_number, date)
select a.id, d, a.from_date + (d - 1) from associations a, generate_series(1, ${DAYS}) as d
where a.id > ${int(afterId, 'afterId')}`;
}

export function subscriptionsSql(subscriptions: number, associations: number, afterAssociation: number): string {
  const perAssociation = Math.ceil(int(subscriptions, 'subscriptions') / Math.max(1, associations));
  if (perAssociation > DAYS)
    throw new Error(`${subscriptions} subscriptions need more than ${DAYS} days per association`);
  // Unpaid here: a payout is a ledger row first (payoutsSql), then the subscription points to it.
  return `insert into subscriptions (association_id, day_number, user_id, amount_piastres, transfer_status, created_at)
select a.id, k, c.id, a.cost_piastres * ${DAYS}, 'unpaid', a.created_at
from (select id, cost_piastres, from_date, created_at, row_number() over (order by id) as rn
        from associations where id > ${int(afterAssociation, 'afterAssociation')}) a
cross join generate_series(1, ${perAssociation}) as k
join (select id, row_number() over (order by id) as rn from users
        where type = 'user' and deleted_at is null and active) c
  on c.rn = 1 + ((a.rn * 7919 + k) % (select count(*) from users where type = 'user' and deleted_at is null and active))
where (a.rn - 1) * ${perAssociation} + k <= ${subscriptions}`;
}

/** Which seeded installments were paid: due over a week ago, nine in ten (a function of subscription and day). */
const PAID = '((s.id * 7 + d.day_number) % 10) <> 0';

/**
 * One receipt per subscription of one association for its paid installments (docs/decisions/0029:
 * an installment is received only under a receipt), numbered R-YYYY-<subscription id>, unique
 * since one per subscription; receiptCounterSql moves the year's counter past them.
 */
export function receiptsSql(afterSubscription: number, associationId: number): string {
  return `insert into receipts (number, subscription_id, association_id, user_id, method, received_on, amount_piastres,
                      created_at)
select 'R-' || to_char(current_date, 'YYYY') || '-' || lpad(s.id::text, 6, '0'), s.id, s.association_id, s.user_id,
       'cash', current_date - 8, sum(a.cost_piastres), s.created_at
from subscriptions s
join associations a on a.id = s.association_id
join association_days d on d.association_id = s.association_id
where s.id > ${int(afterSubscription, 'afterSubscription')} and s.association_id = ${int(associationId, 'associationId')}
  and d.date < current_date - 7 and ${PAID}
group by s.id, s.association_id, s.user_id, s.created_at`;
}

/**
 * One association's installments, each subscription's 1,200 in a row (ordered by subscription and
 * day): where the app's subscribe writes them, one statement per subscription, so a subscription's
 * rows share a few pages as they do in production (unordered, its 1,200 rows would lie on 1,200
 * pages and every per-subscription read would be far slower than the app's own data). The paid
 * ones point to their subscription's receipt (receiptsSql, written first).
 */
export function installmentsSql(afterSubscription: number, associationId: number): string {
  return `insert into installments (subscription_id, association_id, user_id, day_number, due_date, amount_piastres,
                          status, received_at, reference, receipt_id)
select s.id, s.association_id, s.user_id, d.day_number, d.date, a.cost_piastres,
       case when paid then 'received' else 'pending' end,
       case when paid then r.created_at end, null, case when paid then r.id end
from subscriptions s
join associations a on a.id = s.association_id
join association_days d on d.association_id = s.association_id
left join receipts r on r.subscription_id = s.id and r.payout_id is null
cross join lateral (select d.date < current_date - 7 and ${PAID} as paid) p
where s.id > ${int(afterSubscription, 'afterSubscription')} and s.association_id = ${int(associationId, 'associationId')}
order by s.id, d.day_number`;
}

/** The lines of one association's seeded receipts: the installments each covers. */
export function receiptLinesSql(afterSubscription: number, associationId: number): string {
  return `insert into receipt_lines (receipt_id, installment_id, day_number, due_date, amount_piastres)
select i.receipt_id, i.id, i.day_number, i.due_date, i.amount_piastres from installments i
where i.association_id = ${int(associationId, 'associationId')}
  and i.subscription_id > ${int(afterSubscription, 'afterSubscription')} and i.receipt_id is not null`;
}

/** Receipt numbers the app issues from now on follow the seeded ones. */
export const RECEIPT_COUNTER_SQL = `insert into counters (key, n)
select 'receipts.' || to_char(current_date, 'YYYY'), coalesce(max(subscription_id), 0) from receipts
on conflict (key) do update set n = greatest(counters.n, excluded.n)`;

/** Four in five subscriptions whose day is over a week old were paid out: a payout row, then the subscription paid. */
export function payoutsSql(afterSubscription: number): string {
  return `insert into payouts (kind, subscription_id, association_id, user_id, gross_piastres, deducted_piastres,
                     net_piastres, reference, paid_on, created_at)
select 'payout', s.id, s.association_id, s.user_id, s.amount_piastres, 0, s.amount_piastres, 'SEED-' || s.id, d.date,
       s.created_at
from subscriptions s
join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
where s.id > ${int(afterSubscription, 'afterSubscription')} and d.date < current_date - 7 and (s.id % 5) <> 0`;
}

export function paidSubscriptionsSql(afterSubscription: number): string {
  return `update subscriptions s set transfer_status = 'paid', payout_id = p.id, transfer_date = p.paid_on
from payouts p
where p.subscription_id = s.id and p.kind = 'payout' and s.id > ${int(afterSubscription, 'afterSubscription')}`;
}

/** Password of every seeded user (the administrator keeps ADMIN_PASSWORD). */
export const SEEDED_PASSWORD = 'Bench@12345';

/**
 * The bench's database; BENCH_DATABASE_NAME names another (letters, digits, underscores), so two
 * checkouts on one server do not drop each other's data set.
 */
export const BENCH_DATABASE = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DATABASE_NAME ?? '')
  ? (process.env.BENCH_DATABASE_NAME as string)
  : 'portal_bench';

/** Staff roles given to seeded administrators (the seeded `admin` role stays with the real administrator). */
const STAFF_ROLES = ['manager', 'editor', 'user', 'visitor'];

type Action = {
  action: string;
  entity: string;
  method: string | null;
  url: string | null;
  actor: string;
  op: string;
  weight: number;
};

/**
 * The audit actions the app writes, weighted per thousand rows. actor: self (the user the row is
 * about), admin (a staff member) or system (no user, no IP); op: i(nsert), u(pdate), d(elete);
 * "-": null. {id} in a URL is the user the row is about.
 */
const ACTIONS: Action[] = `
  login                   | sessions         | POST   | /api/v1/login               | self   | i | 260
  logout                  | sessions         | POST   | /api/v1/logout              | self   | u |  90
  users.update            | users            | PUT    | /api/v1/users/{id}          | admin  | u | 180
  users.insert            | users            | PUT    | /api/v1/users               | admin  | i |  50
  users.delete            | users            | DELETE | /api/v1/users/{id}          | admin  | u |  10
  register                | users            | POST   | /api/v1/register            | self   | i |  60
  email.activate          | users            | GET    | /api/v1/activation/{token}  | self   | u |  50
  user_roles.insert       | user_roles       | POST   | /api/v1/roles/sync          | admin  | i |  30
  user_roles.delete       | user_roles       | POST   | /api/v1/roles/sync          | admin  | d |  10
  roles.insert            | roles            | PUT    | /api/v1/roles               | admin  | i |   3
  roles.update            | roles            | PUT    | /api/v1/roles/{id}          | admin  | u |   7
  role_permissions.insert | role_permissions | PUT    | /api/v1/roles/{id}          | admin  | i |  20
  password.forgot         | account_tokens   | POST   | /api/v1/forgot-password     | self   | i |  25
  password.reset          | users            | POST   | /api/v1/resetPassword       | self   | u |  15
  setting.change          | settings         | POST   | /api/v1/setting/change/{id} | admin  | u |   2
  mail.claim              | mail_outbox      | -      | -                           | system | u | 100
  mail.sent               | mail_outbox      | -      | -                           | system | u |  88`
  .trim()
  .split('\n')
  .map((line) => {
    const [action = '', entity = '', method = '', url = '', actor = '', op = '', weight = ''] = words(line);
    const orNull = (v: string) => (v === '-' ? null : v);
    return { action, entity, method: orNull(method), url: orNull(url), actor, op, weight: Number(weight) };
  });

export function usersSql(users: number, passwordHash: string): string {
  const n = int(users, 'users');
  return `
insert into users (name, email, phone, password_hash, birth_date, address, type, phone_verified,
                   email_verified_at, active, locale, deleted_at, created_at, updated_at)
select
  case when s.arabic
    then ${pick(AR_FIRST, 's.r1')} || ' ' || ${pick(AR_MALE, 's.r2')} || ' ' || ${pick(AR_FAMILY, 's.r3')}
    else ${pick(EN_FIRST, 's.r1')} || ' ' || ${pick(EN_LAST, 's.r3')}
  end,
  'user' || s.g || '@' || ${textArray(DOMAINS)}[1 + s.g % ${DOMAINS.length}],
  (ARRAY['010', '011', '012', '015'])[1 + s.g % 4] || lpad(s.g::text, 8, '0'),
  ${lit(passwordHash)},
  date '1950-01-01' + floor(s.r4 * 20000)::int,
  case when s.r5 < 0.6 then ${pick(ADDRESSES, '(s.r5 / 0.6)')} end,
  case when s.g % 20 = 0 then 'admin' else 'user' end,
  s.r6 < 0.9,
  case when s.r6 < 0.85 then s.created + interval '20 minutes' end,
  s.r7 >= 0.08,
  case when s.arabic then 'ar' else 'en' end,
  case when s.r8 < 0.03 then s.created + (now() - s.created) * s.r9 end,
  s.created,
  s.created + (now() - s.created) * s.r9 * 0.5
from (
  select g, g % 10 < 7 as arabic,
         random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
         random() as r6, random() as r7, random() as r8, random() as r9,
         now() - interval '730 days' * (1 - g::float8 / ${n}) as created
  from generate_series(1, ${n}) as g
  offset 0 -- keeps each random() evaluated once per row
) as s`;
}

/** Staff roles for the seeded administrators, role `user` for the customers (as registration grants). */
export function userRolesSql(afterId: number): string {
  return `
insert into user_roles (user_id, role_id)
select u.id, r.id
from users as u
join roles as r on r.name = case when u.type = 'admin' then ${textArray(STAFF_ROLES)}[1 + u.id % ${STAFF_ROLES.length}] else 'user' end
where u.id > ${int(afterId, 'afterId')}
on conflict do nothing`;
}

export function auditLogsSql(rows: number, users: number, afterId: number, adminId: number): string {
  const n = int(rows, 'auditLogs');
  const u = Math.max(1, int(users, 'users'));
  const base = int(afterId, 'afterId');
  const slots: number[] = [];
  ACTIONS.forEach((a, i) => {
    for (let w = 0; w < a.weight; w++) slots.push(i + 1);
  });
  if (slots.length !== 1000) throw new Error(`action weights add up to ${slots.length}, not 1000`);
  if (!ACTIONS.some((a) => a.action === LOG_ACTION)) throw new Error(`the logs filter target wants ${LOG_ACTION} rows`);
  const col = (key: 'action' | 'entity' | 'method' | 'url' | 'actor' | 'op') =>
    `${textArray(ACTIONS.map((a) => a[key]))}[s.k]`;
  const oneOf = pick(AR_FIRST, 's.r3');
  return `
insert into audit_logs (action, entity, entity_id, url, method, user_id, ip, request_id, old_value, new_value, created_at)
select
  ${col('action')},
  ${col('entity')},
  case when ${col('entity')} = 'users' then s.subject::text else (1 + s.g % 50000)::text end,
  replace(replace(${col('url')}, '{id}', s.subject::text), '{token}', md5(s.g::text)),
  ${col('method')},
  case ${col('actor')} when 'self' then s.subject when 'admin' then s.admin end,
  case when ${col('actor')} <> 'system'
    then (ARRAY['41', '156', '197', '102'])[1 + s.g % 4] || '.' || floor(s.r1 * 256)::int || '.'
         || floor(s.r2 * 256)::int || '.' || (s.g % 254 + 1) end,
  case when ${col('actor')} <> 'system' then gen_random_uuid()::text end,
  case when ${col('op')} <> 'i'
    then jsonb_build_object('id', s.subject, 'name', ${oneOf}, 'active', true,
                            'updated_at', s.created - interval '9 days') end,
  case when ${col('op')} <> 'd'
    then jsonb_build_object('id', s.subject, 'name', ${oneOf}, 'active', s.r2 >= 0.1, 'updated_at', s.created) end,
  s.created
from (
  select g,
         (ARRAY[${slots.join(',')}]::int[])[1 + floor(random() * 1000)::int] as k,
         ${base} + 1 + floor(random() * ${u})::int as subject,
         case when random() < 0.3 then ${int(adminId, 'adminId')}
              else ${base} + 20 * (1 + floor(random() * ${Math.max(1, Math.floor(u / 20))})::int) end as admin,
         random() as r1, random() as r2, random() as r3,
         now() - interval '730 days' * (1 - g::float8 / ${n}) as created
  from generate_series(1, ${n}) as g
  offset 0 -- keeps each random() evaluated once per row
) as s`;
}

/** The triggers a bulk load bypasses on these tables (not the internal ones that check foreign keys). */
async function userTriggers(query: Query, tables: string[]): Promise<{ name: string; audit: boolean }[]> {
  const rows = await query(`
select c.relname || '.' || t.tgname as name, p.proname = 'audit_row_change' as audit
from pg_trigger as t
join pg_class as c on c.oid = t.tgrelid
join pg_proc as p on p.oid = t.tgfoid
where not t.tgisinternal and t.tgenabled <> 'D' and c.relname in (${tables.map(lit).join(', ')})
order by 1`);
  return rows.map((r) => ({ name: String(r.name), audit: r.audit === true }));
}

/**
 * Runs a bulk insert with the tables' own triggers off, inside one transaction (no other session
 * ever sees them off). Row triggers would write an audit row per seeded row, and a counter kept by
 * a row trigger is updated once per row in one transaction, which grows quadratically (each update
 * walks the row's chain of versions: 10,000 users 1.5 s, 30,000 users 11 s on PostgreSQL).
 * Counters are recounted afterwards by refreshCounters().
 *
 * The tables' secondary indexes (neither the primary key nor a unique one: those the inserts and
 * their joins rely on) are dropped in the same transaction and built again from their own
 * definitions (pg_get_indexdef) after the insert: building a B-tree or GIN index over the rows is
 * much cheaper than growing it one row at a time in random order (installments' five, audit
 * rows' two trigram indexes). Returns the triggers bypassed and the indexes rebuilt.
 */
async function withoutTriggers(
  db: SqlRunner,
  tables: string[],
  work: (query: Query) => Promise<unknown>,
): Promise<{ name: string; audit: boolean }[]> {
  return db.transaction(async (query) => {
    const triggers = await userTriggers(query, tables);
    const indexes = await query(`
select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
from pg_index as i
join pg_class as c on c.oid = i.indrelid
where c.relname in (${tables.map(lit).join(', ')}) and c.relnamespace = current_schema()::regnamespace
  and not i.indisprimary and not i.indisunique
order by 1`);
    // Index builds sort in memory up to this, then on disk (the session's default is 64 MB).
    await query("set local maintenance_work_mem = '256MB'");
    for (const table of tables) await query(`alter table ${ident(table)} disable trigger user`);
    for (const index of indexes) await query(`drop index ${String(index.name)}`);
    await work(query);
    for (const index of indexes) await query(String(index.definition));
    for (const table of tables) await query(`alter table ${ident(table)} enable trigger user`);
    return triggers;
  });
}

/**
 * Calls every refresh_*counters() function of the schema (migration 0006 defines
 * refresh_user_counters(): "recounts from the rows after a bulk load that bypassed triggers").
 */
async function refreshCounters(db: SqlRunner): Promise<string[]> {
  const rows = await db.query(`
select p.proname as name
from pg_proc as p
join pg_namespace as n on n.oid = p.pronamespace
where n.nspname = current_schema() and p.proname like 'refresh\\_%counters' and p.pronargs = 0
order by 1`);
  const names = rows.map((r) => String(r.name));
  for (const name of names) await db.query(`select ${ident(name)}()`);
  return names;
}

export type SeedFacts = {
  /** server_version of the engine. */
  version: string;
  users: number;
  /** Rows in the administrator's users list (removed users included). */
  userRows: number;
  auditRows: number;
  adminId: number;
  /** Exact live customers by state (what GET /dashbored/count must agree with). */
  customers: { active: number; inactive: number };
  /** Users whose name contains NAME_FRAGMENT, and audit rows of LOG_ACTION (for the report). */
  nameHits: number;
  actionHits: number;
  installments: number;
  /** A running association, one of its subscriptions, and exact installment counts by state today. */
  associationId: number;
  subscriptionId: number;
  /** `on`: the Cairo day they were counted on (late and future depend on it). */
  payments: { received: number; late: number; future: number; on: string };
  /** Service requests: all, not removed (the statistics' total), not removed and submitted (status 2). */
  requests: { total: number; live: number; submitted: number };
  /** Rows per table of the lists beside users, audit and installments (the report prints them). */
  rows: Record<string, number>;
  /** Records the get-by-id targets read; staff: a staff member (type admin) requests are moved to. */
  ids: {
    log: number;
    payment: number;
    request: number;
    cardRequest: number;
    ticket: number;
    role: number;
    staff: number;
  };
  /** The customer the /me targets log in as (seed-desk.ts gives them rows of every kind), or null. */
  member: { id: number; phone: string; subscriptionId: number } | null;
  /** Rows each export target's file must hold. */
  exports: { associations: number; subscriptions: number; subscriptionPayments: number; associationPayments: number };
  /** The cash report's collected to date, summed from the receipts not reversed (piastres): what GET /reports/cash must say. */
  cash: { collected: number };
};

export type SeedStep = { name: string; seconds: number };

export type SeedTimings = {
  /** users, audit rows, associations+installments, service requests, other lists, vacuum+analyze. */
  steps: SeedStep[];
  /** Triggers that did not fire for the bulk rows, and the counter refresh functions run after. */
  bypassedTriggers: string[];
  refreshedCounters: string[];
  warnings: string[];
};

/** Tables the seed fills beside users and audit_logs, by the step that fills them. */
const REQUEST_TABLES = ['customer_requests', 'customer_request_files', 'workflow_history'];
const DESK_TABLES = [
  'tickets',
  'ticket_messages',
  'contact_messages',
  'card_requests',
  'turn_move_requests',
  'workflow_history',
  'notifications',
];
/** What the member's service requests are recognised by (seed-desk.ts memberRowsSql). */
const MEMBER_CODE = 'SR-M01-%';

/**
 * Bulk-inserts the data set into a migrated, app-seeded database, step by step (each step told to
 * onStep as it ends, with its seconds).
 */
export async function seedData(
  db: SqlRunner,
  size: SeedSize,
  passwordHash: string,
  adminPhone: string,
  onStep: (step: SeedStep) => void = () => undefined,
): Promise<SeedTimings> {
  const warnings: string[] = [];
  const steps: SeedStep[] = [];
  let t = performance.now();
  const done = (name: string) => {
    const step = { name, seconds: (performance.now() - t) / 1000 };
    steps.push(step);
    onStep(step);
    t = performance.now();
  };
  const [admin] = await db.query(`select id from users where phone = ${lit(adminPhone)} and deleted_at is null`);
  if (!admin) throw new Error(`the administrator ${adminPhone} is missing: did the app seed itself?`);
  const adminId = Number(admin.id);
  const [max] = await db.query('select coalesce(max(id), 0) as id from users');
  const afterId = Number(max?.id ?? 0);

  t = performance.now();
  const userSide = await withoutTriggers(db, ['users', 'user_roles'], async (query) => {
    await query(usersSql(size.users, passwordHash));
    await query(userRolesSql(afterId));
  });
  done('users');

  const auditSide = await withoutTriggers(db, ['audit_logs'], (query) =>
    query(auditLogsSql(size.auditLogs, size.users, afterId, adminId)),
  );
  const refreshedCounters = await refreshCounters(db);
  const archived = await archiveAuditRows(db, warnings);
  done(archived === null ? 'audit rows' : `audit rows (${archived.toLocaleString('en-US')} archived)`);

  const bypassed = [...userSide, ...auditSide];
  const unaccounted = bypassed.filter((tr) => !tr.audit);
  if (unaccounted.length > 0 && refreshedCounters.length === 0) {
    warnings.push(
      `triggers ${unaccounted.map((tr) => tr.name).join(', ')} did not fire for the seeded rows ` +
        'and no refresh_*counters() function exists to recount',
    );
  }

  const [maxes] = await db.query(
    'select coalesce((select max(id) from associations), 0) as a, coalesce((select max(id) from subscriptions), 0) as s',
  );
  const moneyTables = ['associations', 'subscriptions', 'installments', 'receipts', 'receipt_lines', 'payouts'];
  const moneySide = await withoutTriggers(db, moneyTables, async (query) => {
    const afterSubscription = Number(maxes?.s ?? 0);
    await query(associationsSql(size.associations));
    await query(associationDaysSql(Number(maxes?.a ?? 0)));
    await query(subscriptionsSql(size.subscriptions, size.associations, Number(maxes?.a ?? 0)));
    await query(payoutsSql(afterSubscription));
    await query(paidSubscriptionsSql(afterSubscription));
    const created = await query(`select id from associations where id > ${Number(maxes?.a ?? 0)} order by id`);
    for (const association of created) {
      await query(receiptsSql(afterSubscription, Number(association.id)));
      await query(installmentsSql(afterSubscription, Number(association.id)));
      await query(receiptLinesSql(afterSubscription, Number(association.id)));
    }
    await query(RECEIPT_COUNTER_SQL);
  });
  await refreshCounters(db);
  bypassed.push(...moneySide);
  done('associations, subscriptions, installments');

  const lookups = parseLookups((await db.query(REQUEST_LOOKUPS_SQL))[0]);
  const [lastRequest] = await db.query('select coalesce(max(id), 0) as id from customer_requests');
  const afterRequest = Number(lastRequest?.id ?? 0);
  bypassed.push(
    ...(await withoutTriggers(db, REQUEST_TABLES, async (query) => {
      await query(requestsSql(size.requests, afterRequest, adminId, lookups));
      await query(REQUESTS_SEQUENCE_SQL);
      await query(requestFilesSql(afterRequest));
      await query(requestHistorySql(afterRequest, adminId));
    })),
  );
  done('service requests, documents, history');

  const [member] = await db.query(`
select s.user_id as id from subscriptions s join users u on u.id = s.user_id
where u.type = 'user' and u.active and u.deleted_at is null
group by s.user_id order by count(*) desc, s.user_id limit 1`);
  const [lasts] = await db.query(
    'select coalesce((select max(id) from tickets), 0) as t, coalesce((select max(id) from card_requests), 0) as c, ' +
      'coalesce((select max(id) from turn_move_requests), 0) as m',
  );
  bypassed.push(
    ...(await withoutTriggers(db, DESK_TABLES, async (query) => {
      await query(ticketsSql(size.tickets));
      await query(ticketMessagesSql(Number(lasts?.t ?? 0), adminId));
      await query(contactsSql(size.contacts, adminId));
      await query(cardRequestsSql(size.cardRequests, adminId));
      await query(turnMovesSql(size.turnMoves, adminId));
      await query(notificationsSql(size.notifications, adminId));
      if (member) for (const statement of memberRowsSql(Number(member.id))) await query(statement);
      await query(memberRequestHistorySql(Number(lasts?.c ?? 0), Number(lasts?.m ?? 0)));
    })),
  );
  if (!member) warnings.push('no customer holds a subscription: the /me targets have no member to log in as');
  // The service requests' counters (migration 0031) follow rows loaded without their triggers.
  await refreshCounters(db);
  done('tickets, contacts, card and turn-move requests, notifications');

  await vacuumAnalyze(db, warnings);
  done('vacuum+analyze');
  return {
    steps,
    bypassedTriggers: [...new Set(bypassed.map((tr) => tr.name))],
    refreshedCounters,
    warnings,
  };
}

/**
 * The audit log as a running instance holds it: where the schema splits it into a live table and
 * an archive (audit_logs_archive_batch(), docs/decisions/0024), the rows older than the live months
 * are moved as the retention job moves them (same function, same cutoff: this Cairo month and the
 * one before), so the job finds nothing to do during a measurement. Null when there is no archive.
 */
async function archiveAuditRows(db: SqlRunner, warnings: string[]): Promise<number | null> {
  const [found] = await db.query(`select count(*)::int as n from pg_proc
    where proname = 'audit_logs_archive_batch' and pronargs = 2 and pronamespace = current_schema()::regnamespace`);
  if (Number(found?.n ?? 0) === 0) return null;
  const cutoff = `(date_trunc('month', now() at time zone 'Africa/Cairo') - interval '1 month') at time zone 'Africa/Cairo'`;
  const batch = 200_000;
  let moved = 0;
  try {
    for (;;) {
      const [row] = await db.query(`select audit_logs_archive_batch(${cutoff}, ${batch}) as n`);
      const n = Number(row?.n ?? 0);
      moved += n;
      if (n < batch) break;
    }
  } catch (error) {
    warnings.push(`moving old audit rows to the archive failed: ${(error as Error).message}`);
  }
  return moved;
}

/** Every table the seed writes (VACUUM ANALYZE), and the ones whose row counts the report prints. */
const COUNTED_TABLES = [...new Set([...REQUEST_TABLES, ...DESK_TABLES])];
const SEEDED_TABLES = [
  'users',
  'user_roles',
  'audit_logs',
  'associations',
  'association_days',
  'subscriptions',
  'installments',
  'installment_day_counts',
  'receipts',
  'payouts',
  'ledger_association_totals',
  'ledger_subscription_totals',
  'ledger_day_totals',
  'ledger_month_totals',
  ...COUNTED_TABLES,
];

/**
 * VACUUM (ANALYZE) rather than ANALYZE alone: fresh statistics, and the visibility map and hint bits
 * set, as autovacuum would have them on a live table; otherwise the first target pays for the hint
 * bits and autovacuum wakes up in the middle of a measurement.
 */
export async function vacuumAnalyze(db: SqlRunner, warnings: string[]): Promise<void> {
  try {
    const [archive] = await db.query("select to_regclass('audit_logs_archive') is not null as present");
    const tables = archive?.present === true ? [...SEEDED_TABLES, 'audit_logs_archive'] : SEEDED_TABLES;
    await db.query(`vacuum (analyze) ${tables.join(', ')}`);
  } catch (error) {
    warnings.push(`VACUUM failed (${(error as Error).message}); ran ANALYZE only`);
    await db.query('analyze');
  }
}

export async function seedFacts(db: SqlRunner, adminPhone: string): Promise<SeedFacts> {
  const today = "(now() at time zone 'Africa/Cairo')::date";
  // The whole audit log: the live table, and its archive where the schema has one.
  const [archive] = await db.query("select to_regclass('audit_logs_archive') is not null as present");
  const audit =
    archive?.present === true
      ? '(select action from audit_logs union all select action from audit_logs_archive)'
      : 'audit_logs';
  const [row] = await db.query(`
select
  current_setting('server_version') as version,
  (select count(*) from users)::int as users,
  (select id from users where phone = ${lit(adminPhone)} and deleted_at is null) as admin_id,
  (select count(*) from ${audit} as a)::int as audit_rows,
  (select count(*) from users where type = 'user' and deleted_at is null and active)::int as active,
  (select count(*) from users where type = 'user' and deleted_at is null and not active)::int as inactive,
  (select count(*) from users where name ilike ${lit(`%${NAME_FRAGMENT}%`)})::int as name_hits,
  (select count(*) from ${audit} as a where action ilike ${lit(`%${LOG_ACTION}%`)})::int as action_hits,
  (select count(*) from installments)::int as installments,
  (select min(id) from associations where subscriptions_count > 0) as association_id,
  (select min(id) from subscriptions) as subscription_id,
  (select count(*) from installments where status = 'received')::int as received,
  (select count(*) from installments where status = 'pending' and due_date < ${today})::int as late,
  (select count(*) from installments where status = 'pending' and due_date >= ${today})::int as future,
  ${today}::text as counted_on,
  (select count(*) from customer_requests)::int as requests,
  (select count(*) from customer_requests where removed = 0)::int as live_requests,
  (select count(*) from customer_requests where removed = 0 and status = 2)::int as submitted_requests,
  (select max(id) from audit_logs) as log_id,
  (select min(id) from installments) as payment_id,
  (select min(c.id) from customer_requests c where c.status = 7
     and exists (select 1 from customer_request_files f where f.request_id = c.id)) as request_id,
  (select min(id) from card_requests) as card_request_id,
  (select min(t.id) from tickets t where exists (select 1 from ticket_messages m where m.ticket_id = t.id)) as ticket_id,
  (select id from roles where name = 'admin') as role_id,
  (select min(id) from users where type = 'admin' and deleted_at is null and active
     and phone <> ${lit(adminPhone)}) as staff_id,
  (select count(*) from associations)::int as associations,
  (select count(*) from subscriptions)::int as subscriptions,
  (select coalesce(sum(r.amount_piastres), 0) from receipts r
     where not exists (select 1 from reversals v where v.receipt_id = r.id))::bigint as collected`);
  if (!row) throw new Error('no facts');
  const [member] = await db.query(`
select u.id, u.phone, (select min(s.id) from subscriptions s where s.user_id = u.id) as subscription_id
from users u where u.id = (select min(created_by) from customer_requests where code like ${lit(MEMBER_CODE)})`);
  const subscriptionId = Number(row.subscription_id ?? 0);
  const associationId = Number(row.association_id ?? 0);
  const [payments] = await db.query(`select
  (select count(*) from installments where subscription_id = ${int(subscriptionId, 'subscriptionId')})::int as of_subscription,
  (select count(*) from installments where association_id = ${int(associationId, 'associationId')})::int as of_association`);
  const rows: Record<string, number> = {};
  const counts = await db.query(
    COUNTED_TABLES.map((table) => `select ${lit(table)} as name, count(*)::int as n from ${ident(table)}`).join(
      ' union all ',
    ),
  );
  for (const table of COUNTED_TABLES) rows[table] = Number(counts.find((c) => c.name === table)?.n ?? 0);
  const id = (v: unknown) => Number(v ?? 0);
  return {
    version: String(row.version).split(' ')[0] ?? '',
    users: Number(row.users),
    userRows: Number(row.users),
    auditRows: Number(row.audit_rows),
    adminId: Number(row.admin_id),
    customers: { active: Number(row.active), inactive: Number(row.inactive) },
    nameHits: Number(row.name_hits),
    actionHits: Number(row.action_hits),
    installments: Number(row.installments),
    associationId,
    subscriptionId,
    payments: {
      received: Number(row.received),
      late: Number(row.late),
      future: Number(row.future),
      on: String(row.counted_on),
    },
    requests: {
      total: Number(row.requests),
      live: Number(row.live_requests),
      submitted: Number(row.submitted_requests),
    },
    rows,
    ids: {
      log: id(row.log_id),
      payment: id(row.payment_id),
      request: id(row.request_id),
      cardRequest: id(row.card_request_id),
      ticket: id(row.ticket_id),
      role: id(row.role_id),
      staff: id(row.staff_id),
    },
    member: member
      ? { id: Number(member.id), phone: String(member.phone), subscriptionId: id(member.subscription_id) }
      : null,
    exports: {
      associations: Number(row.associations),
      subscriptions: Number(row.subscriptions),
      subscriptionPayments: Number(payments?.of_subscription ?? 0),
      associationPayments: Number(payments?.of_association ?? 0),
    },
    cash: { collected: Number(row.collected ?? 0) },
  };
}

// ---- The dedicated PostgreSQL database (parent process, admin connection) ----

export class Unreachable extends Error {}

/** What --reuse compares: every size of the data set. */
function marker(size: SeedSize): string {
  return `portal bench v2: ${Object.entries(size)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`;
}

export function benchUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function adminClient(adminUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Unreachable(`PostgreSQL at ${redact(adminUrl)} is unreachable: ${(error as Error).message}`);
  }
  return client;
}

export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * Creates portal_bench afresh (dropping the old one), or keeps it when `reuse` is asked and it holds
 * a data set of this size. Returns whether the data is already there.
 */
export async function preparePostgres(adminUrl: string, size: SeedSize, reuse: boolean): Promise<{ reused: boolean }> {
  const client = await adminClient(adminUrl);
  try {
    if (reuse) {
      const { rows } = await client.query(
        "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
        [BENCH_DATABASE],
      );
      if (rows[0]?.comment === marker(size)) return { reused: true };
      console.log(
        rows.length === 0
          ? `--reuse: no ${BENCH_DATABASE} database yet; seeding it`
          : `--reuse: ${BENCH_DATABASE} holds ${rows[0]?.comment ?? 'an unfinished seed'}, not ${marker(size)}; seeding again`,
      );
    }
    await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await client.query(`create database ${BENCH_DATABASE} template template0 encoding 'UTF8'`);
    return { reused: false };
  } finally {
    await client.end();
  }
}

/** Records a finished seed, so --reuse can trust it. */
export async function markSeeded(adminUrl: string, size: SeedSize): Promise<void> {
  const client = await adminClient(adminUrl);
  try {
    await client.query(`comment on database ${BENCH_DATABASE} is ${lit(marker(size))}`);
  } finally {
    await client.end();
  }
}

/** Throws Unreachable when the server does not answer. */
export async function checkReachable(adminUrl: string): Promise<void> {
  const client = await adminClient(adminUrl);
  await client.end();
}
