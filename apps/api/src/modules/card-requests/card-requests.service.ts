import {
  CARD_REQUEST_MACHINE,
  type TCardRequest,
  type TCardRequestCreateRequest,
  type TCardRequestDecisionRequest,
  type TCardRequestListRequest,
} from '@portal/shared/schemas/card-requests';
import type { TListPage } from '@portal/shared/schemas/list';
import type { TWorkflowEvent } from '@portal/shared/schemas/workflow';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, viewerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow } from '../../lib/list.js';
import { applyTransition, recordCreated } from '../../lib/workflow.js';
import { tellMember } from '../notifications/tell-member.js';
import {
  findCardRequest,
  findCardRequestDetail,
  listOwnCardRequests,
  listCardRequests as listRows,
} from './card-requests.repository.js';

/**
 * Card requests (SPEC §2, §3, §5; docs/decisions/0018-members.md): a member asks, one open
 * request at a time (card_requests_open_key); staff holding card_requests.put issue or reject it
 * through lib/workflow.ts, and the member hears of it in the bell and by mail.
 */

const TABLE = 'card_requests';
const MY_CARDS = '/my/cards';

export async function listCardRequests(
  ctx: AppContext,
  query: TCardRequestListRequest,
): Promise<TListPage<TCardRequest>> {
  return listRows(ctx.db, query, pageWindow(query.page, query.perPage), viewerOf(ctx));
}

export async function getCardRequest(
  ctx: AppContext,
  id: number,
): Promise<TCardRequest & { history: TWorkflowEvent[] }> {
  const found = await findCardRequestDetail(ctx.db, id, viewerOf(ctx));
  if (!found) throw AppError.notFound();
  return found;
}

export async function listMyCardRequests(ctx: AppContext): Promise<TCardRequest[]> {
  const viewer = viewerOf(ctx);
  return listOwnCardRequests(ctx.db, viewer.id, viewer);
}

/** POST /me/card-requests: a second one while one is in review is a 409 (the unique index decides). */
export async function requestCard(ctx: AppContext, input: TCardRequestCreateRequest): Promise<TCardRequest> {
  const viewer = viewerOf(ctx);
  const id = await inTransaction(ctx, async (tx) => {
    const [created] = rowsOf<{ id: number }>(
      await tx.db
        .execute(sql`insert into card_requests (user_id, name, national_id)
          values (${viewer.id}, ${input.name}, ${input.national_id}) returning id`)
        .catch((error: unknown) => {
          if (uniqueViolation(error) === 'card_requests_open_key')
            throw AppError.conflict('card_requests.errors.open_exists');
          throw error;
        }),
    );
    if (!created) throw new Error('card request insert returned nothing');
    await recordCreated(tx, CARD_REQUEST_MACHINE, Number(created.id), 0);
    return Number(created.id);
  });
  const found = await findCardRequest(ctx.db, id, viewer, viewer.id);
  if (!found) throw AppError.notFound();
  return found;
}

/** POST /card-requests/{id}/decision: 1 issued, 2 rejected (with why); once decided, final. */
export async function decideCardRequest(
  ctx: AppContext,
  id: number,
  input: TCardRequestDecisionRequest,
): Promise<TCardRequest & { history: TWorkflowEvent[] }> {
  const action = input.status === 1 ? 'issue' : 'reject';
  await inTransaction(ctx, async (tx) => {
    const applied = await applyTransition(tx, {
      machine: CARD_REQUEST_MACHINE,
      table: TABLE,
      id,
      action,
      note: input.note || null,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.key === 'workflow.errors.not_allowed') {
        throw new AppError(409, 'workflow.errors.decided', error.params);
      }
      throw error;
    });
    const [request] = rowsOf<{ name: string }>(
      await tx.db.execute(sql`select name from card_requests where id = ${id}`),
    );
    await tellMember(tx, applied.userId, {
      type: action === 'issue' ? 'card_request_issued' : 'card_request_rejected',
      link: MY_CARDS,
      values: { name: request?.name ?? '', note: input.note ?? '' },
    });
  });
  return getCardRequest(ctx, id);
}
