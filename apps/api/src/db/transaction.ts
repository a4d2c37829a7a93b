import type { NamedAuditAction } from '@portal/shared/audit-actions';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pgErrorInfo } from '../lib/db-errors.js';
import type { Database } from './client.js';

/** Who is acting and where: what the audit trigger writes beside each change. */
export type ActorContext = {
  userId: number | null;
  url: string | null;
  method: string | null;
  ip: string | null;
  requestId: string | null;
  /**
   * Overrides the trigger's default `<table>.<operation>` action name (login, logout, seed, …):
   * one of packages/shared/src/audit-actions.ts, which the web app labels.
   */
  action?: NamedAuditAction;
};

export const SYSTEM_ACTOR: ActorContext = { userId: null, url: null, method: null, ip: null, requestId: null };

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Reads run on the database or inside a transaction alike. */
export type Reader = Database | Tx;

/** What inTransaction needs of a context: where to write and who is writing. */
export type DbScope = {
  db: Reader;
  actor: ActorContext;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Present inside a transaction (see TxScope). */
  afterCommit?: (effect: () => unknown) => void;
};

/** A scope inside a transaction: `db` is the transaction, and side effects wait for its commit. */
export type TxScope<S extends DbScope = DbScope> = Omit<S, 'db' | 'afterCommit'> & {
  db: Tx;
  /**
   * Registers a side effect (wake the job worker, push a live event) to run once
   * the transaction commits; dropped if it rolls back. Never throws into the change.
   */
  afterCommit(effect: () => unknown): void;
};

function isTxScope<S extends DbScope>(scope: S): scope is S & TxScope<S> {
  return typeof scope.afterCommit === 'function';
}

/** How many times a transaction runs when PostgreSQL aborts it for a deadlock or a serialization conflict. */
export const TRANSACTION_TRIES = 4;

/**
 * Aborted by PostgreSQL only because another transaction met this one (40P01 deadlock: rollups
 * kept by triggers lock their rows statement by statement, in an order no single statement can fix
 * across a whole transaction; 40001 serialization failure): nothing of it was kept, and running
 * it again is what PostgreSQL asks of its client.
 */
function isRetryable(error: unknown): boolean {
  const code = pgErrorInfo(error)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Every write goes through here (docs/decisions/0009-transactions.md): one
 * transaction that first declares the actor, so the audit trigger records it
 * and a multi-row change lands whole or not at all. Reads that decide the write
 * belong inside `work` (conditional UPDATE … WHERE … RETURNING, or SELECT … FOR
 * UPDATE). Side effects are registered with `afterCommit` and run after the
 * commit, in order. Called inside another transaction, it joins it. A transaction PostgreSQL
 * aborts for a deadlock or a serialization conflict runs again from the start (at most
 * TRANSACTION_TRIES times): `work` must keep its effects inside the transaction or in afterCommit.
 */
export async function inTransaction<S extends DbScope, T>(
  scope: S,
  work: (tx: TxScope<S>) => Promise<T>,
  options: { action?: NamedAuditAction } = {},
): Promise<T> {
  if (isTxScope(scope)) {
    if (options.action) await setActor(scope.db, { ...scope.actor, action: options.action });
    return work(scope);
  }
  const actor = options.action ? { ...scope.actor, action: options.action } : scope.actor;
  let effects: (() => unknown)[] = [];
  const attempt = () => {
    effects = [];
    return (scope.db as Database).transaction(async (tx) => {
      await setActor(tx, actor);
      return work({ ...scope, db: tx, actor, afterCommit: (effect) => effects.push(effect) } as TxScope<S>);
    });
  };
  let result: T;
  for (let tries = 1; ; tries += 1) {
    try {
      result = await attempt();
      break;
    } catch (error) {
      if (tries >= TRANSACTION_TRIES || !isRetryable(error)) throw error;
      // Apart, so the two that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, tries * (10 + Math.random() * 40)));
    }
  }
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      scope.log?.error({ err: error }, 'after-commit effect failed');
    }
  }
  return result;
}

/** One statement giving settings for the rest of the transaction only (`set_config(…, true)`). */
export function localSettings(settings: Readonly<Record<string, string>>): SQL {
  return sql`select ${sql.join(
    Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
    sql`, `,
  )}`;
}

async function setActor(tx: Tx, actor: ActorContext): Promise<void> {
  await tx.execute(sql`select
      set_config('app.user_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
      set_config('app.url', ${actor.url ?? ''}, true),
      set_config('app.method', ${actor.method ?? ''}, true),
      set_config('app.ip', ${actor.ip ?? ''}, true),
      set_config('app.request_id', ${actor.requestId ?? ''}, true),
      set_config('app.action', ${actor.action ?? ''}, true)`);
}

/** The scope of work no request started (seed, job worker, factories in tests). */
export function systemScope(db: Database, action?: NamedAuditAction): DbScope {
  return { db, actor: action ? { ...SYSTEM_ACTOR, action } : SYSTEM_ACTOR };
}
