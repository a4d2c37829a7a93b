import { piastresToPounds } from '@portal/shared/money';
import type { AssociationStatus, TAssociation, TAssociationListRequest } from '@portal/shared/schemas/associations';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { preparedRead } from '../../db/prepared.js';
import { type AssociationRow, associationDays, associations, subscriptions } from '../../db/schema/associations.js';
import { users } from '../../db/schema/users.js';
import type { Reader, Tx } from '../../db/transaction.js';
import { keysetBatches } from '../../lib/export.js';
import {
  cappedCount,
  cappedTotal,
  likeContains,
  listPage,
  orderBy,
  type PageWindow,
  ridingTotal,
} from '../../lib/list.js';

/** The generated code of an association, e.g. A-000042 (DESIGN §2). */
export function associationCode(id: number): string {
  return `A-${String(id).padStart(6, '0')}`;
}

/** The id a code names ("A-000042", "a42", "42"), or undefined. */
export function idOfCode(code: string): number | undefined {
  const digits = /^\s*(?:a-?)?0*(\d{1,9})\s*$/i.exec(code)?.[1];
  return digits ? Number(digits) : undefined;
}

/**
 * Status follows the dates (issue 22 §4, docs/decisions/0029): closed once closed by the daily job
 * or from to_date; started from from_date or a force start; pending before.
 */
export function associationStatus(
  row: Pick<AssociationRow, 'startedAt' | 'closedAt' | 'fromDate' | 'toDate'>,
  today: string,
): AssociationStatus {
  if (row.closedAt || row.toDate <= today) return 'closed';
  if (row.startedAt || row.fromDate <= today) return 'started';
  return 'pending';
}

export function toAssociationDto(row: AssociationRow, today: string): TAssociation {
  const type = row.type === 'vip' ? 'vip' : 'normal';
  const status = associationStatus(row, today);
  return {
    id: row.id,
    code: associationCode(row.id),
    title: row.title,
    association_type: type,
    associationType: type,
    cost: piastresToPounds(row.costPiastres),
    from_date: row.fromDate,
    fromDate: row.fromDate,
    to_date: row.toDate,
    status,
    started_at: row.startedAt ? new Date(row.startedAt).toISOString() : null,
    can_start: status === 'pending',
    closed_at: row.closedAt ? new Date(row.closedAt).toISOString() : null,
    numOfSubscription: row.subscriptionsCount,
    AvailableDays: Math.max(0, row.daysCount - row.subscriptionsCount),
    locked: row.subscriptionsCount > 0,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

const association = preparedRead('association', (db) =>
  db
    .select()
    .from(associations)
    .where(eq(associations.id, sql.placeholder('id'))),
);

export async function findAssociation(db: Reader, id: number): Promise<AssociationRow | undefined> {
  const [row] = await association(db).execute({ id });
  return row;
}

/** The association locked until the transaction ends (an edit, a delete, a start, an import). */
export async function lockAssociation(tx: Tx, id: number): Promise<AssociationRow | undefined> {
  const [row] = await tx.select().from(associations).where(eq(associations.id, id)).for('update');
  return row;
}

/** The default calendar in one statement: day n falls on from_date + n - 1. */
export async function generateDays(tx: Tx, associationId: number, fromDate: string, count: number): Promise<void> {
  await tx.execute(sql`insert into association_days (association_id, day_number, date)
    select ${associationId}, n, ${fromDate}::date + (n - 1) from generate_series(1, ${count}) as n`);
}

function filters(query: TAssociationListRequest, today: string): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.title) where.push(ilike(associations.title, likeContains(query.title)));
  if (query.search) where.push(ilike(associations.title, likeContains(query.search)));
  if (query.code !== undefined && query.code !== '') {
    const id = idOfCode(query.code);
    where.push(id === undefined ? sql`false` : eq(associations.id, id));
  }
  if (query.association_type) where.push(eq(associations.type, query.association_type));
  if (query.cost_min !== undefined) where.push(gte(associations.costPiastres, query.cost_min * 100));
  if (query.cost_max !== undefined) where.push(lte(associations.costPiastres, query.cost_max * 100));
  if (query.from_date) where.push(gte(associations.fromDate, query.from_date));
  if (query.to_date) where.push(lte(associations.toDate, query.to_date));
  const closed = sql`(${associations.closedAt} is not null or ${associations.toDate} <= ${today}::date)`;
  const begun = sql`(${associations.startedAt} is not null or ${associations.fromDate} <= ${today}::date)`;
  if (query.status === 'closed') where.push(closed);
  if (query.status === 'started') where.push(sql`${begun} and not ${closed}`);
  if (query.status === 'pending') where.push(sql`not ${begun} and not ${closed}`);
  return and(...where);
}

const SORT_COLUMNS = {
  id: associations.id,
  title: associations.title,
  cost: associations.costPiastres,
  from_date: associations.fromDate,
  to_date: associations.toDate,
};

export async function listAssociations(db: Reader, query: TAssociationListRequest, window: PageWindow, today: string) {
  const where = filters(query, today);
  const order = orderBy(SORT_COLUMNS, query.sortBy, query.sortOrder, associations.id);
  const matching = db.select({ one: sql`1` }).from(associations).where(where).getSQL();
  const page = await listPage(
    window,
    async (limit, offset) =>
      ridingTotal(
        await db
          .select({ row: associations, total: cappedTotal(matching) })
          .from(associations)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    () => cappedCount(db, matching),
  );
  return { ...page, data: page.data.map((r) => toAssociationDto(r.row, today)) };
}

/** The turn days with who holds each (active subscriptions), paged by day number. */
export async function listDays(
  db: Reader,
  associationId: number,
  options: { available?: boolean; order: 'asc' | 'desc' },
  window: PageWindow,
) {
  const where = and(
    eq(associationDays.associationId, associationId),
    options.available === true ? isNull(subscriptions.id) : undefined,
    options.available === false ? isNotNull(subscriptions.id) : undefined,
  );
  const base = () =>
    db
      .select({
        dayNumber: associationDays.dayNumber,
        date: associationDays.date,
        subscriptionId: subscriptions.id,
        userId: users.id,
        userName: users.name,
        userPhone: users.phone,
      })
      .from(associationDays)
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.associationId, associationDays.associationId),
          eq(subscriptions.dayNumber, associationDays.dayNumber),
          eq(subscriptions.status, 'active'),
        ),
      )
      .leftJoin(users, eq(users.id, subscriptions.userId));
  return listPage(
    window,
    async (limit, offset) =>
      (
        await base()
          .where(where)
          .orderBy(
            options.order === 'asc' ? sql`${associationDays.dayNumber} asc` : sql`${associationDays.dayNumber} desc`,
          )
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        day_number: r.dayNumber,
        date: r.date,
        subscription_id: r.subscriptionId,
        user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '', phone: r.userPhone ?? '' },
      })),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(associationDays)
        .leftJoin(
          subscriptions,
          and(
            eq(subscriptions.associationId, associationDays.associationId),
            eq(subscriptions.dayNumber, associationDays.dayNumber),
            eq(subscriptions.status, 'active'),
          ),
        )
        .where(where);
      return { total: row?.n ?? 0, atLeast: false };
    },
  );
}

/** Every association the filters match, newest first, in batches (exports). */
export function exportAssociations(
  db: Reader,
  query: TAssociationListRequest,
  today: string,
): AsyncGenerator<TAssociation[]> {
  const where = filters(query, today);
  return keysetBatches(
    async (before, limit) =>
      (
        await db
          .select()
          .from(associations)
          .where(and(where, before === null ? undefined : lt(associations.id, before)))
          .orderBy(desc(associations.id))
          .limit(limit)
      ).map((row) => toAssociationDto(row, today)),
    (a) => a.id,
  );
}
