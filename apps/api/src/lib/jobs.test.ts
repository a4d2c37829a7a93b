import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { jobs } from '../db/schema/jobs.js';
import { settings } from '../db/schema/settings.js';
import { inTransaction } from '../db/transaction.js';
import { enqueueJob } from './jobs.js';

/** The jobs table as a mechanism: any kind, queued with its change, run once, retried, given up. */
describe('jobs', () => {
  let t: TestApp;
  const ran: string[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' }, {});
    // A kind of job the app does not know yet, the way a later feature adds one.
    t.app.jobs.register('test.echo', {
      maxAttempts: 2,
      async run(payload) {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('temporary failure');
        }
        ran.push(String(payload.word));
      },
      summary: (payload) => ({ word: payload.word }),
    });
  });
  afterAll(() => t?.close());

  const ctx = () => t.app.systemContext();

  it('a job exists only if its transaction commits, and runs once', async () => {
    await inTransaction(ctx(), async (tx) => {
      await tx.db.insert(settings).values({ key: 'test.a', value: 1 });
      await enqueueJob(tx, 'test.echo', { word: 'kept', secret: 'link' });
    });
    await expect(
      inTransaction(ctx(), async (tx) => {
        await enqueueJob(tx, 'test.echo', { word: 'rolled-back' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const [first, second] = await Promise.all([
      t.app.jobs.flush({ kinds: ['test.echo'] }),
      t.app.jobs.flush({ kinds: ['test.echo'] }),
    ]);
    expect(first.done + second.done).toBe(1);
    expect(ran).toEqual(['kept']);
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'test.echo'));
    expect(rows).toHaveLength(1);
    // Once done, only the kind's summary of the payload stays.
    expect(rows[0]).toMatchObject({ status: 'done', payload: { word: 'kept' }, attempts: 1 });
  });

  it('a failing job is retried later, then given up after its kind’s attempts', async () => {
    ran.length = 0;
    failuresLeft = 5;
    await inTransaction(ctx(), (tx) => enqueueJob(tx, 'test.echo', { word: 'flaky' }));
    expect(await t.app.jobs.flush({ kinds: ['test.echo'] })).toEqual({ done: 0, retried: 1, failed: 0 });
    // Not due yet: nothing runs until its time, unless asked.
    expect(await t.app.jobs.flush({ kinds: ['test.echo'] })).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(await t.app.jobs.flush({ kinds: ['test.echo'], includeDeferred: true })).toEqual({
      done: 0,
      retried: 0,
      failed: 1,
    });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.status, 'failed'));
    expect(row).toMatchObject({ kind: 'test.echo', attempts: 2, lastError: 'temporary failure' });
    expect(ran).toEqual([]);
  });

  it('the after-commit wake-up runs only after the commit', async () => {
    const order: string[] = [];
    await inTransaction(ctx(), async (tx) => {
      tx.afterCommit(() => order.push('after commit'));
      order.push('in transaction');
    });
    await expect(
      inTransaction(ctx(), async (tx) => {
        tx.afterCommit(() => order.push('never'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(order).toEqual(['in transaction', 'after commit']);
  });
});
