import type { TListPage } from '@portal/shared/schemas/list';
import {
  type TTurnMove,
  type TTurnMoveCreateRequest,
  type TTurnMoveDecisionRequest,
  type TTurnMoveListRequest,
  TURN_MOVE_MACHINE,
} from '@portal/shared/schemas/turn-moves';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, type TxContext, viewerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow } from '../../lib/list.js';
import { formatDayFor } from '../../lib/recipients.js';
import { applyTransition, recordCreated } from '../../lib/workflow.js';
import { tellMember } from '../notifications/tell-member.js';
import { findTurnMove, listOwnTurnMoves, listTurnMoves as listRows } from './turn-moves.repository.js';

/**
 * Turn-move requests (SPEC §2–§4, §8; DESIGN §2; docs/decisions/0018-members.md). A member asks to
 * move one of their subscriptions to a free day of the same association; staff approve (the
 * subscription moves, in the same transaction) or reject; the member may cancel while it is in
 * review. Status changes go through lib/workflow.ts; the day is held by subscriptions_day_held_key.
 */

const TABLE = 'turn_move_requests';
const MY_ASSOCIATIONS = '/my/associations';

/** SPEC §8's "move-to-day invalid or already moved". */
function moveInvalid(): AppError {
  return AppError.conflict('turn_moves.errors.move_invalid');
}

function toDayError(key: string, params: Record<string, string | number> = {}, status = 422): AppError {
  return new AppError(status, status === 422 ? 'errors.validation' : key, params, [{ field: 'to_day', key, params }]);
}

export async function listTurnMoves(ctx: AppContext, query: TTurnMoveListRequest): Promise<TListPage<TTurnMove>> {
  return listRows(ctx.db, query, pageWindow(query.page, query.perPage), viewerOf(ctx));
}

export async function listMyTurnMoves(ctx: AppContext): Promise<TTurnMove[]> {
  const viewer = viewerOf(ctx);
  return listOwnTurnMoves(ctx.db, viewer.id, viewer);
}

async function load(ctx: AppContext, id: number, ownerId?: number): Promise<TTurnMove> {
  const found = await findTurnMove(ctx.db, id, viewerOf(ctx), ownerId);
  if (!found) throw AppError.notFound();
  return found;
}

/**
 * POST /me/turn-moves: the subscription must be the caller's own (the query names them), active,
 * its payout not transferred and its day still ahead; the target a day of the same association,
 * today or later, that nobody holds. One request in review per subscription (a unique index).
 */
export async function requestTurnMove(ctx: AppContext, input: TTurnMoveCreateRequest): Promise<TTurnMove> {
  const me = viewerOf(ctx).id;
  const today = ctx.clock.today();
  const id = await inTransaction(ctx, async (tx) => {
    const [subscription] = rowsOf<{
      association_id: number;
      day_number: number;
      transfer_status: string;
      date: string;
    }>(
      await tx.db.execute(sql`select s.association_id, s.day_number, s.transfer_status, d.date::text as date
        from subscriptions s
        join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
        where s.id = ${input.subscription_id} and s.user_id = ${me} and s.status = 'active'
        for update of s`),
    );
    if (!subscription) {
      throw AppError.validation([{ field: 'subscription_id', key: 'errors.not_found' }]);
    }
    if (subscription.transfer_status === 'paid') throw AppError.conflict('turn_moves.errors.paid_out');
    if (subscription.date <= today) throw AppError.conflict('turn_moves.errors.turn_passed');
    if (Number(subscription.day_number) === input.to_day) throw toDayError('turn_moves.validation.same_day');
    const [target] = rowsOf<{ date: string; held: boolean }>(
      await tx.db.execute(sql`select d.date::text as date, exists (
          select 1 from subscriptions s where s.association_id = d.association_id
            and s.day_number = d.day_number and s.status = 'active') as held
        from association_days d
        where d.association_id = ${subscription.association_id} and d.day_number = ${input.to_day}`),
    );
    if (!target) throw toDayError('associations.errors.day_unknown', { day: input.to_day });
    if (target.date < today) throw toDayError('members.errors.day_passed', { day: input.to_day });
    if (target.held) throw toDayError('associations.errors.day_taken', { day: input.to_day }, 409);
    const [created] = rowsOf<{ id: number }>(
      await tx.db
        .execute(sql`insert into turn_move_requests (subscription_id, association_id, user_id, from_day, to_day)
          values (${input.subscription_id}, ${subscription.association_id}, ${me}, ${subscription.day_number},
            ${input.to_day})
          returning id`)
        .catch((error: unknown) => {
          if (uniqueViolation(error) === 'turn_move_requests_open_key') {
            throw AppError.conflict('turn_moves.errors.open_exists');
          }
          throw error;
        }),
    );
    if (!created) throw new Error('turn-move insert returned nothing');
    await recordCreated(tx, TURN_MOVE_MACHINE, Number(created.id), 0);
    return Number(created.id);
  });
  return load(ctx, id, me);
}

/** POST /me/turn-moves/{id}/cancel: the member withdraws their own request while it is in review. */
export async function cancelTurnMove(ctx: AppContext, id: number): Promise<TTurnMove> {
  await inTransaction(ctx, (tx) =>
    applyTransition(tx, { machine: TURN_MOVE_MACHINE, table: TABLE, id, action: 'cancel' }),
  );
  return load(ctx, id, viewerOf(ctx).id);
}

/**
 * Moves the subscription to the request's day, only if it is still where the request found it,
 * still unpaid, its own day still ahead (a turn whose day has come is owed its payout: asking
 * checked it, and days pass while a request waits), and the target a day of the association not
 * yet past. A day taken meanwhile hits subscriptions_day_held_key: of two approvals of one day at
 * once, exactly one wins.
 */
async function moveSubscription(
  tx: TxContext,
  requestId: number,
): Promise<{ association: string; from: number; to: number; date: string }> {
  const [request] = rowsOf<{ subscription_id: number; from_day: number; to_day: number; title: string }>(
    await tx.db.execute(sql`select r.subscription_id, r.from_day, r.to_day, a.title
      from turn_move_requests r join associations a on a.id = r.association_id where r.id = ${requestId}`),
  );
  if (!request) throw AppError.notFound();
  const today = tx.clock.today();
  const [moved] = rowsOf<{ date: string }>(
    await tx.db
      .execute(sql`update subscriptions s set day_number = ${request.to_day}, updated_at = now()
        from association_days d, association_days own
        where s.id = ${request.subscription_id} and s.day_number = ${request.from_day}
          and s.status = 'active' and s.transfer_status = 'unpaid'
          and not exists (select 1 from associations a where a.id = s.association_id
            and (a.closed_at is not null or a.to_date <= ${today}::date))
          and own.association_id = s.association_id and own.day_number = s.day_number and own.date > ${today}::date
          and d.association_id = s.association_id and d.day_number = ${request.to_day} and d.date >= ${today}::date
        returning d.date::text as date`)
      .catch((error: unknown) => {
        if (uniqueViolation(error) === 'subscriptions_day_held_key') throw moveInvalid();
        throw error;
      }),
  );
  if (!moved) {
    // Say why when it is the member's own day that has come; anything else is SPEC §8's message.
    const [own] = rowsOf<{ date: string }>(
      await tx.db.execute(sql`select d.date::text as date from subscriptions s
        join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
        where s.id = ${request.subscription_id} and s.day_number = ${request.from_day}`),
    );
    if (own && own.date <= today) {
      throw new AppError(409, 'turn_moves.errors.turn_passed_decide', { date: formatDayFor(tx.locale, own.date) });
    }
    throw moveInvalid();
  }
  return { association: request.title, from: Number(request.from_day), to: Number(request.to_day), date: moved.date };
}

/**
 * POST /associations/change-turn/{id} (SPEC §7: id, status): 1 approves, moving the subscription
 * atomically; 2 rejects. A decided request cannot change again (SPEC §4). The member hears of it
 * in the bell and by mail, written in the same transaction.
 */
export async function decideTurnMove(ctx: AppContext, id: number, input: TTurnMoveDecisionRequest): Promise<TTurnMove> {
  if (input.id !== undefined && input.id !== id) {
    throw AppError.validation([{ field: 'id', key: 'validation.invalid_id' }]);
  }
  const action = input.status === 1 ? 'approve' : 'reject';
  await inTransaction(ctx, async (tx) => {
    const applied = await applyTransition(tx, {
      machine: TURN_MOVE_MACHINE,
      table: TABLE,
      id,
      action,
      note: input.note || null,
    }).catch((error: unknown) => {
      // SPEC §4: a decided request is not edited; say so with its status.
      if (error instanceof AppError && error.key === 'workflow.errors.not_allowed') {
        throw new AppError(409, 'workflow.errors.decided', error.params);
      }
      throw error;
    });
    if (action === 'approve') {
      const move = await moveSubscription(tx, id);
      await tellMember(tx, applied.userId, {
        type: 'turn_move_approved',
        link: MY_ASSOCIATIONS,
        values: { association: move.association, from: move.from, to: move.to, date: move.date },
      });
      return;
    }
    const [request] = rowsOf<{ title: string; to_day: number; from_date: string }>(
      await tx.db.execute(sql`select a.title, r.to_day, d.date::text as from_date
        from turn_move_requests r
        join associations a on a.id = r.association_id
        join association_days d on d.association_id = r.association_id and d.day_number = r.from_day
        where r.id = ${id}`),
    );
    await tellMember(tx, applied.userId, {
      type: 'turn_move_rejected',
      link: MY_ASSOCIATIONS,
      values: {
        association: request?.title ?? '',
        to: Number(request?.to_day ?? 0),
        date: request?.from_date ?? '',
        note: input.note ?? '',
      },
    });
  });
  return load(ctx, id);
}

/**
 * DELETE /associations/change-turn-requests/{id}: a request may be deleted unless it moved a
 * turn (that record explains why a day changed); SPEC §8's "deletion not possible" otherwise.
 * Its history goes with it; the audit log keeps the deleted row.
 */
export async function deleteTurnMove(ctx: AppContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [current] = rowsOf<{ status: number }>(
      await tx.db.execute(sql`select status from turn_move_requests where id = ${id} for update`),
    );
    if (!current) throw AppError.notFound();
    if (Number(current.status) === 1) throw AppError.conflict('turn_moves.errors.delete_refused');
    await tx.db.execute(
      sql`delete from workflow_history where machine = ${TURN_MOVE_MACHINE.name} and record_id = ${id}`,
    );
    await tx.db.execute(sql`delete from turn_move_requests where id = ${id}`);
  });
}
