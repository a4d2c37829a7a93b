import type { Permission } from '@portal/shared/permissions';
import {
  REQUEST_ACTIONS,
  REQUEST_MACHINE,
  type RequestAction,
  type RequestStatus,
} from '@portal/shared/schemas/customer-requests-machine';
import { transitionOf } from '@portal/shared/workflow';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerRequest } from '../../../test/factories/customer-requests.js';
import { createUser } from '../../../test/factories/users.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';

/**
 * A property of the workflow (issue 12): whatever random actions random people take on a request,
 * legal or not, every answer is either the step applied or a refusal that changed nothing, and
 * the history always replays through REQUEST_MACHINE to the request's status — one row per
 * applied step, none for a refusal.
 */
let t: TestApp;

type Actor = { id: number; token: string };
const actors: Actor[] = [];
let creator: Actor;

const PAYLOADS: Record<RequestAction, object> = {
  next: { type: 'next' },
  'next-for-pay': { type: 'next-for-pay', payment_amount: '220.00', payment_reference: 'REF-1' },
  reject: { type: 'reject', rejection_reason_id: 1, rejection_note: 'ناقص' },
  cancel: { type: 'cancel', reason: 'بطلب العميل' },
  reset: { type: 'reset' },
};

async function account(permissions: Permission[], type: 'user' | 'admin'): Promise<Actor> {
  const user = await createUser(t.db, {
    type,
    roles: type === 'user' ? ['user'] : [],
    emailVerified: true,
    permissions,
  });
  return { id: user.id, token: await loginAs(t.app, user.phone, user.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  creator = await account([], 'user');
  actors.push(
    creator,
    await account(['review_requests', 'show_requests'], 'admin'),
    await account(['accept_requests', 'setpaid_requests', 'show_requests'], 'admin'),
    await account(['setready_requests', 'setdelivered_requests', 'reject_requests', 'show_requests'], 'admin'),
    await account(['cancel_requests', 'admin_requests'], 'admin'),
  );
});
afterAll(async () => {
  await t?.close();
});

async function history(id: number) {
  return rowsOf<{ action: string; from_status: number | null; to_status: number }>(
    await t.db.execute(sql`select action, from_status, to_status from workflow_history
      where machine = 'customer_request' and record_id = ${id} order by id`),
  );
}

async function statusOf(id: number): Promise<number> {
  const [row] = rowsOf<{ status: number }>(
    await t.db.execute(sql`select status from customer_requests where id = ${id}`),
  );
  return Number(row?.status);
}

describe('random action sequences', { timeout: 300_000 }, () => {
  it('always leave a history that replays to the status, one row per applied step', async () => {
    const step = fc.record({
      action: fc.constantFrom(...REQUEST_ACTIONS),
      actor: fc.integer({ min: 0, max: 4 }),
      /** Sometimes the status the screen showed is stale. */
      stale: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const request = await createCustomerRequest(t.db, { createdBy: creator.id });
        let applied = 0;
        for (const { action, actor, stale } of steps) {
          const before = await statusOf(request.id);
          const who = actors[actor] as Actor;
          const expected = stale ? (before % 9) + 1 : before;
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/customers_requests/action/${request.id}`,
            headers: bearer(who.token),
            payload: { ...PAYLOADS[action], expected_status: expected },
          });
          const after = await statusOf(request.id);
          if (res.statusCode === 200) {
            applied += 1;
            expect(expected).toBe(before);
            expect(transitionOf(REQUEST_MACHINE, action, before as RequestStatus)?.to).toBe(after);
            expect(res.json().data.request_status_type.id).toBe(after);
          } else {
            expect([403, 409]).toContain(res.statusCode);
            expect(after).toBe(before);
          }
        }
        const rows = await history(request.id);
        expect(rows).toHaveLength(1 + applied);
        // Replay: from nothing, each row's step is the machine's step from the status before it.
        let status: number | null = null;
        for (const row of rows) {
          expect(Number(row.from_status ?? Number.NaN) || null).toBe(status);
          if (row.action !== 'create') {
            expect(transitionOf(REQUEST_MACHINE, row.action as RequestAction, status as RequestStatus)?.to).toBe(
              Number(row.to_status),
            );
          }
          status = Number(row.to_status);
        }
        expect(status).toBe(await statusOf(request.id));
      }),
      { numRuns: 40, seed: 20261123 },
    );
  });
});
