/**
 * The benchmark's data set, made in SQL (DESIGN §5: INSERT … SELECT over
 * generate_series, never row by row through the ORM), and the dedicated
 * PostgreSQL database it lives in.
 *
 * Users: ~95 % customers (type user, role user), every 20th an administrator
 * with a staff role; 70 % Arabic names (three parts), 30 % English; unique
 * phones 010/011/012/015 + 8 digits; ~8 % inactive, ~3 % soft-deleted; created
 * over the last two years. Audit rows: a weighted mix of the actions the app
 * writes (login, users.update, mail.*, roles.insert …) with matching entity,
 * URL, method, actor and a few old/new jsonb keys, created_at rising with id
 * over two years as an append-only log does.
 *
 * The tables' triggers are off for the bulk inserts (inside the seeding
 * transaction, so no other session ever sees them off): no audit row per
 * seeded row, the audit rows are inserted directly; counters kept by triggers
 * are recounted afterwards with the schema's refresh_*counters() functions.
 */
import pg from 'pg';
import { LOG_ACTION, NAME_FRAGMENT } from './targets.js';

export type Row = Record<string, unknown>;
export type Query = (text: string) => Promise<Row[]>;
/** How the seed reaches the database: plain statements, and a transaction. */
export type SqlRunner = {
  query: Query;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
};

export type SeedSize = { users: number; auditLogs: number; associations: number; subscriptions: number };

/**
 * DESIGN §5's large set on PostgreSQL: 100 associations and 8,334 subscriptions, i.e. 10,000,800
 * installments (1,200 each). PGlite gets a smaller one (about 200,000 installments).
 */
export const DEFAULT_SIZE: Record<'postgres' | 'pglite', SeedSize> = {
  postgres: { users: 100_000, auditLogs: 1_000_000, associations: 100, subscriptions: 8_334 },
  pglite: { users: 20_000, auditLogs: 100_000, associations: 20, subscriptions: 170 },
};

/** Days per association (ASSOCIATION_DURATION_DAYS): every subscription owes one installment per day. */
const DAYS = 1200;

/**
 * Associations starting every few weeks over the last three years (so some are running, some
 * finished, some ahead), their 1,200 days, subscriptions spread evenly (association a holds days
 * 1..k), each member a seeded customer, and every installment, the ones due more than a week ago
 * mostly received: one statement each, as the app does.
 */
export function associationsSql(associations: number): string {
  const n = int(associations, 'associations');
  return `insert into associations (title, type, cost_piastres, from_date, started_at, created_at)
select 'جمعية ' || ${textArray(AR_FAMILY)}[1 + (g % ${AR_FAMILY.length})] || ' ' || g,
       case when g % 5 = 0 then 'vip' else 'normal' end,
       (ARRAY[500, 1000, 2000, 5000, 10000, 20000])[1 + (g % 6)],
       current_date - 1100 + (g * 21) % 1400,
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
  return `insert into subscriptions (association_id, day_number, user_id, amount_piastres, transfer_status, created_at)
select a.id, k, c.id, a.cost_piastres * ${DAYS},
       case when a.from_date + (k - 1) < current_date - 7 and random() < 0.8 then 'paid' else 'unpaid' end,
       a.created_at
from (select id, cost_piastres, from_date, created_at, row_number() over (order by id) as rn
        from associations where id > ${int(afterAssociation, 'afterAssociation')}) a
cross join generate_series(1, ${perAssociation}) as k
join (select id, row_number() over (order by id) as rn from users
        where type = 'user' and deleted_at is null and active) c
  on c.rn = 1 + ((a.rn * 7919 + k) % (select count(*) from users where type = 'user' and deleted_at is null and active))
where (a.rn - 1) * ${perAssociation} + k <= ${subscriptions}`;
}

export function installmentsSql(afterSubscription: number): string {
  return `insert into installments (subscription_id, association_id, user_id, day_number, due_date, amount_piastres,
                          status, received_at, reference)
select s.id, s.association_id, s.user_id, d.day_number, d.date, a.cost_piastres,
       case when d.date < current_date - 7 and random() < 0.9 then 'received' else 'pending' end,
       null, null
from subscriptions s
join associations a on a.id = s.association_id
join association_days d on d.association_id = s.association_id
where s.id > ${int(afterSubscription, 'afterSubscription')}`;
}

/** Password of every seeded user (the administrator keeps ADMIN_PASSWORD). */
export const SEEDED_PASSWORD = 'Bench@12345';

export const BENCH_DATABASE = 'portal_bench';

/** Words separated by "|" (names have spaces), so a long list stays a few lines. */
const words = (text: string) => text.split('|').map((w) => w.trim());

const AR_FIRST = words(
  'محمد|أحمد|محمود|مصطفى|علي|حسن|حسين|عمر|خالد|إبراهيم|يوسف|عبد الله|عبد الرحمن|طارق|كريم|شريف|هشام|وليد|' +
    'ياسر|عمرو|فاطمة|مريم|نور|سارة|هبة|منى|دينا|ياسمين|آية|رحاب|شيماء|إيمان|سلمى|ندى|هالة|رانيا|سامح|تامر|أيمن|رامي',
);
/** Fathers' names: the male first names. */
const AR_MALE = AR_FIRST.slice(0, 20).concat(AR_FIRST.slice(-4));
const AR_FAMILY = words(
  'السيد|عبد العزيز|الشافعي|المصري|حسان|فهمي|منصور|عثمان|سليمان|الجمال|النجار|الشناوي|البنا|زكي|رمضان|شحاتة|' +
    'عبد الحميد|مرسي|فؤاد|بدوي|الدسوقي|جاد|صبري|حجازي|العطار|القاضي|الحداد|عاشور|سالم|نصار',
);
const EN_FIRST = words(
  'Ahmed|Mohamed|Omar|Karim|Ali|Hassan|Mostafa|Sara|Nour|Mariam|Laila|Hana|Yasmin|Dina|Adam|John|Michael|David|' +
    'Emma|Olivia|George|Peter|Mark|Sophia|Youssef',
);
const EN_LAST = words(
  'Hassan|Mansour|Farouk|Salem|Nasser|Smith|Johnson|Brown|Taylor|Wilson|Adel|Kamal|Fahmy|Zaki|Gad|Soliman|Ibrahim|' +
    'Khalil|Saad|Tawfik',
);
const DOMAINS = words('gmail.com|yahoo.com|hotmail.com|outlook.com|example.com');
const ADDRESSES = words(
  'مدينة نصر، القاهرة|المعادي، القاهرة|مصر الجديدة، القاهرة|الدقي، الجيزة|سموحة، الإسكندرية|المنصورة، الدقهلية|' +
    'طنطا، الغربية|الزقازيق، الشرقية|أسيوط|6th of October City, Giza',
);
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

function lit(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`;
}

function textArray(values: (string | null)[]): string {
  return `(ARRAY[${values.map(lit).join(', ')}]::text[])`;
}

/** 1 + floor(r × n): a 1-based index into an array of n elements from a random r in [0, 1). */
function pick(array: string[], r: string): string {
  return `${textArray(array)}[1 + floor(${r} * ${array.length})::int]`;
}

function int(n: number, name: string): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${n}`);
  return n;
}

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
 */
async function withoutTriggers(db: SqlRunner, tables: string[], work: (query: Query) => Promise<unknown>) {
  return db.transaction(async (query) => {
    const triggers = await userTriggers(query, tables);
    for (const table of tables) await query(`alter table ${ident(table)} disable trigger user`);
    await work(query);
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

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type SeedFacts = {
  /** server_version of the engine (PGlite reports the PostgreSQL it is built from). */
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
  payments: { received: number; late: number; future: number };
};

export type SeedTimings = {
  users: number;
  /** The audit rows, then the counters recount. */
  auditLogs: number;
  /** Associations, their days, subscriptions and installments, and their counters. */
  installments: number;
  vacuumAnalyze: number;
  /** Triggers that did not fire for the bulk rows, and the counter refresh functions run after. */
  bypassedTriggers: string[];
  refreshedCounters: string[];
  warnings: string[];
};

/** Bulk-inserts the data set into a migrated, app-seeded database. Seconds per step. */
export async function seedData(
  db: SqlRunner,
  size: SeedSize,
  passwordHash: string,
  adminPhone: string,
): Promise<SeedTimings> {
  const warnings: string[] = [];
  const [admin] = await db.query(`select id from users where phone = ${lit(adminPhone)} and deleted_at is null`);
  if (!admin) throw new Error(`the administrator ${adminPhone} is missing: did the app seed itself?`);
  const adminId = Number(admin.id);
  const [max] = await db.query('select coalesce(max(id), 0) as id from users');
  const afterId = Number(max?.id ?? 0);

  let t = performance.now();
  const userSide = await withoutTriggers(db, ['users', 'user_roles'], async (query) => {
    await query(usersSql(size.users, passwordHash));
    await query(userRolesSql(afterId));
  });
  const users = (performance.now() - t) / 1000;

  t = performance.now();
  const auditSide = await withoutTriggers(db, ['audit_logs'], (query) =>
    query(auditLogsSql(size.auditLogs, size.users, afterId, adminId)),
  );
  const refreshedCounters = await refreshCounters(db);
  const auditLogs = (performance.now() - t) / 1000;

  const bypassed = [...userSide, ...auditSide];
  const unaccounted = bypassed.filter((tr) => !tr.audit);
  if (unaccounted.length > 0 && refreshedCounters.length === 0) {
    warnings.push(
      `triggers ${unaccounted.map((tr) => tr.name).join(', ')} did not fire for the seeded rows ` +
        'and no refresh_*counters() function exists to recount',
    );
  }

  t = performance.now();
  const [maxes] = await db.query(
    'select coalesce((select max(id) from associations), 0) as a, coalesce((select max(id) from subscriptions), 0) as s',
  );
  const moneySide = await withoutTriggers(db, ['associations', 'subscriptions', 'installments'], async (query) => {
    await query(associationsSql(size.associations));
    await query(associationDaysSql(Number(maxes?.a ?? 0)));
    await query(subscriptionsSql(size.subscriptions, size.associations, Number(maxes?.a ?? 0)));
    await query(installmentsSql(Number(maxes?.s ?? 0)));
  });
  await refreshCounters(db);
  const installments = (performance.now() - t) / 1000;
  bypassed.push(...moneySide);

  t = performance.now();
  await vacuumAnalyze(db, warnings);
  return {
    users,
    auditLogs,
    installments,
    vacuumAnalyze: (performance.now() - t) / 1000,
    bypassedTriggers: bypassed.map((tr) => tr.name),
    refreshedCounters,
    warnings,
  };
}

/**
 * VACUUM (ANALYZE) rather than ANALYZE alone: fresh statistics, and the visibility map and hint bits
 * set, as autovacuum would have them on a live table; otherwise the first target pays for the hint
 * bits and autovacuum wakes up in the middle of a measurement.
 */
export async function vacuumAnalyze(db: SqlRunner, warnings: string[]): Promise<void> {
  try {
    await db.query(
      'vacuum (analyze) users, user_roles, audit_logs, associations, association_days, subscriptions, installments, installment_day_counts',
    );
  } catch (error) {
    warnings.push(`VACUUM failed (${(error as Error).message}); ran ANALYZE only`);
    await db.query('analyze');
  }
}

export async function seedFacts(db: SqlRunner, adminPhone: string): Promise<SeedFacts> {
  const [row] = await db.query(`
select
  current_setting('server_version') as version,
  (select count(*) from users)::int as users,
  (select id from users where phone = ${lit(adminPhone)} and deleted_at is null) as admin_id,
  (select count(*) from audit_logs)::int as audit_rows,
  (select count(*) from users where type = 'user' and deleted_at is null and active)::int as active,
  (select count(*) from users where type = 'user' and deleted_at is null and not active)::int as inactive,
  (select count(*) from users where name ilike ${lit(`%${NAME_FRAGMENT}%`)})::int as name_hits,
  (select count(*) from audit_logs where action ilike ${lit(`%${LOG_ACTION}%`)})::int as action_hits,
  (select count(*) from installments)::int as installments,
  (select min(id) from associations where subscriptions_count > 0) as association_id,
  (select min(id) from subscriptions) as subscription_id,
  (select count(*) from installments where status = 'received')::int as received,
  (select count(*) from installments where status = 'pending' and due_date < (now() at time zone 'Africa/Cairo')::date)::int as late,
  (select count(*) from installments where status = 'pending' and due_date >= (now() at time zone 'Africa/Cairo')::date)::int as future`);
  if (!row) throw new Error('no facts');
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
    associationId: Number(row.association_id ?? 0),
    subscriptionId: Number(row.subscription_id ?? 0),
    payments: { received: Number(row.received), late: Number(row.late), future: Number(row.future) },
  };
}

// ---- The dedicated PostgreSQL database (parent process, admin connection) ----

export class Unreachable extends Error {}

function marker(size: SeedSize): string {
  return `portal bench: users=${size.users} audit_logs=${size.auditLogs}`;
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
