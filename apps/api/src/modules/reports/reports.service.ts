import { piastresToPounds } from '@portal/shared/money';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TAssociationCash,
  TCashReport,
  TCashReportListRequest,
  TCashReportRow,
  TForecast,
  TMemberBalance,
} from '@portal/shared/schemas/reports';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, viewerOf } from '../../lib/context.js';
import { keysetBatches } from '../../lib/export.js';
import { cappedCount, listPage, pageWindow } from '../../lib/list.js';
import { associationCode, associationStatus } from '../associations/associations.repository.js';
import { memberBalance, userExists } from './balance.repository.js';
import {
  type AssociationBase,
  associationsBefore,
  associationsCountQuery,
  associationsPage,
  figuresByAssociation,
  figuresDto,
  findAssociationBase,
  forecast,
  negativeDays,
  overallFigures,
} from './reports.repository.js';

/**
 * The association's ledger, the cash report and a member's balance (issue 20 §4,
 * docs/decisions/0030-cash-report.md). Staff read them with payments.index (the route says so);
 * a member reads their own balance under /me, scoped by the session.
 */

function associationDto(row: AssociationBase, today: string) {
  return {
    id: Number(row.id),
    code: associationCode(Number(row.id)),
    title: row.title,
    status: associationStatus(
      { startedAt: row.started_at, closedAt: row.closed_at, fromDate: row.from_date, toDate: row.to_date },
      today,
    ),
    cost: piastresToPounds(row.cost_piastres),
    from_date: row.from_date,
    to_date: row.to_date,
  };
}

/** GET /reports/cash/associations/{id}: the Ledger tab. */
export async function getAssociationCash(ctx: AppContext, id: number): Promise<TAssociationCash> {
  const today = ctx.clock.today();
  const row = await findAssociationBase(ctx.db, id);
  if (!row) throw AppError.notFound();
  const [figures, days] = await Promise.all([figuresByAssociation(ctx.db, [id], today), forecast(ctx.db, today, id)]);
  const mine = figures.get(id);
  if (!mine) throw AppError.notFound();
  return { as_of: today, association: associationDto(row, today), figures: figuresDto(mine), forecast: days };
}

/** GET /reports/cash: every association together. */
export async function getCashReport(ctx: AppContext): Promise<TCashReport> {
  const today = ctx.clock.today();
  const [overall, days] = await Promise.all([overallFigures(ctx.db, today), forecast(ctx.db, today)]);
  return { as_of: today, associations: Number(overall.associations), figures: figuresDto(overall), forecast: days };
}

async function reportRows(ctx: AppContext, rows: AssociationBase[], today: string): Promise<TCashReportRow[]> {
  const ids = rows.map((r) => Number(r.id));
  const [figures, negative] = await Promise.all([
    figuresByAssociation(ctx.db, ids, today),
    negativeDays(ctx.db, ids, today),
  ]);
  return rows.flatMap((row) => {
    const found = figures.get(Number(row.id));
    if (!found) return [];
    return [
      {
        ...associationDto(row, today),
        figures: figuresDto(found),
        negative_on: negative.get(Number(row.id)) ?? null,
      },
    ];
  });
}

/** POST /reports/cash/associations: the report's lines, a page at a time. */
export async function listCashRows(ctx: AppContext, query: TCashReportListRequest): Promise<TListPage<TCashReportRow>> {
  const today = ctx.clock.today();
  const window = pageWindow(query.page, query.perPage);
  const page = await listPage(
    window,
    (limit, offset) => associationsPage(ctx.db, query, today, limit, offset),
    () => cappedCount(ctx.db, associationsCountQuery(query, today)),
  );
  return { ...page, data: await reportRows(ctx, page.data, today) };
}

/** POST /reports/cash/associations/export: every line the filters match, in batches. */
export function exportCashRows(ctx: AppContext, query: TCashReportListRequest): AsyncGenerator<TCashReportRow[]> {
  const today = ctx.clock.today();
  return keysetBatches(
    async (before, limit) => reportRows(ctx, await associationsBefore(ctx.db, query, today, before, limit), today),
    (row) => row.id,
  );
}

/** The forecast of one association (404 if there is none) or of all, for its export. */
export async function getForecast(ctx: AppContext, associationId?: number): Promise<TForecast> {
  const today = ctx.clock.today();
  if (associationId !== undefined && !(await findAssociationBase(ctx.db, associationId))) throw AppError.notFound();
  return forecast(ctx.db, today, associationId);
}

/** GET /users/{id}/balance: any user's balance (staff, payments.index); an unknown id is 404. */
export async function getMemberBalance(ctx: AppContext, userId: number): Promise<TMemberBalance> {
  if (!(await userExists(ctx.db, userId))) throw AppError.notFound();
  return memberBalance(ctx.db, userId, ctx.clock.today());
}

/** GET /me/balance: the caller's own, whatever id anyone might name (there is none to name). */
export async function getMyBalance(ctx: AppContext): Promise<TMemberBalance> {
  return memberBalance(ctx.db, viewerOf(ctx).id, ctx.clock.today());
}

/** Rows of an export that has all its rows at once (a forecast, a balance): one batch. */
export async function* oneBatch<T>(rows: Promise<T[]>): AsyncGenerator<T[]> {
  const all = await rows;
  if (all.length > 0) yield all;
}
