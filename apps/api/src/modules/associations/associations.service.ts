import { ASSOCIATION_DURATION_DAYS } from '@portal/shared/constants';
import { poundsToPiastres } from '@portal/shared/money';
import type {
  TAssociation,
  TAssociationCreateRequest,
  TAssociationListRequest,
  TAssociationUpdateRequest,
  TDaysImportResult,
} from '@portal/shared/schemas/associations';
import { associationEndDate } from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { associationDays, associations, subscriptions } from '../../db/schema/associations.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { pageWindow } from '../../lib/list.js';
import type { TableRow } from '../../lib/table-file.js';
import {
  findAssociation,
  generateDays,
  listAssociations as listAssociationRows,
  listDays,
  lockAssociation,
  toAssociationDto,
} from './associations.repository.js';

export async function listAssociations(
  ctx: AppContext,
  query: TAssociationListRequest,
): Promise<TListPage<TAssociation>> {
  return listAssociationRows(ctx.db, query, pageWindow(query.page, query.perPage), ctx.clock.today());
}

export async function getAssociation(ctx: AppContext, id: number): Promise<TAssociation> {
  const found = await findAssociation(ctx.db, id);
  if (!found) throw AppError.notFound();
  return toAssociationDto(found, ctx.clock.today());
}

/** Create: the association and its 1,200 turn days (day n on from_date + n − 1) in one transaction. */
export async function createAssociation(ctx: AppContext, input: TAssociationCreateRequest): Promise<TAssociation> {
  const id = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(associations)
      .values({
        title: input.title,
        type: input.association_type,
        costPiastres: poundsToPiastres(input.cost),
        fromDate: input.from_date as string,
        // A start date that has come: running from its creation (issue 22 §4).
        startedAt: (input.from_date as string) <= ctx.clock.today() ? sql`now()` : null,
        createdBy: callerOf(ctx).userId,
      })
      .returning({ id: associations.id });
    if (!row) throw new Error('association insert returned nothing');
    await generateDays(tx.db, row.id, input.from_date as string, ASSOCIATION_DURATION_DAYS);
    return row.id;
  });
  return getAssociation(ctx, id);
}

/**
 * Edit: the title always; cost, type and from_date only while nobody holds a day (the
 * installments already written follow them). A new from_date moves the default calendar.
 */
export async function updateAssociation(
  ctx: AppContext,
  id: number,
  input: TAssociationUpdateRequest,
): Promise<TAssociation> {
  await inTransaction(ctx, async (tx) => {
    const row = await lockAssociation(tx.db, id);
    if (!row) throw AppError.notFound();
    const cost = poundsToPiastres(input.cost);
    const fromDate = input.from_date as string;
    const terms = cost !== row.costPiastres || input.association_type !== row.type || fromDate !== row.fromDate;
    if (terms && row.subscriptionsCount > 0) {
      throw AppError.conflict('associations.errors.locked', [{ field: 'cost', key: 'associations.errors.locked' }]);
    }
    await tx.db
      .update(associations)
      .set({ title: input.title, costPiastres: cost, type: input.association_type, fromDate, updatedAt: sql`now()` })
      .where(eq(associations.id, id));
    if (fromDate !== row.fromDate) {
      await tx.db
        .update(associationDays)
        .set({ date: sql`${fromDate}::date + (${associationDays.dayNumber} - 1)` })
        .where(eq(associationDays.associationId, id));
    }
  });
  return getAssociation(ctx, id);
}

/** Delete: never once started (SPEC §8) nor once anyone subscribed; the days go with it. */
export async function deleteAssociation(ctx: AppContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await lockAssociation(tx.db, id);
    if (!row) throw AppError.notFound();
    if (row.startedAt || row.fromDate <= ctx.clock.today())
      throw AppError.conflict('associations.errors.started_delete');
    const [held] = await tx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.associationId, id))
      .limit(1);
    if (held) throw AppError.conflict('associations.errors.subscribed_delete');
    await tx.db.delete(associations).where(eq(associations.id, id));
  });
}

/**
 * Force start (POST /associations/status): only while pending — not started, its start date not
 * come (from then on it is running by itself), not closed — decided by the update itself.
 */
export async function startAssociation(ctx: AppContext, id: number): Promise<TAssociation> {
  await inTransaction(ctx, async (tx) => {
    const [started] = await tx.db
      .update(associations)
      .set({ startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(associations.id, id),
          sql`${associations.startedAt} is null and ${associations.closedAt} is null`,
          sql`${associations.fromDate} > ${ctx.clock.today()}::date`,
        ),
      )
      .returning({ id: associations.id });
    if (started) return;
    const exists = await lockAssociation(tx.db, id);
    if (!exists) throw AppError.notFound();
    throw AppError.conflict('associations.errors.already_started');
  });
  return getAssociation(ctx, id);
}

export async function associationDaysPage(
  ctx: AppContext,
  id: number,
  query: { page: number; perPage: number; sortOrder: 'asc' | 'desc'; available?: boolean },
) {
  if (!(await findAssociation(ctx.db, id))) throw AppError.notFound();
  return listDays(
    ctx.db,
    id,
    { available: query.available, order: query.sortOrder },
    pageWindow(query.page, query.perPage),
  );
}

type DayChange = { dayNumber: number; date: string };

/**
 * Checks every row of a days file against the association (SPEC §2, DESIGN §2): day_number a
 * day of the association, date a real day within from_date..to_date, no number twice, and no
 * held day whose date would change. Then the calendar the file would make (its days over the
 * current ones): no two days on one date, the dates in day order (each day after the one
 * before it), and no day with installments still owed moved into the past (they would be late
 * at once). Every bad row is named, one reason each; the good rows are returned only when there
 * is no bad one. `today` is Cairo's.
 */
async function checkDays(
  ctx: AppContext,
  association: { id: number; fromDate: string; toDate: string },
  rows: TableRow[],
  today: string,
): Promise<{ changes: DayChange[]; problems: FieldError[] }> {
  const current = rowsOf<{ day_number: number; date: string; held: boolean }>(
    await ctx.db.execute(sql`select d.day_number, d.date::text as date,
        exists (select 1 from subscriptions s where s.association_id = d.association_id
                and s.day_number = d.day_number and s.status = 'active') as held
      from association_days d where d.association_id = ${association.id}`),
  );
  const days = new Map(current.map((d) => [Number(d.day_number), d]));
  const seen = new Set<number>();
  const problems: FieldError[] = [];
  const changes: DayChange[] = [];
  /** The rows that passed the checks of a row alone, with the day and date they give. */
  const placed: { row: TableRow; dayNumber: number; date: string }[] = [];
  const problem = (row: TableRow, field: string, key: string, params: Record<string, string | number> = {}) =>
    problems.push({ field: `row.${row.line}.${field}`, key, params: { ...params, line: row.line } });
  for (const row of rows) {
    const numberText = row.cells.day_number ?? '';
    const dateText = (row.cells.date ?? '').replace(/\//g, '-');
    const dayNumber = /^\d{1,4}$/.test(numberText) ? Number(numberText) : Number.NaN;
    const dateOk =
      /^\d{4}-\d{2}-\d{2}$/.test(dateText) &&
      !Number.isNaN(Date.parse(`${dateText}T00:00:00Z`)) &&
      new Date(`${dateText}T00:00:00Z`).toISOString().slice(0, 10) === dateText;
    if (!Number.isInteger(dayNumber)) {
      problem(row, 'day_number', 'associations.errors.row_number');
      continue;
    }
    if (seen.has(dayNumber)) {
      problem(row, 'day_number', 'associations.errors.row_repeated');
      continue;
    }
    seen.add(dayNumber);
    const day = days.get(dayNumber);
    if (!day) {
      problem(row, 'day_number', 'associations.errors.row_unknown_day');
      continue;
    }
    if (!dateOk) {
      problem(row, 'date', 'associations.errors.row_date');
      continue;
    }
    if (dateText < association.fromDate || dateText > association.toDate) {
      problem(row, 'date', 'associations.errors.row_out_of_range', {
        from: association.fromDate,
        to: association.toDate,
      });
      continue;
    }
    if (dateText !== day.date) {
      if (day.held) {
        problem(row, 'date', 'associations.errors.row_held');
        continue;
      }
      changes.push({ dayNumber, date: dateText });
    }
    placed.push({ row, dayNumber, date: dateText });
  }
  problems.push(...(await checkCalendar(ctx, association.id, days, placed, changes, today)));
  // In the file's order, whichever check found them.
  problems.sort((a, b) => Number(a.params?.line ?? 0) - Number(b.params?.line ?? 0));
  return { changes, problems };
}

/**
 * The calendar a file would make, row by row (checkDays): a row moving a day that still has
 * pending installments to before today; a row whose date another day also has; a row whose date
 * is not between the dates of the days before and after it. One reason per row, in that order.
 * Days the file does not name keep their dates, so a row is judged against them too.
 */
async function checkCalendar(
  ctx: AppContext,
  associationId: number,
  days: ReadonlyMap<number, { date: string }>,
  placed: { row: TableRow; dayNumber: number; date: string }[],
  changes: DayChange[],
  today: string,
): Promise<FieldError[]> {
  const final = new Map([...days].map(([n, d]) => [n, d.date]));
  for (const change of changes) final.set(change.dayNumber, change.date);
  const byDate = new Map<string, number[]>();
  for (const [n, date] of final) byDate.set(date, [...(byDate.get(date) ?? []), n]);
  const numbers = [...final.keys()].sort((a, b) => a - b);
  const position = new Map(numbers.map((n, i) => [n, i]));

  // Owed installments are due on their day's current date (an import moves them with it), so the
  // days moved into the past that still have one are found by the (association, due date) index.
  const intoPast = changes.filter((c) => c.date < today);
  const owed = new Set<number>();
  if (intoPast.length > 0) {
    const moved = sql.join(
      intoPast.map((c) => sql`(${c.dayNumber}::int, ${days.get(c.dayNumber)?.date ?? null}::date)`),
      sql`, `,
    );
    const found = rowsOf<{ day_number: number }>(
      await ctx.db.execute(sql`select v.day_number from (values ${moved}) as v(day_number, due)
        where exists (select 1 from installments i where i.association_id = ${associationId}
          and i.due_date = v.due and i.day_number = v.day_number and i.status = 'pending')`),
    );
    for (const r of found) owed.add(Number(r.day_number));
  }

  const problems: FieldError[] = [];
  for (const { row, dayNumber, date } of placed) {
    const field = `row.${row.line}.date`;
    const others = (byDate.get(date) ?? []).filter((n) => n !== dayNumber);
    const at = position.get(dayNumber) ?? 0;
    const before = numbers[at - 1];
    const after = numbers[at + 1];
    if (owed.has(dayNumber)) {
      problems.push({ field, key: 'associations.errors.row_past_pending', params: { line: row.line, date } });
    } else if (others.length > 0) {
      problems.push({
        field,
        key: 'associations.errors.row_same_date',
        params: { line: row.line, date, day: others.join(', ') },
      });
    } else if (before !== undefined && (final.get(before) ?? '') > date) {
      problems.push({
        field,
        key: 'associations.errors.row_order_before',
        params: { line: row.line, day: before, date: final.get(before) ?? '' },
      });
    } else if (after !== undefined && (final.get(after) ?? '') < date) {
      problems.push({
        field,
        key: 'associations.errors.row_order_after',
        params: { line: row.line, day: after, date: final.get(after) ?? '' },
      });
    }
  }
  return problems;
}

/** The problems of a file as one 422; each message names its line. */
function importRefused(problems: FieldError[]): AppError {
  return new AppError(422, 'associations.errors.import_bad_rows', {}, problems);
}

/**
 * POST /associations/days/import: a preview (apply false) or the import. The file's rows are
 * all checked first; with any bad row nothing changes (422 naming every row). Otherwise the
 * changed days and the pending installments due on them move in one transaction, and the
 * association's days_version is bumped so the import is one audited change of the association.
 */
export async function importDays(
  ctx: AppContext,
  associationId: number,
  rows: TableRow[],
  apply: boolean,
): Promise<TDaysImportResult> {
  const found = await findAssociation(ctx.db, associationId);
  if (!found) throw AppError.notFound();
  const today = ctx.clock.today();
  const { problems, changes } = await checkDays(ctx, found, rows, today);
  if (problems.length > 0) throw importRefused(problems);
  if (!apply) return { rows: rows.length, changed: changes.length, applied: false };
  const changed = await inTransaction(ctx, async (tx) => {
    const row = await lockAssociation(tx.db, associationId);
    if (!row) throw AppError.notFound();
    // Checked again with the association locked: a subscription made since may hold a day now.
    const again = await checkDays({ ...ctx, db: tx.db }, row, rows, today);
    if (again.problems.length > 0) throw importRefused(again.problems);
    if (again.changes.length === 0) return 0;
    const changed = sql`(values ${sql.join(
      again.changes.map((c) => sql`(${c.dayNumber}::int, ${c.date}::date)`),
      sql`, `,
    )}) as v(day_number, date)`;
    await tx.db.execute(sql`update association_days d set date = v.date from ${changed}
      where d.association_id = ${associationId} and d.day_number = v.day_number`);
    await tx.db.execute(sql`update installments i set due_date = v.date from ${changed}
      where i.association_id = ${associationId} and i.day_number = v.day_number and i.status = 'pending'`);
    await tx.db
      .update(associations)
      .set({ daysVersion: sql`${associations.daysVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(associations.id, associationId));
    return again.changes.length;
  });
  return { rows: rows.length, changed, applied: true };
}

export { associationEndDate };
