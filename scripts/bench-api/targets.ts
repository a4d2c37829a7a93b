/**
 * What `npm run bench:api` loads, and the DESIGN §5 budget each must meet: every list,
 * get-by-id, export, dashboard and workflow action of the product. A later issue that adds an
 * endpoint adds a target here (and, if it needs rows, a step in seed.ts / seed-desk.ts, or a pool
 * in pools.ts for a write); nothing else has to change. Ids are stable: --only takes them,
 * bench-results/api.json keys on them.
 *
 * Budgets (DESIGN §5, this 2-core machine), the same on both engines (both are PostgreSQL): lists
 * p99 < 20 ms at ≥ 1,000 req/s; get-by-id ≥ 5,000 req/s; /dashbored/count p99 < 5 ms.
 * Exports, the request statistics and the writes have none in DESIGN §5: reference figures.
 * (Subscribing, < 100 ms, is measured one call at a time by subscribe.ts.)
 */
import { cairoDay } from '@portal/shared/clock';
import { type Engine, LOG_ACTION, NAME_FRAGMENT } from './common.js';
import { BENCH_REFERENCE, type PoolName } from './pools.js';
import type { SeedFacts } from './seed.js';

/** The administrator the app seeds on its first start (README), as which the bench logs in. */
export const ADMIN = { phone: '01000000000', password: 'Admin@12345' } as const;

export type Budget = {
  /** Shown in the table, e.g. "≥ 1,000 req/s, p99 < 20 ms". */
  text: string;
  minRps?: number;
  maxP99Ms?: number;
};

/** What a target measures; the report groups by it. */
export type Kind = 'reference' | 'list' | 'get' | 'dashboard' | 'export' | 'write';

export type Target = {
  /** Stable id: --only takes these, bench-results/api.json keys on them. */
  id: string;
  label: string;
  kind: Kind;
  /** 'bare' is the minimal Fastify server of the same run (the machine's ceiling); 'app' the portal. */
  server: 'bare' | 'app';
  method: 'GET' | 'POST';
  /** For a write, the path with {id} where each request's record goes. */
  path: string;
  body?: unknown;
  /** Sends a bearer token: the administrator's, or the member's (a customer, for the /me calls). */
  auth: boolean;
  as?: 'admin' | 'member';
  /** More request headers (accept-encoding: what a browser sends, where the route compresses). */
  headers?: Record<string, string>;
  /** Per engine; absent: no budget (a reference figure). */
  budget: Partial<Record<Engine, Budget>>;
  /** Sanity check of one JSON response before the load: returns a problem, or a note for the report. */
  check?: (body: unknown) => { problem?: string; note?: string };
  /** An export: the answer must be this file (type, attachment name, and for CSV its row count). */
  file?: { format: 'csv' | 'xlsx'; name: string; rows?: number };
  /** Fewer connections than the default (exports: each answer is a whole file). */
  connections?: number;
  /** Seconds before a request counts as timed out (default 10). */
  timeoutSeconds?: number;
  /**
   * A write: every request acts on a record of its own from a pool (pools.ts), built by request();
   * repeatable: the action may be taken again on the same record, so a short pool is cycled.
   */
  write?: { pool: PoolName; repeatable?: boolean; request(id: number): { path: string; body?: unknown } };
  /** Why it cannot run on this data set (then it is reported, not measured). */
  skip?: string;
};

/** What the targets are built from: facts of the seeded database and the login. */
export type TargetContext = Pick<
  SeedFacts,
  | 'userRows'
  | 'auditRows'
  | 'customers'
  | 'associationId'
  | 'subscriptionId'
  | 'payments'
  | 'requests'
  | 'ids'
  | 'member'
  | 'exports'
  | 'cash'
> & { adminId: number };

export const PER_PAGE = 10;
export const DEEP_PAGE = 5000;

const PG_LIST: Budget = { text: '≥ 1,000 req/s, p99 < 20 ms', minRps: 1000, maxP99Ms: 20 };
const PG_GET: Budget = { text: '≥ 5,000 req/s', minRps: 5000 };
const PG_DASHBOARD: Budget = { text: 'p99 < 5 ms', maxP99Ms: 5 };
const LIST = { postgres: PG_LIST, embedded: PG_LIST };
const GET: Target['budget'] = { postgres: PG_GET, embedded: PG_GET };
const DASHBOARD: Target['budget'] = { postgres: PG_DASHBOARD, embedded: PG_DASHBOARD };
/** The cash report's figures (issue 20 §4, decision 0030): read from rollups, p99 < 20 ms per call. */
const PG_REPORT: Budget = { text: 'p99 < 20 ms', maxP99Ms: 20 };
const REPORT: Target['budget'] = { postgres: PG_REPORT, embedded: PG_REPORT };

/** Exports: each answer is a whole file, so two connections and a long timeout. */
const EXPORT_CONNECTIONS = 2;
const EXPORT_TIMEOUT_SECONDS = 120;

const API = '/api/v1';

/** A page that exists: page 5000 when the table has it, else one near its end (the embedded engine's smaller data set). */
function deepPage(rows: number): number {
  return Math.max(1, Math.min(DEEP_PAGE, Math.floor((rows * 0.9) / PER_PAGE)));
}

type Checked = { problem?: string; note?: string };
const dataOf = (body: unknown) => (body as { data?: unknown })?.data;
const count = (n: number | undefined) => n?.toLocaleString('en-US') ?? '?';

/** A page-number list answered with rows; the note gives the total it reported. */
function listCheck(body: unknown): Checked {
  const data = dataOf(body) as { data?: unknown[]; total?: number; atLeast?: boolean } | undefined;
  if (!Array.isArray(data?.data)) return { problem: 'no data.data array in the response' };
  if (data.data.length === 0) return { problem: 'the page is empty (nothing measured but an empty read)' };
  return { note: `${data.data.length} rows of total ${data.atLeast ? 'at least ' : ''}${count(data.total)}` };
}

/** The service requests' list: data.data and meta.count (SPEC §7 shape). */
function requestPageCheck(body: unknown): Checked {
  const data = dataOf(body) as { data?: unknown[]; meta?: { count?: number } } | undefined;
  if (!Array.isArray(data?.data)) return { problem: 'no data.data array in the response' };
  if (data.data.length === 0) return { problem: 'the page is empty (nothing measured but an empty read)' };
  return { note: `${data.data.length} rows of count ${count(data.meta?.count)}` };
}

/** A list answered as a plain array (the /me lists, settings). */
function arrayCheck(body: unknown): Checked {
  const data = dataOf(body);
  if (!Array.isArray(data)) return { problem: 'no data array in the response' };
  if (data.length === 0) return { problem: 'the list is empty (nothing measured but an empty read)' };
  return { note: `${data.length} rows` };
}

/** The bell: data.data, and the unseen and total counts. */
function bellCheck(body: unknown): Checked {
  const data = dataOf(body) as { data?: unknown[]; total?: number; unseen?: number } | undefined;
  if (!Array.isArray(data?.data) || data.data.length === 0) return { problem: 'no notifications in the response' };
  return { note: `${data.data.length} of ${count(data.total)}, ${count(data.unseen)} unseen` };
}

/** Something answered (an object). */
function objectCheck(body: unknown): Checked {
  const data = dataOf(body);
  return data && typeof data === 'object' ? {} : { problem: 'no data object in the response' };
}

/**
 * A figure set of the cash report (decision 0030): collected equals the exact sum the seed computed
 * (receipts not reversed) when the answer covers everything; the note gives the cash position.
 */
function cashCheck(exactCollected?: number) {
  return (body: unknown): Checked => {
    const data = dataOf(body) as
      | { figures?: { collected?: number; cash_position?: number }; forecast?: { negative_on?: string | null } }
      | undefined;
    const figures = data?.figures;
    if (typeof figures?.collected !== 'number') return { problem: 'no figures in the response' };
    const note = `collected ${count(figures.collected)} EGP, cash ${count(figures.cash_position)} EGP, below zero on ${data?.forecast?.negative_on ?? 'no day'}`;
    if (exactCollected === undefined) return { note };
    return Math.round(figures.collected * 100) === exactCollected
      ? { note: `${note}; collected equal to the exact sum` }
      : { problem: `collected ${figures.collected} EGP, the receipts not reversed sum to ${exactCollected / 100}` };
  };
}

/** A member's balance: the lines and the totals. */
function balanceCheck(body: unknown): Checked {
  const data = dataOf(body) as { lines?: unknown[]; paid?: number; owed?: { count?: number } } | undefined;
  if (!Array.isArray(data?.lines)) return { problem: 'no balance lines in the response' };
  return {
    note: `${data.lines.length} subscriptions, paid ${count(data.paid)} EGP, ${count(data.owed?.count)} installments owed`,
  };
}

/** The record asked for, by its id. */
const idCheck =
  (id: number) =>
  (body: unknown): Checked =>
    (dataOf(body) as { id?: number } | undefined)?.id === id ? {} : { problem: `not record ${id}` };

type ListTarget = Omit<Target, 'kind' | 'server' | 'method' | 'auth' | 'budget'> &
  Partial<Pick<Target, 'method' | 'budget' | 'auth'>>;

const list = (t: ListTarget): Target => ({
  kind: 'list',
  server: 'app',
  method: 'POST',
  auth: true,
  budget: LIST,
  check: listCheck,
  ...t,
  path: `${API}${t.path}`,
});

const get = (t: Omit<ListTarget, 'method'>): Target => ({
  kind: 'get',
  server: 'app',
  method: 'GET',
  auth: true,
  budget: GET,
  ...t,
  path: `${API}${t.path}`,
});

const exported = (t: Omit<ListTarget, 'method' | 'check'> & { file: NonNullable<Target['file']> }): Target => ({
  kind: 'export',
  server: 'app',
  method: 'POST',
  auth: true,
  budget: {},
  connections: EXPORT_CONNECTIONS,
  timeoutSeconds: EXPORT_TIMEOUT_SECONDS,
  ...t,
  path: `${API}${t.path}`,
});

/** A write: `path` with {id} (shown in the table); every request gets a record of its own. */
const write = (
  t: Omit<ListTarget, 'method' | 'body'> & {
    pool: PoolName;
    repeatable?: boolean;
    body?: (id: number) => unknown;
  },
): Target => {
  const { pool, repeatable, body, ...rest } = t;
  return {
    kind: 'write',
    server: 'app',
    method: 'POST',
    auth: true,
    budget: {},
    check: objectCheck,
    ...rest,
    path: `${API}${t.path}`,
    write: {
      pool,
      repeatable,
      request: (id) => ({ path: `${API}${t.path.replace('{id}', String(id))}`, body: body?.(id) }),
    },
  };
};

/**
 * In the order they run: reads, the dashboard, exports, then the writes, so no write changes what
 * a read checks (the dashboard's exact counts); approving turn moves before recording payouts, as
 * both want unpaid subscriptions.
 */
export function buildTargets(ctx: TargetContext): Target[] {
  const usersDeep = deepPage(ctx.userRows);
  const logsDeep = deepPage(ctx.auditRows);
  const noMember = ctx.member ? undefined : 'no member to log in as (no customer holds a subscription)';
  const member = ctx.member ?? { id: 0, phone: '', subscriptionId: 0 };
  const today = new Date().toISOString().slice(0, 10);
  return [
    {
      id: 'bare',
      label: 'bare Fastify GET / (ceiling)',
      kind: 'reference',
      server: 'bare',
      method: 'GET',
      path: '/',
      auth: false,
      budget: {},
    },
    {
      id: 'bare-select1',
      label: 'bare Fastify + pg: select 1 (the yardstick of /health)',
      kind: 'reference',
      server: 'bare',
      method: 'GET',
      path: '/select1',
      auth: false,
      budget: {},
    },
    {
      id: 'bare-user',
      label: 'bare Fastify + pg: a user by primary key (the yardstick of GET /users/{id})',
      kind: 'reference',
      server: 'bare',
      method: 'GET',
      path: `/users/${ctx.adminId}`,
      auth: false,
      budget: {},
    },
    {
      id: 'app-empty',
      label: "the app's GET (handler does nothing)",
      kind: 'reference',
      server: 'app',
      method: 'GET',
      path: '/api/v1/bench/empty',
      auth: false,
      budget: {},
    },
    {
      id: 'app-empty-auth',
      label: "the app's GET with a session (handler does nothing)",
      kind: 'reference',
      server: 'app',
      method: 'GET',
      path: '/api/v1/bench/empty-auth',
      auth: true,
      budget: {},
    },
    {
      id: 'health',
      label: 'GET /health',
      kind: 'reference',
      server: 'app',
      method: 'GET',
      path: '/api/v1/health',
      auth: false,
      budget: {},
    },
    get({
      id: 'get-by-id',
      label: 'GET /users/{admin id}',
      path: `/users/${ctx.adminId}`,
      check: (body) =>
        (body as { data?: { id?: number } })?.data?.id === ctx.adminId ? {} : { problem: 'not the administrator' },
    }),
    list({ id: 'users-page-1', label: 'POST /users page 1', path: '/users', body: { page: 1, perPage: PER_PAGE } }),
    list({
      id: 'users-name',
      label: `POST /users name "${NAME_FRAGMENT}"`,
      path: '/users',
      body: { name: NAME_FRAGMENT },
    }),
    list({
      id: 'users-deep',
      label: `POST /users page ${usersDeep}`,
      path: '/users',
      body: { page: usersDeep, perPage: PER_PAGE },
    }),
    list({ id: 'logs-page-1', label: 'POST /logs page 1', path: '/logs', body: { page: 1, perPage: PER_PAGE } }),
    list({
      id: 'logs-action',
      label: `POST /logs action "${LOG_ACTION}"`,
      path: '/logs',
      body: { action: LOG_ACTION },
    }),
    list({
      id: 'logs-deep',
      label: `POST /logs page ${logsDeep}`,
      path: '/logs',
      body: { page: logsDeep, perPage: PER_PAGE },
    }),
    get({
      id: 'log-by-id',
      label: 'GET /logs/{id} (old and new values)',
      path: `/logs/${ctx.ids.log}`,
      check: idCheck(ctx.ids.log),
    }),
    list({
      id: 'associations-page-1',
      label: 'POST /associations page 1',
      path: '/associations',
      body: { page: 1, perPage: PER_PAGE },
    }),
    get({
      id: 'association-by-id',
      label: 'GET /associations/{id}',
      path: `/associations/${ctx.associationId}`,
      check: idCheck(ctx.associationId),
    }),
    list({
      id: 'association-days',
      label: 'POST /associations/{id}/days page 1 (the calendar)',
      path: `/associations/${ctx.associationId}/days`,
      body: { page: 1, perPage: PER_PAGE },
    }),
    list({
      id: 'subscriptions-page-1',
      label: 'POST /subscriptions page 1',
      path: '/subscriptions',
      body: { page: 1, perPage: PER_PAGE },
    }),
    get({
      id: 'subscription-by-id',
      label: 'GET /subscriptions/{id} (with its installments summed)',
      path: `/subscriptions/${ctx.subscriptionId}`,
      check: idCheck(ctx.subscriptionId),
    }),
    list({
      id: 'payments-page-1',
      label: 'POST /subscriptions/payments page 1',
      path: '/subscriptions/payments',
      body: { page: 1, perPage: PER_PAGE },
    }),
    list({
      id: 'payments-late',
      label: 'POST /subscriptions/payments status late',
      path: '/subscriptions/payments',
      body: { status: 'late', perPage: PER_PAGE },
    }),
    list({
      id: 'payments-association',
      label: 'POST /subscriptions/payments one association',
      path: '/subscriptions/payments',
      body: { association_id: ctx.associationId, perPage: PER_PAGE },
    }),
    get({
      id: 'payment-by-id',
      label: 'GET /subscriptions/payments/{id}',
      path: `/subscriptions/payments/${ctx.ids.payment}`,
      check: idCheck(ctx.ids.payment),
    }),
    list({
      id: 'requests-page-1',
      label: 'POST /customers_requests first 10',
      path: '/customers_requests',
      body: { limit: PER_PAGE },
      check: requestPageCheck,
    }),
    list({
      id: 'requests-status',
      label: 'POST /customers_requests status submitted',
      path: '/customers_requests',
      body: { limit: PER_PAGE, filters: { request_status_type_id: 2 } },
      check: requestPageCheck,
    }),
    list({
      id: 'requests-keywords',
      label: `POST /customers_requests keywords "${NAME_FRAGMENT}"`,
      path: '/customers_requests',
      body: { limit: PER_PAGE, keywords: NAME_FRAGMENT },
      check: requestPageCheck,
    }),
    list({
      id: 'requests-tasks',
      label: 'POST /customers_requests scope tasks (moved to me)',
      path: '/customers_requests',
      body: { limit: PER_PAGE, scope: 'tasks' },
      check: requestPageCheck,
    }),
    get({
      id: 'request-by-id',
      label: 'GET /customers_requests/{id} (history, documents)',
      path: `/customers_requests/${ctx.ids.request}`,
      check: idCheck(ctx.ids.request),
    }),
    list({
      id: 'card-requests-page-1',
      label: 'POST /card-requests page 1',
      path: '/card-requests',
      body: { page: 1, perPage: PER_PAGE },
    }),
    get({
      id: 'card-request-by-id',
      label: 'GET /card-requests/{id} (with history)',
      path: `/card-requests/${ctx.ids.cardRequest}`,
      check: idCheck(ctx.ids.cardRequest),
    }),
    list({
      id: 'turn-moves-page-1',
      label: 'POST /associations/change-turn-requests page 1',
      path: '/associations/change-turn-requests',
      body: { page: 1, perPage: PER_PAGE },
    }),
    list({
      id: 'tickets-page-1',
      label: 'POST /ticket/tickets page 1',
      path: '/ticket/tickets',
      body: { page: 1, perPage: PER_PAGE },
    }),
    get({
      id: 'ticket-by-id',
      label: 'GET /ticket/get/{id} (with its messages)',
      path: `/ticket/get/${ctx.ids.ticket}`,
      check: idCheck(ctx.ids.ticket),
    }),
    list({
      id: 'contacts-page-1',
      label: 'POST /contacts page 1',
      path: '/contacts',
      body: { page: 1, perPage: PER_PAGE },
    }),
    list({
      id: 'notifications',
      label: 'POST /user/notifications (the bell, 10)',
      path: '/user/notifications',
      body: { limit: PER_PAGE },
      check: bellCheck,
    }),
    list({ id: 'roles-page-1', label: 'POST /roles page 1', path: '/roles', body: { page: 1, perPage: PER_PAGE } }),
    get({
      id: 'role-by-id',
      label: 'GET /roles/{id} (admin)',
      path: `/roles/${ctx.ids.role}`,
      check: idCheck(ctx.ids.role),
    }),
    get({
      id: 'user-access',
      label: 'GET /roles/user/{admin id} (roles, permissions)',
      path: `/roles/user/${ctx.adminId}`,
      check: objectCheck,
    }),
    list({ id: 'settings', label: 'POST /setting/index', path: '/setting/index', check: arrayCheck }),
    {
      id: 'client-settings',
      label: 'GET /settings/client (every signed-in screen)',
      kind: 'reference',
      server: 'app',
      method: 'GET',
      path: '/api/v1/settings/client',
      auth: true,
      budget: {},
      check: objectCheck,
    },
    {
      id: 'terms',
      label: 'GET /get-terms (public)',
      kind: 'reference',
      server: 'app',
      method: 'GET',
      path: '/api/v1/get-terms',
      auth: false,
      budget: {},
      check: objectCheck,
    },
    list({
      id: 'register-lookups',
      label: 'POST /user/register/data (public)',
      path: '/user/register/data',
      auth: false,
      check: objectCheck,
    }),
    list({
      id: 'request-lookups',
      label: 'POST /customers_requests/lookups',
      path: '/customers_requests/lookups',
      check: objectCheck,
    }),
    list({
      id: 'archive-root',
      label: 'POST /archive (the root folder)',
      path: '/archive',
      check: objectCheck,
    }),
    list({
      id: 'user-documents',
      label: "GET /user/archive/{member id} (a member's documents)",
      method: 'GET',
      path: `/user/archive/${member.id}`,
      check: arrayCheck,
      skip: noMember,
    }),
    list({
      id: 'me-subscriptions',
      label: 'GET /me/subscriptions (a member)',
      method: 'GET',
      path: '/me/subscriptions',
      as: 'member',
      check: arrayCheck,
      skip: noMember,
    }),
    get({
      id: 'me-subscription-by-id',
      label: 'GET /me/subscriptions/{id} (a member)',
      path: `/me/subscriptions/${member.subscriptionId}`,
      as: 'member',
      check: idCheck(member.subscriptionId),
      skip: noMember,
    }),
    list({
      id: 'me-statement',
      label: 'GET /me/subscriptions/{id}/statement (1,200 installments)',
      method: 'GET',
      path: `/me/subscriptions/${member.subscriptionId}/statement`,
      as: 'member',
      check: objectCheck,
      skip: noMember,
    }),
    list({
      id: 'me-statement-br',
      label: 'GET /me/subscriptions/{id}/statement, brotli as a browser asks (1,200 installments)',
      method: 'GET',
      path: `/me/subscriptions/${member.subscriptionId}/statement`,
      as: 'member',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      budget: {},
      check: objectCheck,
      skip: noMember,
    }),
    list({
      id: 'me-associations-open',
      label: 'GET /me/associations/open (a member)',
      method: 'GET',
      path: '/me/associations/open',
      as: 'member',
      skip: noMember,
    }),
    list({
      id: 'me-association-days',
      label: 'GET /me/associations/{id}/days (free days)',
      method: 'GET',
      path: `/me/associations/${ctx.associationId}/days`,
      as: 'member',
      check: objectCheck,
      skip: noMember,
    }),
    list({
      id: 'me-card-requests',
      label: 'GET /me/card-requests (a member)',
      method: 'GET',
      path: '/me/card-requests',
      as: 'member',
      check: arrayCheck,
      skip: noMember,
    }),
    list({
      id: 'me-turn-moves',
      label: 'GET /me/turn-moves (a member)',
      method: 'GET',
      path: '/me/turn-moves',
      as: 'member',
      check: arrayCheck,
      skip: noMember,
    }),
    list({
      id: 'me-requests',
      label: 'POST /customers_requests scope mine (a member)',
      path: '/customers_requests',
      body: { limit: PER_PAGE, scope: 'mine' },
      as: 'member',
      check: requestPageCheck,
      skip: noMember,
    }),
    {
      id: 'cash-report',
      label: 'GET /reports/cash (all associations, 90-day forecast)',
      kind: 'dashboard',
      server: 'app',
      method: 'GET',
      path: `${API}/reports/cash`,
      auth: true,
      budget: REPORT,
      check: cashCheck(ctx.cash.collected),
    },
    list({
      id: 'cash-report-lines',
      label: 'POST /reports/cash/associations page 1, by cash position',
      path: '/reports/cash/associations',
      body: { page: 1, perPage: PER_PAGE, sortBy: 'cash_position', sortOrder: 'asc' },
      budget: REPORT,
    }),
    get({
      id: 'cash-association',
      label: 'GET /reports/cash/associations/{id} (the Ledger tab)',
      path: `/reports/cash/associations/${ctx.associationId}`,
      budget: REPORT,
      check: cashCheck(),
    }),
    get({
      id: 'member-balance',
      label: "GET /users/{member id}/balance (a member's balance, staff)",
      path: `/users/${member.id}/balance`,
      budget: REPORT,
      check: balanceCheck,
      skip: noMember,
    }),
    get({
      id: 'me-balance',
      label: 'GET /me/balance (a member)',
      path: '/me/balance',
      as: 'member',
      budget: REPORT,
      check: balanceCheck,
      skip: noMember,
    }),
    {
      id: 'dashboard',
      label: 'GET /dashbored/count',
      kind: 'dashboard',
      server: 'app',
      method: 'GET',
      path: '/api/v1/dashbored/count',
      auth: true,
      budget: DASHBOARD,
      check: (body) => {
        const counts = (body as { data?: { counts?: { active_user?: number; inactive_user?: number }[] } })?.data
          ?.counts?.[0];
        if (typeof counts?.active_user !== 'number') return { problem: 'no user counts (users.index missing?)' };
        const exact = ctx.customers;
        const paid = counts as { payments_received?: number; payments_late?: number; payments_future?: number };
        const payments = ctx.payments;
        if (
          counts.active_user === exact.active &&
          counts.inactive_user === exact.inactive &&
          paid.payments_received === payments.received &&
          paid.payments_late === payments.late &&
          paid.payments_future === payments.future
        ) {
          return {
            note: `equal to exact counts (${payments.received + payments.late + payments.future} installments)`,
          };
        }
        // Not a failure of the route: counters kept by service code miss the bench's bulk seed, or
        // Cairo's day changed since the exact counts were taken (a run across midnight in Cairo).
        const day = cairoDay(new Date());
        const moved = day === payments.on ? '' : ` (counted on ${payments.on}; Cairo's day is now ${day})`;
        return {
          note:
            `counts differ from the exact ones: active ${counts.active_user} vs ${exact.active}, ` +
            `inactive ${counts.inactive_user} vs ${exact.inactive}; payments ${paid.payments_received}/` +
            `${paid.payments_late}/${paid.payments_future} vs ${payments.received}/${payments.late}/${payments.future}${moved}`,
        };
      },
    },
    {
      id: 'requests-statistics',
      label: 'POST /customers_requests/statistics',
      kind: 'dashboard',
      server: 'app',
      method: 'POST',
      path: '/api/v1/customers_requests/statistics',
      auth: true,
      budget: {},
      check: (body) => {
        const total = (dataOf(body) as { total?: number } | undefined)?.total;
        if (typeof total !== 'number') return { problem: 'no total in the response' };
        return total === ctx.requests.live
          ? { note: `total ${count(total)}, equal to the exact count` }
          : { problem: `total ${count(total)}, the table holds ${count(ctx.requests.live)} not removed` };
      },
    },
    exported({
      id: 'associations-export',
      label: `POST /associations/export xlsx (all ${count(ctx.exports.associations)})`,
      path: '/associations/export',
      body: { format: 'xlsx' },
      file: { format: 'xlsx', name: 'associations.xlsx' },
    }),
    exported({
      id: 'subscriptions-export',
      label: `POST /subscriptions/export csv (all ${count(ctx.exports.subscriptions)})`,
      path: '/subscriptions/export',
      body: { format: 'csv' },
      file: { format: 'csv', name: 'subscriptions.csv', rows: ctx.exports.subscriptions },
    }),
    exported({
      id: 'payments-export',
      label: `POST /subscriptions/payments/export csv, one subscription (${count(ctx.exports.subscriptionPayments)})`,
      path: '/subscriptions/payments/export',
      body: { format: 'csv', subscription_id: ctx.subscriptionId },
      file: { format: 'csv', name: 'payments.csv', rows: ctx.exports.subscriptionPayments },
    }),
    exported({
      id: 'payments-export-association',
      label: `POST /subscriptions/payments/export csv, one association (${count(ctx.exports.associationPayments)})`,
      path: '/subscriptions/payments/export',
      body: { format: 'csv', association_id: ctx.associationId },
      file: { format: 'csv', name: 'payments.csv', rows: ctx.exports.associationPayments },
    }),
    exported({
      id: 'payments-export-association-xlsx',
      label: `POST /subscriptions/payments/export xlsx, one association (${count(ctx.exports.associationPayments)})`,
      path: '/subscriptions/payments/export',
      body: { format: 'xlsx', association_id: ctx.associationId },
      file: { format: 'xlsx', name: 'payments.xlsx', rows: ctx.exports.associationPayments },
    }),
    exported({
      id: 'requests-export',
      label: `POST /customers_requests/export csv, status submitted (${count(ctx.requests.submitted)})`,
      path: '/customers_requests/export',
      body: { format: 'csv', filters: { request_status_type_id: 2 } },
      file: { format: 'csv', name: 'service-requests.csv', rows: ctx.requests.submitted },
    }),
    exported({
      id: 'cash-report-export',
      label: `POST /reports/cash/associations/export csv (all ${count(ctx.exports.associations)})`,
      path: '/reports/cash/associations/export',
      body: { format: 'csv' },
      file: { format: 'csv', name: 'cash-report.csv', rows: ctx.exports.associations },
    }),
    exported({
      id: 'cash-forecast-export',
      label: 'POST /reports/cash/forecast/export xlsx (all associations, 90 days)',
      path: '/reports/cash/forecast/export',
      body: { format: 'xlsx' },
      file: { format: 'xlsx', name: 'cash-forecast.xlsx' },
    }),
    write({
      id: 'payments-receive',
      label: 'POST /subscriptions/payments/receive (one installment each)',
      path: '/subscriptions/payments/receive',
      pool: 'pending-installments',
      body: (id) => ({ ids: [id], reference: `${BENCH_REFERENCE}R${id}` }),
      check: arrayCheck,
    }),
    write({
      id: 'request-next',
      label: 'POST /customers_requests/action/{id} next',
      path: '/customers_requests/action/{id}',
      pool: 'requests-next',
      body: () => ({ type: 'next' }),
    }),
    write({
      id: 'request-move',
      label: 'POST /customers_requests/move/{id} (to a staff member)',
      path: '/customers_requests/move/{id}',
      pool: 'requests-any',
      repeatable: true,
      body: () => ({ user_id: ctx.ids.staff }),
    }),
    write({
      id: 'card-issue',
      label: 'POST /card-requests/{id}/decision issued',
      path: '/card-requests/{id}/decision',
      pool: 'card-requests-open',
      body: () => ({ status: 1 }),
    }),
    write({
      id: 'turn-move-approve',
      label: 'POST /associations/change-turn/{id} approved (moves the turn)',
      path: '/associations/change-turn/{id}',
      pool: 'turn-moves-approvable',
      body: () => ({ status: 1 }),
    }),
    write({
      id: 'payout-transfer',
      label: 'POST /subscriptions/{id}/transfer (a payout due)',
      path: '/subscriptions/{id}/transfer',
      pool: 'payouts-due',
      body: (id) => ({ reference: `${BENCH_REFERENCE}${id}`, date: today }),
    }),
    write({
      id: 'contact-reply',
      label: 'POST /contact/{id} (answer, mailed)',
      path: '/contact/{id}',
      pool: 'contacts-new',
      body: () => ({ reply: 'شكرًا لتواصلكم، الرسوم موضحة في صفحة الجمعية.' }),
    }),
    write({
      id: 'ticket-answer',
      label: 'POST /ticket/add/{id} (staff answer)',
      path: '/ticket/add/{id}',
      pool: 'tickets-open',
      repeatable: true,
      body: () => ({ message: 'تم استلام طلبك وجارٍ المراجعة.' }),
    }),
    write({
      id: 'notification-see',
      label: 'POST /user/notifications/see/{id}',
      path: '/user/notifications/see/{id}',
      pool: 'admin-notifications',
      repeatable: true,
    }),
  ];
}

/** Facts for listing the ids only (--only, --help). */
const NO_FACTS: TargetContext = {
  adminId: 1,
  userRows: 1,
  auditRows: 1,
  customers: { active: 0, inactive: 0 },
  associationId: 1,
  subscriptionId: 1,
  payments: { received: 0, late: 0, future: 0, on: '' },
  requests: { total: 0, live: 0, submitted: 0 },
  ids: { log: 1, payment: 1, request: 1, cardRequest: 1, ticket: 1, role: 1, staff: 1 },
  member: { id: 1, phone: '', subscriptionId: 1 },
  exports: { associations: 0, subscriptions: 0, subscriptionPayments: 0, associationPayments: 0 },
  cash: { collected: 0 },
};

export const TARGET_IDS = buildTargets(NO_FACTS).map((t) => t.id);
