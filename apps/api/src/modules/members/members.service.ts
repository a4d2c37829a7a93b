import { piastresToPounds } from '@portal/shared/money';
import type { TSubscriptionQuote } from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TAvailableDays,
  TJoinRequest,
  TMySubscription,
  TOpenAssociation,
  TOpenAssociationsRequest,
  TStatement,
} from '@portal/shared/schemas/members';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, viewerOf } from '../../lib/context.js';
import { pageWindow } from '../../lib/list.js';
import type { RawJson } from '../../lib/raw-json.js';
import { quoteSubscription, subscribe } from '../subscriptions/subscriptions.service.js';
import {
  availableDays,
  mySubscription,
  mySubscriptions,
  openAssociations,
  statementBody,
} from './members.repository.js';

/**
 * "My associations": what a member holds, their statement, the associations they may join and
 * joining one (docs/decisions/0018-members.md). The caller's id is in every query.
 */

export async function listMySubscriptions(ctx: AppContext): Promise<TMySubscription[]> {
  return mySubscriptions(ctx.db, viewerOf(ctx).id, ctx.clock.today());
}

export async function getMySubscription(ctx: AppContext, id: number): Promise<TMySubscription> {
  const found = await mySubscription(ctx.db, viewerOf(ctx).id, id, ctx.clock.today());
  if (!found) throw AppError.notFound();
  return found;
}

/** A statement as the API sends it: the rows as the JSON text PostgreSQL wrote (lib/raw-json.ts). */
export type StatementAnswer = Omit<TStatement, 'rows'> & { rows: RawJson<TStatement['rows']> };

/** كشف حساب: every installment with the totals received, late and future, as of today (Cairo). */
export async function getStatement(ctx: AppContext, id: number): Promise<StatementAnswer> {
  const me = viewerOf(ctx).id;
  const today = ctx.clock.today();
  // At once: the statement's read answers nothing for a subscription the caller does not hold.
  const [subscription, body] = await Promise.all([
    mySubscription(ctx.db, me, id, today),
    statementBody(ctx.db, me, id, today),
  ]);
  if (!subscription) throw AppError.notFound();
  // Money is summed in SQL in piastres (DESIGN §6); only the conversion to pounds happens here.
  return {
    subscription,
    totals: body.totals,
    remaining_sum: piastresToPounds(body.remainingPiastres),
    rows: body.rows,
    as_of: today,
  };
}

export async function listOpenAssociations(
  ctx: AppContext,
  query: TOpenAssociationsRequest,
): Promise<TListPage<TOpenAssociation>> {
  return openAssociations(ctx.db, query, ctx.clock.today(), pageWindow(query.page, query.perPage));
}

export async function listAvailableDays(ctx: AppContext, associationId: number): Promise<TAvailableDays> {
  const days = await availableDays(ctx.db, associationId, ctx.clock.today());
  if (!days) throw AppError.notFound();
  return { association_id: associationId, days };
}

export async function quoteJoin(ctx: AppContext, input: TJoinRequest): Promise<TSubscriptionQuote> {
  return quoteSubscription(ctx, input);
}

/**
 * POST /me/subscriptions: a member whose email is verified joins directly (no staff approval:
 * decision 0018), on a free day from today on. The day is held by the same unique index as a
 * staff subscription, so two members taking one day at once: exactly one gets it.
 */
export async function join(ctx: AppContext, input: TJoinRequest): Promise<TMySubscription> {
  const me = viewerOf(ctx).id;
  const [member] = await ctx.db
    .select({ verified: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, me), isNull(users.deletedAt)));
  if (!member?.verified) throw new AppError(403, 'members.errors.email_unverified');
  const today = ctx.clock.today();
  const created = await subscribe(ctx, { ...input, user_id: me }, { notBefore: today });
  return getMySubscription(ctx, created.id);
}
