import { translate } from '@portal/shared/messages';
import type { TWorkflowEvent } from '@portal/shared/schemas/workflow';
import { type Machine, transitionOf } from '@portal/shared/workflow';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { AppError } from './app-error.js';
import { type TxContext, viewerOf } from './context.js';

/** Tables that hold a machine's records: each has id, user_id, status, note, decided_by, decided_at. */
export type WorkflowTable = 'turn_move_requests' | 'card_requests';

export type Applied<S> = { id: number; userId: number; from: S; to: S };

/**
 * THE way a request changes status (DESIGN §6): the machine says which statuses the action
 * leaves and who may take it; one conditional UPDATE … WHERE status IN (from) decides, so of two
 * people acting at once exactly one wins and the other gets a 409 naming the status now. The
 * history row is written in the same transaction. A member acting as the owner only ever reaches
 * their own record (user_id is part of the WHERE), so another member's id reads as not found.
 */
export async function applyTransition<S extends number, A extends string, R>(
  tx: TxContext,
  input: {
    machine: Machine<S, A, R>;
    table: WorkflowTable;
    id: number;
    action: A;
    note?: string | null;
  },
): Promise<Applied<S>> {
  const { machine, table, id, action } = input;
  const transition = transitionOf(machine, action);
  if (!transition) throw new Error(`${machine.name} has no action ${action}`);
  const viewer = viewerOf(tx);
  const byPermission = transition.who.some((w) => 'permission' in w && viewer.permissions.has(w.permission));
  const asOwner = transition.who.some((w) => 'owner' in w);
  if (!byPermission && !asOwner) throw AppError.forbidden();
  const scope = byPermission ? sql`` : sql` and user_id = ${viewer.id}`;
  const from = sql.join(
    transition.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = rowsOf<{ id: number; user_id: number; from_status: number }>(
    await tx.db.execute(sql`with old as (
        select id, status from ${sql.identifier(table)}
        where id = ${id}${scope} and status in (${from})
        for update
      )
      update ${sql.identifier(table)} t
        set status = ${transition.to}, note = coalesce(${input.note ?? null}, t.note),
            decided_by = ${viewer.id}, decided_at = now()
      from old where t.id = old.id
      returning t.id, t.user_id, old.status as from_status`),
  );
  if (!row) {
    const [current] = rowsOf<{ status: number }>(
      await tx.db.execute(sql`select status from ${sql.identifier(table)} where id = ${id}${scope}`),
    );
    if (!current) throw AppError.notFound();
    throw notAllowedNow(machine, current.status, tx.locale);
  }
  await tx.db.execute(sql`insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id, note)
    values (${machine.name}, ${id}, ${action}, ${row.from_status}, ${transition.to}, ${viewer.id}, ${input.note ?? null})`);
  return { id: Number(row.id), userId: Number(row.user_id), from: Number(row.from_status) as S, to: transition.to };
}

/** The first row of a record's history (it was asked for), written with the record. */
export async function recordCreated(
  tx: TxContext,
  machine: { name: string },
  id: number,
  status: number,
  note: string | null = null,
): Promise<void> {
  await tx.db.execute(sql`insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id, note)
    values (${machine.name}, ${id}, 'create', null, ${status}, ${viewerOf(tx).id}, ${note})`);
}

/** 409: the action does not apply to the status the record has now, named in the caller's language. */
export function notAllowedNow(machine: { namespace: string }, status: number, locale: TxContext['locale']): AppError {
  const label = translate(locale, `${machine.namespace}.status.${status}`);
  return new AppError(409, 'workflow.errors.not_allowed', { status: label });
}

/** A history row as PostgreSQL gives it, as columns or as one JSON object of a `json_agg`. */
export type HistoryRow = {
  id: number;
  action: string;
  from_status: number | null;
  to_status: number;
  actor_id: number | null;
  actor_name: string | null;
  note: string | null;
  created_at: string;
};

/**
 * A record's history rows, unordered: a detail read embeds it as a subquery (one statement for
 * the record and its history, db/json-array.ts) and orders by `id` where it aggregates.
 */
export function historySql(machine: string, id: number): SQL {
  return sql`select h.id, h.action, h.from_status, h.to_status, h.actor_id, u.name as actor_name, h.note,
      h.created_at
    from workflow_history h left join users u on u.id = h.actor_id
    where h.machine = ${machine} and h.record_id = ${id}`;
}

/** A history row as the API shows it; its time goes through Date (JSON gives ISO with an offset). */
export function toWorkflowEvent(r: HistoryRow): TWorkflowEvent {
  return {
    action: r.action,
    from_status: r.from_status === null ? null : Number(r.from_status),
    to_status: Number(r.to_status),
    actor: r.actor_id === null ? null : { id: Number(r.actor_id), name: r.actor_name ?? '' },
    note: r.note,
    created_at: new Date(r.created_at).toISOString(),
  };
}
