import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { jobs } from '../db/schema/jobs.js';
import { inTransaction } from '../db/transaction.js';
import { createJobWorker, enqueueJob, type JobHandler } from './jobs.js';

/**
 * The job queue with several instances (issue 14): two workers on one database, as two API
 * instances run them, claim each job once (FOR UPDATE SKIP LOCKED and a lease), and a job held by
 * an instance that died is run by another once the lease is over, once.
 */
describe('jobs across instances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
  });
  afterAll(() => t?.close());

  function worker(kind: string, handler: JobHandler) {
    return createJobWorker({
      db: t.db,
      handlers: new Map([[kind, handler]]),
      log: t.app.log,
      pollSeconds: 0,
      leaseSeconds: 60,
    });
  }

  async function enqueue(kind: string, count: number): Promise<number[]> {
    await inTransaction(t.app.systemContext(), async (tx) => {
      for (let i = 0; i < count; i += 1) await enqueueJob(tx, kind, { n: i });
    });
    const rows = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, kind));
    return rows.map((r) => r.id);
  }

  it('two workers flushing at once run every job exactly once between them', { timeout: 60_000 }, async () => {
    const ids = await enqueue('test.shared', 90);
    const ran: { by: string; id: number }[] = [];
    let bStarted: () => void = () => undefined;
    const bHasWork = new Promise<void>((resolve) => {
      bStarted = resolve;
    });
    // A holds its first job until B has run one: both must have claimed work of their own.
    const a = worker('test.shared', {
      maxAttempts: 3,
      async run(_payload, job) {
        if (ran.length === 0) await bHasWork;
        ran.push({ by: 'a', id: job.id });
      },
    });
    const b = worker('test.shared', {
      maxAttempts: 3,
      async run(_payload, job) {
        ran.push({ by: 'b', id: job.id });
        bStarted();
      },
    });
    const [fromA, fromB] = await Promise.all([a.flush(), b.flush()]);
    expect(fromA.done + fromB.done).toBe(ids.length);
    expect(ran).toHaveLength(ids.length);
    expect(new Set(ran.map((r) => r.id)).size).toBe(ids.length);
    expect(ran.some((r) => r.by === 'a')).toBe(true);
    expect(ran.some((r) => r.by === 'b')).toBe(true);
    const rows = await t.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('a job held by a worker that died runs elsewhere after its lease, once', { timeout: 60_000 }, async () => {
    const [id] = await enqueue('test.crash', 1);
    let claimed: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    // The first instance claims the job, then "dies": its handler never returns, nothing is recorded.
    const dying = worker('test.crash', {
      maxAttempts: 3,
      run: () => {
        claimed();
        return new Promise<void>(() => undefined);
      },
    });
    void dying.flush();
    await held;
    const survivorRan: number[] = [];
    const survivor = worker('test.crash', {
      maxAttempts: 3,
      async run(_payload, job) {
        survivorRan.push(job.id);
      },
    });
    // Still leased: the other instance leaves it alone.
    expect(await survivor.flush()).toEqual({ done: 0, retried: 0, failed: 0 });
    // The lease runs out (moved back rather than waited for: the lease is the database's time).
    await t.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id as number));
    expect(await survivor.flush()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await survivor.flush()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(survivorRan).toEqual([id]);
    const [row] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id as number));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });
});
