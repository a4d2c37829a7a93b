import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { cashExact } from '../../../test/helpers/cash-exact.js';
import { rowsOf } from '../../db/client.js';
import { inTransaction, systemScope } from '../../db/transaction.js';
import { setClock } from '../../lib/clock.js';

/**
 * The cash report's rollups (migration 0024) under every state change the ledger knows, in random
 * order: subscribe on past and future days, receive, pay out (arrears deducted), reverse a receipt
 * or a payout, withdraw, refund, replace, move a turn, re-date a free day (the days import), delete
 * a subscription nothing was recorded on. After each step the rollups equal a recount from the rows
 * and the Ledger tab equals the exact SQL. On PostgreSQL, concurrent money actions on one
 * subscription leave them exact too.
 */
let t: TestApp;
let admin: string;
let exact: ReturnType<typeof cashExact>;
const TODAY = '2026-03-15';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  exact = cashExact(t.db, TODAY);
});
afterAll(async () => {
  setClock();
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

async function pendingIds(subscriptionId: number, days: number[]): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from installments where subscription_id = ${subscriptionId}
      and day_number = any(${`{${days.join(',')}}`}::int[]) and status = 'pending' order by day_number`),
  );
  return rows.map((r) => Number(r.id));
}

const ZERO = { associations: 0, subscriptions: 0, days: 0, months: 0 };

describe('the cash rollups under random operations (property)', () => {
  it('equal a recount from the rows after each step, and the Ledger tab the exact SQL', async () => {
    const actions = [
      'subscribe',
      'receive',
      'payout',
      'reverse_receipt',
      'reverse_payout',
      'withdraw',
      'refund',
      'replace',
      'move',
      'redate',
      'delete',
    ] as const;
    const step = fc.record({ action: fc.constantFrom(...actions), a: fc.nat(1000), b: fc.nat(1000) });
    const statuses = new Set<number>();
    /** The actions that changed something, over all runs: each kind of change is exercised. */
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 12 }), async (steps) => {
        setClock(`${TODAY}T10:00:00Z`);
        // From mid-January: past turn days (and their late installments), this month's, future ones.
        const association = await createAssociation(t.app, admin, { cost: 10, from_date: '2026-01-20' });
        const members = await Promise.all(
          [0, 1, 2].map(() => createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true })),
        );
        const subs: { id: number; member: number }[] = [];
        const receipts: number[] = [];
        const payouts: number[] = [];
        for (const { action, a, b } of steps) {
          const sub = subs.length ? subs[a % subs.length] : undefined;
          let res: { statusCode: number; body: string } | undefined;
          if (action === 'subscribe' || !sub) {
            const member = a % members.length;
            res = await subscribe(t.app, admin, {
              user_id: members[member]?.id ?? 0,
              association_id: association.id,
              day_number: 1 + (b % 120),
            });
            if (res.statusCode === 201) subs.push({ id: JSON.parse(res.body).data.id, member });
          } else if (action === 'receive') {
            const first = 1 + (b % 60);
            const ids = await pendingIds(sub.id, [first, first + 1, first + 9, 1 + ((b * 7) % 100)]);
            if (ids.length) {
              res = await call('POST', '/subscriptions/payments/receive', { ids, method: 'cash' });
              if (res.statusCode === 200) receipts.push(JSON.parse(res.body).data[0].receipt.id);
            }
          } else if (action === 'payout') {
            res = await call('POST', `/subscriptions/${sub.id}/transfer`, { reference: `T-${b}`, date: TODAY });
            if (res.statusCode === 200) payouts.push(JSON.parse(res.body).data.payout.id);
          } else if (action === 'reverse_receipt' && receipts.length) {
            res = await call('POST', `/receipts/${receipts[b % receipts.length]}/reverse`, { reason: 'خطأ' });
          } else if (action === 'reverse_payout' && payouts.length) {
            res = await call('POST', `/payouts/${payouts[b % payouts.length]}/reverse`, { reason: 'خطأ' });
          } else if (action === 'withdraw') {
            res = await call('POST', `/subscriptions/${sub.id}/withdraw`, { reason: 'انسحاب' });
          } else if (action === 'refund') {
            // A refund follows a withdrawal of a member who paid: they pay one, then leave, if they have not.
            const ids = await pendingIds(sub.id, [1 + (b % 50)]);
            if (ids.length) await call('POST', '/subscriptions/payments/receive', { ids, method: 'cash' });
            await call('POST', `/subscriptions/${sub.id}/withdraw`, { reason: 'انسحاب' });
            res = await call('POST', `/subscriptions/${sub.id}/refund`, {
              amount: 10,
              reference: `R-${b}`,
              date: TODAY,
            });
            if (res.statusCode === 201) payouts.push(JSON.parse(res.body).data.id);
          } else if (action === 'replace') {
            const member = b % members.length;
            res = await call('POST', `/subscriptions/${sub.id}/replace`, {
              user_id: members[member]?.id ?? 0,
              reason: 'تنازل',
            });
            if (res.statusCode === 200) sub.member = member;
          } else if (action === 'move') {
            const holder = members[sub.member];
            if (holder) {
              const token = await loginAs(t.app, holder.phone, holder.password);
              res = await call('POST', '/me/turn-moves', { subscription_id: sub.id, to_day: 60 + (b % 60) }, token);
              if (res.statusCode === 201) {
                res = await call('POST', `/associations/change-turn/${JSON.parse(res.body).data.id}`, { status: 1 });
              }
            }
          } else if (action === 'redate') {
            // The days import on a free day: its date and the pending installments due on it move.
            const day = 1 + (b % 200);
            await inTransaction(systemScope(t.db), async (tx) => {
              const [held] = rowsOf<{ n: number }>(
                await tx.db.execute(sql`select count(*)::int as n from subscriptions
                  where association_id = ${association.id} and day_number = ${day} and status = 'active'`),
              );
              if (Number(held?.n) > 0) return;
              reached.add(action);
              const shift = sql`(case when ${day} % 2 = 0 then 1 else -1 end)`;
              await tx.db.execute(sql`update association_days set date = date + ${shift}
                where association_id = ${association.id} and day_number = ${day}`);
              await tx.db.execute(sql`update installments set due_date = due_date + ${shift}
                where association_id = ${association.id} and day_number = ${day} and status = 'pending'`);
            });
          } else if (action === 'delete') {
            // A subscription nothing was recorded on goes with its installments (the cascade).
            await inTransaction(systemScope(t.db), async (tx) => {
              const [free] = rowsOf<{ ok: boolean }>(
                await tx.db.execute(sql`select not exists (select 1 from receipts where subscription_id = ${sub.id})
                  and not exists (select 1 from payouts where subscription_id = ${sub.id})
                  and not exists (select 1 from subscription_changes where subscription_id = ${sub.id})
                  and not exists (select 1 from turn_move_requests where subscription_id = ${sub.id})
                  and not exists (select 1 from reversals where subscription_id = ${sub.id}) as ok`),
              );
              if (free?.ok !== true) return;
              await tx.db.execute(sql`delete from subscriptions where id = ${sub.id}`);
              reached.add(action);
              subs.splice(subs.indexOf(sub), 1);
            });
          }
          if (res) {
            statuses.add(res.statusCode);
            if (res.statusCode < 300) reached.add(action);
            expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(500);
          }
          expect(await exact.rollupDifferences(), `after ${action}`).toEqual(ZERO);
          const tab = await call('GET', `/reports/cash/associations/${association.id}`);
          expect(tab.statusCode, tab.body).toBe(200);
          exact.expectFigures(tab.json().data.figures, await exact.exactFigures(association.id));
        }
        await exact.expectForecast(
          (await call('GET', `/reports/cash/associations/${association.id}`)).json().data.forecast,
          association.id,
        );
      }),
      { numRuns: 8, seed: 20_4_2026 },
    );
    expect([...statuses]).toEqual(expect.arrayContaining([200, 201]));
    expect([...reached].sort()).toEqual([...actions].sort());
  }, 180_000);
});

describe('concurrent money actions on one subscription', () => {
  it('receipts, a payout and a reversal racing leave every rollup exact', async () => {
    setClock(`${TODAY}T10:00:00Z`);
    const association = await createAssociation(t.app, admin, { cost: 10, from_date: '2026-02-01' });
    const member = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true });
    const created = await subscribe(t.app, admin, {
      user_id: member.id,
      association_id: association.id,
      day_number: 3,
    });
    const id = created.json().data.id as number;
    const first = await call('POST', '/subscriptions/payments/receive', { ids: await pendingIds(id, [1]) });
    const receipt = first.json().data[0].receipt.id as number;
    const days = [[2], [3, 4], [5], [6, 7], [8], [9]];
    const answers = await Promise.all([
      ...(await Promise.all(days.map((d) => pendingIds(id, d)))).map((ids) =>
        call('POST', '/subscriptions/payments/receive', { ids, method: 'cash' }),
      ),
      call('POST', `/receipts/${receipt}/reverse`, { reason: 'سباق' }),
      call('POST', `/subscriptions/${id}/transfer`, { reference: 'RACE', date: TODAY }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(await exact.rollupDifferences()).toEqual(ZERO);
    exact.expectFigures(
      (await call('GET', `/reports/cash/associations/${association.id}`)).json().data.figures,
      await exact.exactFigures(association.id),
    );
  });
});
