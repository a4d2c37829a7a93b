import { addDays } from '@portal/shared/clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import { clock, setClock } from '../src/lib/clock.js';
import { createAssociation, subscribe } from './factories/associations.js';
import { createUser } from './factories/users.js';
import { ADMIN, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';
import { DAY_ROLLUP_DRIFT } from './helpers/db-state.js';

/**
 * The rollups the triggers keep stay compact under the money actions (migration 0034, issue 21 §3):
 * a subscription updates its 1,200 due days in the day rollup in one transaction. With full pages
 * each of those updates wrote its row's new version on another page, and the rollup grew by its
 * own size with every subscription (271 pages for 2,579 rows after the bench; the dashboard's sum
 * over it four times slower). With room left on each page, the next version stays beside the old.
 * How much they grow is measured, not asserted (decision 0036): the old versions are pruned only
 * once no snapshot on the server still sees them, so the figure follows whatever else the server
 * runs at the time (a CI run once saw 18 → 36 pages).
 */
describe('the rollups under repeated money actions', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    setClock('2026-11-27T10:00:00Z');
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(async () => {
    setClock();
    await t.close();
  });

  it('leave half of each page free, and the day rollup holds a row per due date of the joins', async () => {
    const association = await createAssociation(t.app, admin, { from_date: addDays(clock.today(), 30) });
    const members = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db, { type: 'user', emailVerified: true })));
    for (const [index, member] of members.entries()) {
      const res = await subscribe(t.app, admin, {
        user_id: member.id,
        association_id: association.id,
        day_number: index + 1,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [days] = rowsOf<{ n: number; pending: number }>(
      await t.db.execute(sql`select count(*)::int as n, sum(pending)::int as pending from installment_day_counts`),
    );
    expect(Number(days?.n)).toBeGreaterThanOrEqual(1200);
    expect(Number(days?.pending)).toBe(4 * 1200);
    const options = rowsOf<{ relname: string; reloptions: string[] | null }>(
      await t.db.execute(sql`select relname, reloptions from pg_class
        where relname in ('counters', 'installment_day_counts', 'ledger_association_totals',
          'ledger_subscription_totals', 'ledger_day_totals', 'ledger_month_totals') and relkind = 'r'
        order by relname`),
    );
    expect(options.map((o) => [o.relname, o.reloptions])).toEqual(
      [
        'counters',
        'installment_day_counts',
        'ledger_association_totals',
        'ledger_day_totals',
        'ledger_month_totals',
        'ledger_subscription_totals',
      ].map((name) => [name, ['fillfactor=50']]),
    );
  });

  it('hold no due date of the day rollup while the transaction that changes it is still open (migration 0035)', async () => {
    // Two members' installments due the same day: the day rollup has one row for that date.
    const [a, b] = rowsOf<{ id: number; due_date: string }>(
      await t.db.execute(sql`select i.id, i.due_date::text as due_date from installments i
        where i.status = 'pending' and i.due_date = (select min(due_date) from installments where status = 'pending')
        order by i.id limit 2`),
    );
    expect(a && b && a.due_date === b.due_date, 'two installments due the same day').toBe(true);
    const rollback = new Error('rolled back on purpose');
    let firstChanged: () => void = () => {};
    const changed = new Promise<void>((resolve) => {
      firstChanged = resolve;
    });
    let secondDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      secondDone = resolve;
    });
    const change = (id: number, whileOpen: () => Promise<void>) =>
      inTransaction(systemScope(t.db), async (tx) => {
        // A second's wait on a lock fails the statement (55P03) instead of waiting.
        await tx.db.execute(sql`set local lock_timeout = '1s'`);
        await tx.db.execute(sql`update installments set status = 'cancelled' where id = ${id}`);
        await whileOpen();
        throw rollback;
      }).catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    // The first holds its change open until the second has made its own on the same due date: the
    // second must not wait for the first's commit (before 0035 it waited on the rollup's row).
    await Promise.all([
      change(a?.id ?? 0, async () => {
        firstChanged();
        await done;
      }),
      (async () => {
        await changed;
        try {
          await change(b?.id ?? 0, async () => undefined);
        } finally {
          secondDone();
        }
      })(),
    ]);
    // Both rolled back: the rollup still counts every installment exactly.
    const [drift] = rowsOf<{ n: number }>(await t.db.execute(sql`select ${DAY_ROLLUP_DRIFT}::int as n`));
    expect(Number(drift?.n)).toBe(0);
  });

  it('count what a committed transaction changed, at its commit', async () => {
    const [one] = rowsOf<{ id: number; due_date: string }>(
      await t.db.execute(
        sql`select id, due_date::text as due_date from installments where status = 'pending' order by id limit 1`,
      ),
    );
    const count = async () =>
      rowsOf<{ pending: number; cancelled: number }>(
        await t.db.execute(
          sql`select pending::int, cancelled::int from installment_day_counts where due_date = ${one?.due_date}::date`,
        ),
      )[0];
    const before = await count();
    await inTransaction(systemScope(t.db), async (tx) => {
      await tx.db.execute(sql`update installments set status = 'cancelled' where id = ${one?.id}`);
      // Not yet inside the transaction: the rollup takes its deltas at commit.
      const [inside] = rowsOf<{ cancelled: number }>(
        await tx.db.execute(
          sql`select cancelled::int from installment_day_counts where due_date = ${one?.due_date}::date`,
        ),
      );
      expect(Number(inside?.cancelled)).toBe(Number(before?.cancelled));
    });
    expect(await count()).toEqual({
      pending: Number(before?.pending) - 1,
      cancelled: Number(before?.cancelled) + 1,
    });
  });
});
