import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from './client.js';
import { inTransaction, systemScope, TRANSACTION_TRIES } from './transaction.js';

/**
 * Two money actions that lock the same rollup rows in opposite orders deadlock; PostgreSQL aborts
 * one (40P01). The aborted one runs again and both land: a member's join never answers 500 because
 * a receipt was being recorded at the same moment (the scale demo saw 28 such 500s).
 */
describe('a transaction aborted by a deadlock runs again', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    await t.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
    await t.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
  });
  afterAll(() => t?.close());

  it('of two transactions locking two rows in opposite orders, both land, each once', async () => {
    let attempts = 0;
    let firstLocked: () => void = () => {};
    let secondLocked: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      firstLocked = resolve;
    });
    const second = new Promise<void>((resolve) => {
      secondLocked = resolve;
    });
    const bump = (a: number, b: number, locked: () => void, other: Promise<void>) =>
      inTransaction(systemScope(t.db), async (tx) => {
        attempts += 1;
        const retry = attempts > 2;
        await tx.db.execute(sql`update deadlock_probe set n = n + 1 where id = ${a}`);
        locked();
        // On the first run each waits until the other holds its first row: a certain deadlock.
        if (!retry) await other;
        await tx.db.execute(sql`update deadlock_probe set n = n + 1 where id = ${b}`);
      });
    await Promise.all([bump(1, 2, firstLocked, second), bump(2, 1, secondLocked, first)]);
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeLessThanOrEqual(2 * TRANSACTION_TRIES);
    const rows = rowsOf<{ id: number; n: number }>(
      await t.db.execute(sql`select id, n from deadlock_probe order by id`),
    );
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
  });

  it('an error that is not a conflict runs once and is thrown as it was', async () => {
    let attempts = 0;
    await expect(
      inTransaction(systemScope(t.db), async (tx) => {
        attempts += 1;
        await tx.db.execute(sql`insert into deadlock_probe values (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
