import { ASSOCIATION_DURATION_DAYS } from '@portal/shared/constants';
import { piastresToPounds } from '@portal/shared/money';
import type {
  PaymentStatus,
  TPayment,
  TPaymentListRequest,
  TSubscription,
  TSubscriptionListRequest,
} from '@portal/shared/schemas/associations';
import { and, eq, gte, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { preparedRead } from '../../db/prepared.js';
import { associationDays, associations, installments, subscriptions } from '../../db/schema/associations.js';
import { users } from '../../db/schema/users.js';
import type { Reader } from '../../db/transaction.js';
import { type Count, cappedCount, listPage, orderBy, type PageWindow } from '../../lib/list.js';

/** The fields of a subscription as its list, its detail and its export read them. */
export const subscriptionFields = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  userName: users.name,
  userPhone: users.phone,
  date: associationDays.date,
  dayNumber: subscriptions.dayNumber,
  associationId: associations.id,
  associationTitle: associations.title,
  costPiastres: associations.costPiastres,
  amountPiastres: subscriptions.amountPiastres,
  transferStatus: subscriptions.transferStatus,
  transferReference: subscriptions.transferReference,
  transferDate: subscriptions.transferDate,
  payoutId: subscriptions.payoutId,
  status: subscriptions.status,
  createdAt: subscriptions.createdAt,
};

type SubscriptionRecord = {
  id: number;
  userId: number;
  userName: string;
  userPhone: string;
  date: string;
  dayNumber: number;
  associationId: number;
  associationTitle: string;
  costPiastres: number;
  amountPiastres: number;
  transferStatus: string;
  transferReference: string | null;
  transferDate: string | null;
  payoutId: number | null;
  status: string;
  createdAt: string;
};

export function toSubscriptionDto(r: SubscriptionRecord): TSubscription {
  return {
    id: r.id,
    user_id: r.userId,
    userName: r.userName,
    userPhone: r.userPhone,
    date: r.date,
    dayNumber: r.dayNumber,
    association: { id: r.associationId, title: r.associationTitle, cost: piastresToPounds(r.costPiastres) },
    amount: piastresToPounds(r.amountPiastres),
    transferStatus: r.transferStatus === 'paid' ? 'paid' : 'unpaid',
    transfer_reference: r.transferReference,
    transfer_date: r.transferDate,
    payout_id: r.payoutId === null ? null : Number(r.payoutId),
    subscription_status: r.status === 'cancelled' ? 'cancelled' : 'active',
    created_at: new Date(r.createdAt).toISOString(),
  };
}

function subscriptionsQuery(db: Reader) {
  return db
    .select(subscriptionFields)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(associations, eq(associations.id, subscriptions.associationId))
    .innerJoin(
      associationDays,
      and(
        eq(associationDays.associationId, subscriptions.associationId),
        eq(associationDays.dayNumber, subscriptions.dayNumber),
      ),
    );
}

const subscription = preparedRead('subscription', (db) =>
  subscriptionsQuery(db).where(eq(subscriptions.id, sql.placeholder('id'))),
);

export async function findSubscription(db: Reader, id: number): Promise<TSubscription | undefined> {
  const [row] = await subscription(db).execute({ id });
  return row ? toSubscriptionDto(row as SubscriptionRecord) : undefined;
}

function subscriptionFilters(query: TSubscriptionListRequest): SQL | undefined {
  return and(
    eq(subscriptions.status, query.subscription_status ?? 'active'),
    query.status ? eq(subscriptions.transferStatus, query.status) : undefined,
    query.association_id ? eq(subscriptions.associationId, query.association_id) : undefined,
    query.user_id ? eq(subscriptions.userId, query.user_id) : undefined,
    query.from_date ? gte(associationDays.date, query.from_date) : undefined,
    query.to_date ? lte(associationDays.date, query.to_date) : undefined,
  );
}

const SUBSCRIPTION_SORT = {
  id: subscriptions.id,
  date: associationDays.date,
  dayNumber: subscriptions.dayNumber,
  amount: subscriptions.amountPiastres,
};

/** A sum read from a rollup, as a number (bigint sums arrive as text). */
async function sumOf(db: Reader, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(await db.execute(query));
  return Number(row?.n ?? 0);
}

/** The rollups' day filter: the list's due-date or turn-date range. */
function daysWithin(column: SQL, range: { from_date?: string; to_date?: string }): SQL {
  return sql.join(
    [
      sql`true`,
      ...(range.from_date ? [sql`${column} >= ${range.from_date}::date`] : []),
      ...(range.to_date ? [sql`${column} <= ${range.to_date}::date`] : []),
    ],
    sql` and `,
  );
}

/**
 * The subscriptions list's total, exact from what the database keeps where the filters allow
 * (issue 22 item 3): active subscriptions per association (associations.subscriptions_count) and
 * active unpaid ones per turn date (ledger_day_totals.payouts_count, association 0 = all). Other
 * filters (a member, withdrawn ones, paid within dates) count, capped.
 */
async function countSubscriptions(
  db: Reader,
  query: TSubscriptionListRequest,
  capped: () => Promise<Count>,
): Promise<Count> {
  if (query.subscription_status !== 'active' || query.user_id !== undefined) return capped();
  const association = query.association_id ?? 0;
  const unpaid = () =>
    sumOf(
      db,
      sql`select sum(payouts_count) as n from ledger_day_totals
        where association_id = ${association} and ${daysWithin(sql`day`, query)}`,
    );
  if (query.status === 'unpaid') return { total: await unpaid(), atLeast: false };
  if (query.from_date || query.to_date) return capped();
  const active = await sumOf(
    db,
    query.association_id === undefined
      ? sql`select sum(subscriptions_count) as n from associations`
      : sql`select subscriptions_count as n from associations where id = ${query.association_id}`,
  );
  if (query.status === 'paid') return { total: active - (await unpaid()), atLeast: false };
  return { total: active, atLeast: false };
}

export async function listSubscriptions(db: Reader, query: TSubscriptionListRequest, window: PageWindow) {
  const where = subscriptionFilters(query);
  const order = orderBy(SUBSCRIPTION_SORT, query.sortBy, query.sortOrder, subscriptions.id);
  const page = await listPage(
    window,
    (limit, offset) =>
      subscriptionsQuery(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () =>
      countSubscriptions(db, query, () =>
        cappedCount(
          db,
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .innerJoin(
              associationDays,
              and(
                eq(associationDays.associationId, subscriptions.associationId),
                eq(associationDays.dayNumber, subscriptions.dayNumber),
              ),
            )
            .where(where)
            .getSQL(),
        ),
      ),
  );
  return { ...page, data: page.data.map((r) => toSubscriptionDto(r as SubscriptionRecord)) };
}

/* ------------------------------------------------------------------ payments */

/** Today as a value, or as the placeholder of a prepared read. */
type Today = string | Placeholder;

/** The reported state of an installment: stored pending/received/cancelled, late/future from today (Cairo). */
function statusSql(today: Today) {
  return sql<PaymentStatus>`case when ${installments.status} in ('received', 'cancelled') then ${installments.status}
    when ${installments.dueDate} < ${today}::date then 'late' else 'future' end`;
}

/** The fields of an installment as its list, its detail and its export read them. */
export function paymentFields(today: Today) {
  return {
    id: installments.id,
    userId: users.id,
    userName: users.name,
    userPhone: users.phone,
    associationId: associations.id,
    associationTitle: associations.title,
    costPiastres: associations.costPiastres,
    subscriptionId: installments.subscriptionId,
    dayNumber: installments.dayNumber,
    dueDate: installments.dueDate,
    status: statusSql(today),
    amountPiastres: installments.amountPiastres,
    daysLate: sql<number>`case when ${installments.status} = 'pending' and ${installments.dueDate} < ${today}::date
      then (${today}::date - ${installments.dueDate})::int else 0 end`,
    reference: installments.reference,
    note: installments.note,
    receivedAt: installments.receivedAt,
    receiptId: installments.receiptId,
    receiptNumber: sql<string | null>`(select r.number from receipts r where r.id = ${installments.receiptId})`,
  };
}

type PaymentRecord = {
  id: number;
  userId: number;
  userName: string;
  userPhone: string;
  associationId: number;
  associationTitle: string;
  costPiastres: number;
  subscriptionId: number;
  dayNumber: number;
  dueDate: string;
  status: PaymentStatus;
  amountPiastres: number;
  daysLate: number;
  reference: string | null;
  note: string | null;
  receivedAt: string | null;
  receiptId: number | null;
  receiptNumber: string | null;
};

function toPaymentDto(r: PaymentRecord): TPayment {
  return {
    id: Number(r.id),
    user: { id: r.userId, name: r.userName, phone: r.userPhone },
    association: { id: r.associationId, title: r.associationTitle, cost: piastresToPounds(r.costPiastres) },
    association_id: r.associationId,
    subscription_id: r.subscriptionId,
    dayNumber: r.dayNumber,
    dueDate: r.dueDate,
    status: r.status,
    amount: piastresToPounds(r.amountPiastres),
    days_late: Number(r.daysLate),
    reference: r.reference,
    note: r.note,
    received_at: r.receivedAt ? new Date(r.receivedAt).toISOString() : null,
    receipt: r.receiptId === null ? null : { id: Number(r.receiptId), number: r.receiptNumber ?? '' },
  };
}

function paymentsQuery(db: Reader, today: Today) {
  return db
    .select(paymentFields(today))
    .from(installments)
    .innerJoin(users, eq(users.id, installments.userId))
    .innerJoin(associations, eq(associations.id, installments.associationId));
}

function paymentFilters(query: TPaymentListRequest, today: string): SQL | undefined {
  let status: SQL | undefined;
  if (query.status === 'received') status = eq(installments.status, 'received');
  if (query.status === 'late') status = and(eq(installments.status, 'pending'), lt(installments.dueDate, today));
  if (query.status === 'future') status = and(eq(installments.status, 'pending'), gte(installments.dueDate, today));
  if (query.status === 'cancelled') status = eq(installments.status, 'cancelled');
  return and(
    status,
    query.association_id ? eq(installments.associationId, query.association_id) : undefined,
    query.user_id ? eq(installments.userId, query.user_id) : undefined,
    query.subscription_id ? eq(installments.subscriptionId, query.subscription_id) : undefined,
    query.from_date ? gte(installments.dueDate, query.from_date) : undefined,
    query.to_date ? lte(installments.dueDate, query.to_date) : undefined,
  );
}

const payment = preparedRead('payment', (db) =>
  paymentsQuery(db, sql.placeholder('today')).where(eq(installments.id, sql.placeholder('id'))),
);

export async function findPayment(db: Reader, id: number, today: string): Promise<TPayment | undefined> {
  const [row] = await payment(db).execute({ id, today });
  return row ? toPaymentDto(row as PaymentRecord) : undefined;
}

/**
 * The payments list's total, exact from the rollups the database keeps where the filters allow
 * (issue 22 item 3; the dashboard reads the same): late and future installments per association
 * and due date (ledger_day_totals.pending_count, association 0 = all), every state per due date
 * over all associations (installment_day_counts). One subscription has at most one installment a
 * turn day, so its list is counted exactly; other filters (a member, received or cancelled in one
 * association) count, capped.
 */
async function countPayments(
  db: Reader,
  query: TPaymentListRequest,
  today: string,
  capped: (cap?: number) => Promise<Count>,
): Promise<Count> {
  if (query.subscription_id !== undefined) return capped(ASSOCIATION_DURATION_DAYS);
  if (query.user_id !== undefined) return capped();
  if (query.status === 'late' || query.status === 'future') {
    const side = query.status === 'late' ? sql`day < ${today}::date` : sql`day >= ${today}::date`;
    const total = await sumOf(
      db,
      sql`select sum(pending_count) as n from ledger_day_totals
        where association_id = ${query.association_id ?? 0} and ${side} and ${daysWithin(sql`day`, query)}`,
    );
    return { total, atLeast: false };
  }
  if (query.association_id !== undefined) return capped();
  const counted =
    query.status === 'received'
      ? sql`received`
      : query.status === 'cancelled'
        ? sql`cancelled`
        : sql`pending + received + cancelled`;
  const total = await sumOf(
    db,
    sql`select sum(${counted}) as n from installment_day_counts
      where ${daysWithin(sql`due_date`, query)}`,
  );
  return { total, atLeast: false };
}

export async function listPayments(db: Reader, query: TPaymentListRequest, today: string, window: PageWindow) {
  const where = paymentFilters(query, today);
  const order = orderBy(
    { id: installments.id, dueDate: installments.dueDate },
    query.sortBy,
    query.sortOrder,
    installments.id,
  );
  const page = await listPage(
    window,
    (limit, offset) =>
      paymentsQuery(db, today)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () =>
      countPayments(db, query, today, (cap) =>
        cappedCount(db, db.select({ one: sql`1` }).from(installments).where(where).getSQL(), cap),
      ),
  );
  return { ...page, data: page.data.map((r) => toPaymentDto(r as PaymentRecord)) };
}

/** What the payments export reads: every installment the filters match (lib/export-query.ts). */
export function paymentExport(query: TPaymentListRequest, today: string) {
  return {
    from: sql`${installments}
      join ${users} on ${users.id} = ${installments.userId}
      join ${associations} on ${associations.id} = ${installments.associationId}`,
    where: paymentFilters(query, today),
    key: sql`${installments.id}`,
  };
}

/** What the subscriptions export reads: every subscription the filters match (lib/export-query.ts). */
export function subscriptionExport(query: TSubscriptionListRequest) {
  return {
    from: sql`${subscriptions}
      join ${users} on ${users.id} = ${subscriptions.userId}
      join ${associations} on ${associations.id} = ${subscriptions.associationId}
      join ${associationDays} on ${associationDays.associationId} = ${subscriptions.associationId}
        and ${associationDays.dayNumber} = ${subscriptions.dayNumber}`,
    where: subscriptionFilters(query),
    key: sql`${subscriptions.id}`,
  };
}
