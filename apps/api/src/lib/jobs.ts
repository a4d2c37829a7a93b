import { and, asc, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { type JobRow, jobs } from '../db/schema/jobs.js';
import { inTransaction, systemScope } from '../db/transaction.js';
import type { TxContext } from './context.js';

/** What a kind of job does, and what of its payload may stay once the job is final. */
export type JobHandler = {
  run(payload: Record<string, unknown>, job: JobRow): Promise<void>;
  /** The payload kept after success or failure (drop secrets such as links and codes); default: nothing. */
  summary?(payload: Record<string, unknown>): Record<string, unknown>;
  /** Attempts before the job is marked failed. */
  maxAttempts: number;
  /** A job that queues its own next run (the daily purge): its run time is a schedule, never brought forward. */
  recurring?: boolean;
};

export type EnqueueOptions = {
  /** The user the job is about (a mail's recipient). */
  userId?: number | null;
  /** Run no earlier than this many seconds after the commit (reminders). */
  delaySeconds?: number;
  /**
   * Wake the worker once the transaction commits (default), or leave the job to its next regular
   * pass: for work whose timing must not follow the request that queued it (forgot password).
   */
  wake?: boolean;
};

/**
 * Queues a job inside the caller's transaction: it exists only if the change
 * that caused it commits, and running it can never fail that change. The
 * worker is woken once the transaction commits (unless `wake: false`).
 */
export async function enqueueJob(
  tx: TxContext,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<number> {
  const [row] = await tx.db
    .insert(jobs)
    .values({
      kind,
      payload,
      userId: options.userId ?? null,
      runAt: options.delaySeconds ? sql`now() + make_interval(secs => ${options.delaySeconds})` : sql`now()`,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('jobs insert returned nothing');
  if (options.wake !== false) tx.afterCommit(() => tx.jobs.kick());
  return row.id;
}

/**
 * Queues many jobs of one kind in one INSERT inside the caller's transaction (a daily digest for
 * thousands of members), as enqueueJob does one; the worker is woken once, after the commit.
 * Returns the new ids.
 */
export async function enqueueJobs(
  tx: TxContext,
  kind: string,
  items: { payload: Record<string, unknown>; userId?: number | null }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await tx.db
    .insert(jobs)
    .values(items.map((item) => ({ kind, payload: item.payload, userId: item.userId ?? null, runAt: sql`now()` })))
    .returning({ id: jobs.id });
  tx.afterCommit(() => tx.jobs.kick());
  return rows.map((r) => r.id);
}

export type FlushOptions = {
  /** Also run jobs whose (retry) time has not come yet (tests, an operator's "run now"). */
  includeDeferred?: boolean;
  /** Only jobs of these kinds. */
  kinds?: string[];
};
export type FlushResult = { done: number; retried: number; failed: number };

export type JobWorker = {
  /** Runs every due job once, in id order; resolves when done. Runs in one process are serialized. */
  flush(options?: FlushOptions): Promise<FlushResult>;
  /** Asks the timer for an early run (after a transaction queued a job); no-op when polling is off. */
  kick(): void;
  start(): void;
  /**
   * Claims nothing more from now on (shutdown begins: the timer stops and a pass in progress takes
   * no further batch; the jobs it already holds run to their end); resolves once that pass is done.
   */
  stop(): Promise<void>;
};

const BATCH = 20;
/** A claimed job is not claimed again for this long (a crashed instance's lease runs out): JOBS_LEASE_SECONDS. */
const DEFAULT_LEASE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;
const BASE_BACKOFF_SECONDS = 30;

/** 30 s, 1 min, 2 min, … capped at an hour, after the n-th failed attempt. */
export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

export function createJobWorker(deps: {
  db: Database;
  handlers: ReadonlyMap<string, JobHandler>;
  log: FastifyBaseLogger;
  pollSeconds: number;
  leaseSeconds?: number;
}): JobWorker {
  const { db, handlers, log } = deps;
  const leaseSeconds = deps.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;

  // notInArray of an empty list is always true: a placeholder kind keeps the SQL valid.
  const recurringKinds = () => [
    '',
    ...[...handlers.entries()].filter(([, handler]) => handler.recurring).map(([kind]) => kind),
  ];

  /** Claims a batch (FOR UPDATE SKIP LOCKED, so two instances never take the same row) and leases it. */
  function claim(afterId: number, options: FlushOptions) {
    return inTransaction(systemScope(db, 'jobs.claim'), async (tx) => {
      const due = tx.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'pending'),
            gt(jobs.id, afterId),
            // Deferred jobs early (tests, on demand) means retries brought forward; a recurring job's
            // next run is its schedule, never taken early (it would queue the next, and so on).
            options.includeDeferred
              ? or(lte(jobs.runAt, sql`now()`), notInArray(jobs.kind, recurringKinds()))
              : lte(jobs.runAt, sql`now()`),
            options.kinds ? inArray(jobs.kind, options.kinds) : inArray(jobs.kind, [...handlers.keys()]),
          ),
        )
        .orderBy(asc(jobs.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return tx.db
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1`, runAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(inArray(jobs.id, due))
        .returning();
    });
  }

  async function finish(row: JobRow, handler: JobHandler, set: Partial<typeof jobs.$inferInsert>) {
    await db
      .update(jobs)
      .set({ ...set, payload: handler.summary?.(row.payload) ?? {}, finishedAt: sql`now()` })
      .where(eq(jobs.id, row.id));
  }

  async function runOne(row: JobRow): Promise<keyof FlushResult> {
    const handler = handlers.get(row.kind);
    if (!handler) return 'retried';
    try {
      await handler.run(row.payload, row);
      await finish(row, handler, { status: 'done', lastError: null });
      return 'done';
    } catch (err) {
      const lastError = errorText(err);
      const limit = Math.min(row.maxAttempts, handler.maxAttempts);
      if (row.attempts >= limit) {
        log.error({ jobId: row.id, kind: row.kind, attempts: row.attempts, err: lastError }, 'job gave up');
        await finish(row, handler, { status: 'failed', lastError });
        return 'failed';
      }
      const wait = backoffSeconds(row.attempts);
      log.warn({ jobId: row.id, kind: row.kind, attempts: row.attempts, retryIn: wait, err: lastError }, 'job failed');
      await db
        .update(jobs)
        .set({ lastError, runAt: sql`now() + make_interval(secs => ${wait})` })
        .where(eq(jobs.id, row.id));
      return 'retried';
    }
  }

  async function run(options: FlushOptions, byTimer = false): Promise<FlushResult> {
    const result: FlushResult = { done: 0, retried: 0, failed: 0 };
    let afterId = 0;
    for (;;) {
      // Stopped (shutdown): the timer's pass leaves the rest to another instance. A flush asked for
      // by hand (tests) runs whether the timer is on or not.
      if (byTimer && stopped) return result;
      const rows = await claim(afterId, options);
      if (rows.length === 0) return result;
      rows.sort((a, b) => a.id - b.id);
      for (const row of rows) {
        result[await runOne(row)] += 1;
        afterId = Math.max(afterId, row.id);
      }
    }
  }

  function flush(options: FlushOptions = {}, byTimer = false): Promise<FlushResult> {
    const next = chain.then(() => run(options, byTimer));
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(delayMs: number) {
    if (stopped || deps.pollSeconds === 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      flush({}, true)
        .catch((err: unknown) => log.error({ err }, 'job worker pass failed'))
        .finally(() => schedule(deps.pollSeconds * 1000));
    }, delayMs);
    timer.unref();
  }

  return {
    flush: (options) => flush(options),
    kick: () => schedule(0),
    start() {
      stopped = false;
      schedule(deps.pollSeconds * 1000);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
    },
  };
}
