import { addDays } from '@portal/shared/clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { clock, setClock } from '../src/lib/clock.js';
import { createAssociation, subscribe } from './factories/associations.js';
import { createUser } from './factories/users.js';
import { ADMIN, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';

/**
 * The rollups the triggers keep stay compact under the money actions (migration 0034, issue 21 §3):
 * a subscription updates its 1,200 due days in the day rollup in one transaction. With full pages
 * each of those updates wrote its row's new version on another page, and the rollup grew by its
 * own size with every subscription (271 pages for 2,579 rows after the bench; the dashboard's sum
 * over it four times slower). With room left on each page, the next version stays beside the old.
 */
describe('the rollups under repeated money actions', () => {
  let t: TestApp;
  let admin: string;

  const pages = async (table: string): Promise<number> => {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select (pg_relation_size(${table}::regclass) / current_setting('block_size')::int)::int as n`,
      ),
    );
    return Number(row?.n ?? 0);
  };

  beforeAll(async () => {
    setClock('2026-11-27T10:00:00Z');
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(async () => {
    setClock();
    await t.close();
  });

  it('keep their size while a day rollup row is updated by one subscription after another', async () => {
    const association = await createAssociation(t.app, admin, { from_date: addDays(clock.today(), 30) });
    const members = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db, { type: 'user', emailVerified: true })));
    const join = async (index: number) => {
      const res = await subscribe(t.app, admin, {
        user_id: members[index]?.id ?? 0,
        association_id: association.id,
        day_number: index + 1,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await join(0);
    const [days] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from installment_day_counts`),
    );
    expect(Number(days?.n)).toBeGreaterThanOrEqual(1200);
    const before = { days: await pages('installment_day_counts'), ledger: await pages('ledger_day_totals') };
    await join(1);
    await join(2);
    await join(3);
    // Each of those three updated the same 1,200 rows: their new versions stayed on their pages
    // (measured: 18 → 19 and 41 → 43 pages; with full pages 9 → 35 and 20 → 80).
    const after = { days: await pages('installment_day_counts'), ledger: await pages('ledger_day_totals') };
    expect(after.days).toBeLessThanOrEqual(before.days + Math.ceil(before.days / 10));
    expect(after.ledger).toBeLessThanOrEqual(before.ledger + Math.ceil(before.ledger / 10));
  });
});
