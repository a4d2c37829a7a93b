/**
 * What `npm run bench:api` loads, and the DESIGN §5 budget each must meet.
 * A later issue that adds an endpoint adds a target here (and, if it needs
 * rows, a step in seed-sql.ts); nothing else has to change.
 */

export type Engine = 'postgres' | 'pglite';

/** The administrator the app seeds on its first start (README), as which the bench logs in. */
export const ADMIN = { phone: '01000000000', password: 'Admin@12345' } as const;

export type Budget = {
  /** Shown in the table, e.g. "≥ 1,000 req/s, p99 < 20 ms". */
  text: string;
  minRps?: number;
  maxP99Ms?: number;
};

export type Target = {
  /** Stable id: --only takes these, bench-results/api.json keys on them. */
  id: string;
  label: string;
  /** 'bare' is the minimal Fastify server of the same run (the machine's ceiling); 'app' the portal. */
  server: 'bare' | 'app';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Sends the administrator's bearer token. */
  auth: boolean;
  /** Per engine; absent: no budget (a reference figure). */
  budget: Partial<Record<Engine, Budget>>;
  /** Sanity check of one response before the load: returns a problem, or a note for the report. */
  check?: (body: unknown) => { problem?: string; note?: string };
};

/** What the targets are built from: facts of the seeded database and the login. */
export type TargetContext = {
  adminId: number;
  /** Rows the administrator's users list counts (admin_users sees removed users too). */
  userRows: number;
  auditRows: number;
  /** Exact live customers by state, computed in SQL after the seed. */
  customers: { active: number; inactive: number };
  /** A running association and one subscription of the seed. */
  associationId: number;
  subscriptionId: number;
  /** Exact installments by state today (received, late, future). */
  payments: { received: number; late: number; future: number };
};

/** The common name fragment of the name-filter target; seed-sql.ts makes it hit a few per cent of users. */
export const NAME_FRAGMENT = 'يوسف';
/** The action the logs filter asks for; seed-sql.ts gives it about 18 % of the audit rows. */
export const LOG_ACTION = 'users.update';
export const PER_PAGE = 10;
export const DEEP_PAGE = 5000;

const PG_LIST: Budget = { text: '≥ 1,000 req/s, p99 < 20 ms', minRps: 1000, maxP99Ms: 20 };
const PGLITE_LIST: Budget = { text: 'p99 < 60 ms', maxP99Ms: 60 };
const LIST = { postgres: PG_LIST, pglite: PGLITE_LIST };

/** A page that exists: page 5000 when the table has it, else one near its end (smaller PGlite data set). */
function deepPage(rows: number): number {
  return Math.max(1, Math.min(DEEP_PAGE, Math.floor((rows * 0.9) / PER_PAGE)));
}

type ListBody = { data?: { data?: unknown[]; total?: number } };

/** A list answered with rows; the note gives the total it reported. */
function listCheck(body: unknown): { problem?: string; note?: string } {
  const data = (body as ListBody)?.data;
  if (!Array.isArray(data?.data)) return { problem: 'no data.data array in the response' };
  if (data.data.length === 0) return { problem: 'the page is empty (nothing measured but an empty read)' };
  return { note: `${data.data.length} rows of total ${data.total?.toLocaleString('en-US') ?? '?'}` };
}

export function buildTargets(ctx: TargetContext): Target[] {
  const usersDeep = deepPage(ctx.userRows);
  const logsDeep = deepPage(ctx.auditRows);
  return [
    {
      id: 'bare',
      label: 'bare Fastify GET / (ceiling)',
      server: 'bare',
      method: 'GET',
      path: '/',
      auth: false,
      budget: {},
    },
    {
      id: 'health',
      label: 'GET /health',
      server: 'app',
      method: 'GET',
      path: '/api/v1/health',
      auth: false,
      budget: {},
    },
    {
      id: 'get-by-id',
      label: 'GET /users/{admin id}',
      server: 'app',
      method: 'GET',
      path: `/api/v1/users/${ctx.adminId}`,
      auth: true,
      budget: { postgres: { text: '≥ 5,000 req/s', minRps: 5000 } },
      check: (body) =>
        (body as { data?: { id?: number } })?.data?.id === ctx.adminId ? {} : { problem: 'not the administrator' },
    },
    {
      id: 'users-page-1',
      label: 'POST /users page 1',
      server: 'app',
      method: 'POST',
      path: '/api/v1/users',
      body: { page: 1, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'users-name',
      label: `POST /users name "${NAME_FRAGMENT}"`,
      server: 'app',
      method: 'POST',
      path: '/api/v1/users',
      body: { name: NAME_FRAGMENT },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'users-deep',
      label: `POST /users page ${usersDeep}`,
      server: 'app',
      method: 'POST',
      path: '/api/v1/users',
      body: { page: usersDeep, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'logs-page-1',
      label: 'POST /logs page 1',
      server: 'app',
      method: 'POST',
      path: '/api/v1/logs',
      body: { page: 1, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'logs-action',
      label: `POST /logs action "${LOG_ACTION}"`,
      server: 'app',
      method: 'POST',
      path: '/api/v1/logs',
      body: { action: LOG_ACTION },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'logs-deep',
      label: `POST /logs page ${logsDeep}`,
      server: 'app',
      method: 'POST',
      path: '/api/v1/logs',
      body: { page: logsDeep, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'associations-page-1',
      label: 'POST /associations page 1',
      server: 'app',
      method: 'POST',
      path: '/api/v1/associations',
      body: { page: 1, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'association-by-id',
      label: 'GET /associations/{id}',
      server: 'app',
      method: 'GET',
      path: `/api/v1/associations/${ctx.associationId}`,
      auth: true,
      budget: { postgres: { text: '≥ 5,000 req/s', minRps: 5000 } },
    },
    {
      id: 'subscriptions-page-1',
      label: 'POST /subscriptions page 1',
      server: 'app',
      method: 'POST',
      path: '/api/v1/subscriptions',
      body: { page: 1, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'subscription-by-id',
      label: 'GET /subscriptions/{id} (with its installments summed)',
      server: 'app',
      method: 'GET',
      path: `/api/v1/subscriptions/${ctx.subscriptionId}`,
      auth: true,
      budget: { postgres: { text: '≥ 5,000 req/s', minRps: 5000 } },
    },
    {
      id: 'payments-page-1',
      label: 'POST /subscriptions/payments page 1',
      server: 'app',
      method: 'POST',
      path: '/api/v1/subscriptions/payments',
      body: { page: 1, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'payments-late',
      label: 'POST /subscriptions/payments status late',
      server: 'app',
      method: 'POST',
      path: '/api/v1/subscriptions/payments',
      body: { status: 'late', perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'payments-association',
      label: 'POST /subscriptions/payments one association',
      server: 'app',
      method: 'POST',
      path: '/api/v1/subscriptions/payments',
      body: { association_id: ctx.associationId, perPage: PER_PAGE },
      auth: true,
      budget: LIST,
      check: listCheck,
    },
    {
      id: 'dashboard',
      label: 'GET /dashbored/count',
      server: 'app',
      method: 'GET',
      path: '/api/v1/dashbored/count',
      auth: true,
      budget: { postgres: { text: 'p99 < 5 ms', maxP99Ms: 5 } },
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
        // Not a failure of the route: counters kept by service code miss the bench's bulk seed.
        return {
          note:
            `counts differ from the exact ones: active ${counts.active_user} vs ${exact.active}, ` +
            `inactive ${counts.inactive_user} vs ${exact.inactive}; payments ${paid.payments_received}/` +
            `${paid.payments_late}/${paid.payments_future} vs ${payments.received}/${payments.late}/${payments.future}`,
        };
      },
    },
  ];
}

export const TARGET_IDS = buildTargets({
  adminId: 1,
  userRows: 1,
  auditRows: 1,
  customers: { active: 0, inactive: 0 },
  associationId: 1,
  subscriptionId: 1,
  payments: { received: 0, late: 0, future: 0 },
}).map((t) => t.id);
