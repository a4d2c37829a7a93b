import { translate } from '@portal/shared/messages';
import { poundsToPiastres } from '@portal/shared/money';
import { holds, type Viewer } from '@portal/shared/policy';
import type {
  TCustomerRequestDetail,
  TCustomerRequestListRequest,
  TCustomerRequestPage,
  TCustomerRequestStatistics,
  TRequestMoveRequest,
  TRequestSetBranchRequest,
} from '@portal/shared/schemas/customer-requests-api';
import {
  REQUEST_MACHINE,
  type RequestStatus,
  requestPolicy,
  type TRequestActionRequest,
} from '@portal/shared/schemas/customer-requests-machine';
import { REQUEST_STATUS_IDS } from '@portal/shared/schemas/request-ids';
import { mayTake, transitionOf } from '@portal/shared/workflow';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf, viewerOf } from '../../lib/context.js';
import { notAllowedNow } from '../../lib/workflow.js';
import { tellMember } from '../notifications/tell-member.js';
import { findRequestDetail, listRequests, requestExport, requestStatistics } from './customer-requests.repository.js';

/**
 * Customer service requests (SPEC §3, §4, §6, §7; DESIGN §2; docs/decisions/0021-service-requests.md).
 * The list, the detail, the workflow actions and the statistics; the form's save and the
 * documents are in customer-requests.save.ts.
 */

const seesAll = (viewer: Viewer) => requestPolicy.list(viewer);

/** requestPolicy.view, and the staff member the request was moved to (it is in their tasks). */
const mayView = (viewer: Viewer, createdBy: number, assignedTo: number | null) =>
  requestPolicy.view(viewer, { created_by: createdBy, rejection_final: false }) || assignedTo === viewer.id;

export async function listCustomerRequests(
  ctx: AppContext,
  query: TCustomerRequestListRequest,
): Promise<TCustomerRequestPage> {
  const viewer = viewerOf(ctx);
  const { data, count } = await listRequests(ctx.db, query, viewer, seesAll(viewer));
  return { data, meta: { count: count.total, ...(count.atLeast ? { atLeast: true } : {}) } };
}

/** The export's rows: the list's visibility (staff who may list see all under `all`, others their own). */
export function customerRequestsToExport(ctx: AppContext, query: TCustomerRequestListRequest) {
  const viewer = viewerOf(ctx);
  return requestExport(query, viewer, seesAll(viewer));
}

/** The creator, or staff who may list requests; anyone else reads "not found", never "forbidden". */
export async function getCustomerRequest(ctx: AppContext, id: number): Promise<TCustomerRequestDetail> {
  const viewer = viewerOf(ctx);
  const found = await findRequestDetail(ctx.db, id, viewer);
  if (!found || !mayView(viewer, found.created_by.id, found.assigned_to?.id ?? null)) {
    throw AppError.notFound();
  }
  return found;
}

export async function customerRequestStatistics(ctx: AppContext): Promise<TCustomerRequestStatistics> {
  const viewer = viewerOf(ctx);
  return requestStatistics(ctx.db, viewer, seesAll(viewer));
}

/**
 * POST /customers_requests/action/{id}. The row is read FOR UPDATE, so of two people acting at
 * once the second reads what the first wrote: its action then no longer applies (409 naming the
 * status now), or, when the caller sent the status it saw, differs from it (409 too). Which
 * transition applies depends on the status (`next` means a different step in each), so it is
 * chosen here rather than by lib/workflow.ts's applyTransition, which knows one per action.
 */
export async function actOnCustomerRequest(
  ctx: AppContext,
  id: number,
  input: TRequestActionRequest & { expected_status?: number | undefined },
): Promise<{ detail: TCustomerRequestDetail; message: string }> {
  const viewer = viewerOf(ctx);
  const reached = await inTransaction(ctx, async (tx) => {
    const [row] = rowsOf<{
      status: number;
      created_by: number;
      assigned_to: number | null;
      code: string;
      final: boolean | null;
    }>(
      await tx.db.execute(sql`select c.status, c.created_by, c.assigned_to, c.code,
          (select r.final_decision from rejection_reasons r where r.id = c.rejection_reason_id) as final
        from customer_requests c where c.id = ${id} for update`),
    );
    if (!row) throw AppError.notFound();
    const record = { created_by: Number(row.created_by), rejection_final: row.final === true };
    const assignedTo = row.assigned_to === null ? null : Number(row.assigned_to);
    if (!mayView(viewer, record.created_by, assignedTo)) throw AppError.notFound();
    const status = Number(row.status) as RequestStatus;
    if (input.expected_status !== undefined && input.expected_status !== status) {
      throw notAllowedHere(status, tx.locale);
    }
    const transition = transitionOf(REQUEST_MACHINE, input.type, status);
    if (!transition) throw notAllowedHere(status, tx.locale);
    if (!mayTake(REQUEST_MACHINE, transition, viewer, record)) throw AppError.forbidden();
    // DESIGN §2 Accounts: a customer submits (or resubmits) only once their email is activated; a
    // draft may wait. The same answer as joining an association unconfirmed (403, decision 0018).
    if (transition.to === REQUEST_STATUS_IDS.submitted && callerOf(ctx).userType === 'user') {
      const [me] = rowsOf<{ verified: boolean }>(
        await tx.db.execute(sql`select email_verified_at is not null as verified from users where id = ${viewer.id}`),
      );
      if (!me?.verified) throw new AppError(403, 'requests.errors.email_unverified');
    }

    const set: SQL[] = [sql`status = ${transition.to}`, sql`updated_at = now()`];
    let note: string | null = null;
    // What the step decided, kept in its history row too: the request keeps only the latest.
    const step: { fee: number | null; reference: string | null; reason: number | null } = {
      fee: null,
      reference: null,
      reason: null,
    };
    if (input.type === 'next-for-pay') {
      step.fee = poundsToPiastres(input.payment_amount);
      step.reference = input.payment_reference;
      set.push(sql`payment_amount_piastres = ${step.fee}`, sql`payment_reference = ${step.reference}`);
    } else if (input.type === 'reset') {
      // Back to draft: a fee, its reference and a cancellation belong to the round that ended (the
      // history keeps them); a rejection's reason stays, as it decides whether the creator may resubmit.
      set.push(sql`payment_amount_piastres = null`, sql`payment_reference = null`, sql`cancel_reason = null`);
    } else if (input.type === 'reject') {
      const [reason] = rowsOf<{ id: number }>(
        await tx.db.execute(sql`select id from rejection_reasons where id = ${input.rejection_reason_id}`),
      );
      if (!reason) {
        throw new AppError(422, 'requests.error', {}, [
          { field: 'rejection_reason_id', key: 'requests.validation.rejection_reason_required' },
        ]);
      }
      set.push(sql`rejection_reason_id = ${input.rejection_reason_id}`, sql`rejection_note = ${input.rejection_note}`);
      note = input.rejection_note;
      step.reason = input.rejection_reason_id;
    } else if (input.type === 'cancel') {
      set.push(sql`cancel_reason = ${input.reason}`);
      note = input.reason;
    }
    // The status in the WHERE is the lock's guarantee written down: nothing changes it between.
    const updated = rowsOf<{ id: number }>(
      await tx.db.execute(sql`update customer_requests set ${sql.join(set, sql`, `)}
        where id = ${id} and status = ${status} returning id`),
    );
    if (updated.length !== 1) throw notAllowedHere(status, tx.locale);
    await tx.db.execute(sql`insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id, note,
        payment_amount_piastres, payment_reference, rejection_reason_id)
      values (${REQUEST_MACHINE.name}, ${id}, ${input.type}, ${status}, ${transition.to}, ${viewer.id}, ${note},
        ${step.fee}, ${step.reference}, ${step.reason})`);
    // The creator hears of what others did; what they did themselves (submitting) they know.
    if (record.created_by !== viewer.id) {
      await tellMember(tx, record.created_by, {
        type: 'customer_request_status',
        link: `/requests/${id}`,
        values: {
          code: row.code,
          status_ar: translate('ar', `requests.status.${transition.to}`),
          status_en: translate('en', `requests.status.${transition.to}`),
          note: note ?? '',
        },
      });
    }
    return transition.to;
  });
  const detail = await getCustomerRequest(ctx, id);
  return {
    detail,
    message: translate(ctx.locale, 'requests.messages.action_done', {
      status: translate(ctx.locale, `requests.status.${reached}`),
    }),
  };
}

function notAllowedHere(status: number, locale: AppContext['locale']): AppError {
  const error = notAllowedNow(REQUEST_MACHINE, status, locale);
  return new AppError(409, 'requests.errors.not_allowed', error.params);
}

/**
 * The list operations beside the workflow (SPEC §4, §6). Each is one UPDATE (audited by the
 * trigger); an id the caller may not see is a 404 like one that does not exist.
 */
async function changeRow(ctx: AppContext, id: number, set: SQL): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const updated = rowsOf<{ id: number }>(
      await tx.db.execute(sql`update customer_requests set ${set}, updated_at = now() where id = ${id} returning id`),
    );
    if (updated.length !== 1) throw AppError.notFound();
  });
}

export async function setRequestBranch(
  ctx: AppContext,
  id: number,
  input: TRequestSetBranchRequest,
): Promise<TCustomerRequestDetail> {
  const [branch] = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select id from branches where id = ${input.branch}`),
  );
  if (!branch) {
    throw new AppError(422, 'requests.error', {}, [{ field: 'branch', key: 'requests.validation.branch_invalid' }]);
  }
  await changeRow(ctx, id, sql`branch_id = ${input.branch}, receiving_date = ${input.receivingDate}`);
  return getCustomerRequest(ctx, id);
}

/** Only a staff account (type admin, not deleted) can take a request; a customer has no tasks. */
export async function moveRequest(
  ctx: AppContext,
  id: number,
  input: TRequestMoveRequest,
): Promise<TCustomerRequestDetail> {
  const [staff] = rowsOf<{ id: number }>(
    await ctx.db.execute(
      sql`select id from users where id = ${input.user_id} and type = 'admin' and deleted_at is null`,
    ),
  );
  if (!staff) {
    throw new AppError(422, 'requests.error', {}, [{ field: 'user_id', key: 'requests.validation.assignee_invalid' }]);
  }
  await changeRow(ctx, id, sql`assigned_to = ${input.user_id}`);
  return getCustomerRequest(ctx, id);
}

/**
 * Soft remove (the lists' cancel button). SPEC §6 names show_requests or admin_requests for the
 * button; show_requests is held by read-only roles, so changing data needs cancel_requests or
 * admin_requests (0021).
 */
export async function removeRequest(ctx: AppContext, id: number): Promise<void> {
  const viewer = viewerOf(ctx);
  if (!holds(viewer, 'cancel_requests') && !holds(viewer, 'admin_requests')) throw AppError.forbidden();
  await changeRow(ctx, id, sql`removed = 1`);
}

export async function restoreRequest(ctx: AppContext, id: number): Promise<void> {
  await changeRow(ctx, id, sql`removed = 0`);
}
