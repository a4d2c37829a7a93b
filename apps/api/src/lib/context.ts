import type { NamedAuditAction } from '@portal/shared/audit-actions';
import type { Locale } from '@portal/shared/constants';
import type { Permission } from '@portal/shared/permissions';
import type { Viewer } from '@portal/shared/policy';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.js';
import type { ActorContext, DbScope, Reader, TxScope } from '../db/transaction.js';
import { AppError } from './app-error.js';
import type { Clock } from './clock.js';

/** The signed-in caller, resolved once per request by the auth plugin. */
export type Caller = {
  userId: number;
  sessionId: number;
  userType: 'user' | 'admin';
  permissions: ReadonlySet<Permission>;
};

/** What services may ask of the job queue without knowing the worker: wake it after a commit. */
export type JobWaker = { kick(): void };

/** Live events to open screens (lib/live-events.ts): published after the commit that caused them. */
export type LiveEventPublisher = { publish(userId: number, event: { type: 'notification'; id: number }): void };

/** The guard's cache of resolved sessions (plugins/auth.ts). */
export type SessionCacheHandle = { clear(): void };

/**
 * The one argument every service receives (docs/decisions/0010-app-context.md):
 * the database (or, inside inTransaction, the transaction), the caller, the clock,
 * the locale of messages, the actor the audit trigger records, the configuration,
 * the job queue and the request's logger. Built per request by plugins/context.ts;
 * built by hand for work no request started (seed, job worker, tests).
 */
export type AppContext = DbScope & {
  db: Reader;
  caller: Caller | null;
  clock: Clock;
  locale: Locale;
  actor: ActorContext;
  env: Env;
  jobs: JobWaker;
  sessions: SessionCacheHandle;
  events: LiveEventPublisher;
  log: FastifyBaseLogger;
};

/** The context inside a transaction: `db` is the transaction, side effects wait for the commit. */
export type TxContext = TxScope<AppContext>;

/** For services behind an access-checked route: the caller is there by construction. */
export function callerOf(ctx: AppContext): Caller {
  if (!ctx.caller) throw AppError.unauthenticated();
  return ctx.caller;
}

/** The caller as packages/shared/src/policy.ts sees them. */
export function viewerOf(ctx: AppContext): Viewer {
  const caller = callerOf(ctx);
  return { id: caller.userId, permissions: caller.permissions };
}

/** A policy answer the server enforces: false is a 403 (with a specific message when given). */
export function allow(allowed: boolean, key = 'errors.forbidden', params: Record<string, string | number> = {}): void {
  if (!allowed) throw new AppError(403, key, params);
}

/** The same context acting under a named audit action (login, password change, …). */
export function withAction<C extends AppContext>(ctx: C, action: NamedAuditAction): C {
  return { ...ctx, actor: { ...ctx.actor, action } };
}

/**
 * The transaction changes who may do what (a session revoked, a user disabled or deleted, a
 * password, roles or permissions changed): resolved sessions are forgotten once it commits,
 * so the very next request sees the change.
 */
export function accessChanged(tx: TxContext): void {
  tx.afterCommit(() => tx.sessions.clear());
}
