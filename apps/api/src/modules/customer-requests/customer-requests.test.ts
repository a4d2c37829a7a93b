import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Permission } from '@portal/shared/permissions';
import {
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  type RequestAction,
  type RequestStatus,
} from '@portal/shared/schemas/customer-requests-machine';
import { REQUEST_MACHINE } from '@portal/shared/schemas/customer-requests-policy';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCustomerRequest } from '../../../test/factories/customer-requests.js';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { mailJobs } from '../../../test/helpers/mail-jobs.js';
import { MIGRATIONS_DIR } from '../../config/paths.js';
import { rowsOf } from '../../db/client.js';
import { inTransaction, systemScope } from '../../db/transaction.js';
import { setClock } from '../../lib/clock.js';
import { COUNT_CAP } from '../../lib/list.js';

/** Service requests through the routes (issue 12): the workflow, who sees what, lists, statistics. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

type Account = { id: number; token: string };

async function account(permissions: Permission[] = [], options: { name?: string } = {}): Promise<Account> {
  const user = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true, permissions, ...options });
  return { id: user.id, token: await loginAs(t.app, user.phone, user.password) };
}

const as = (
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  lang: 'ar' | 'en' = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const NON_FINAL_REASON = 1;
const FINAL_REASON = 7;

const PAYLOADS: Record<RequestAction, object> = {
  next: { type: 'next' },
  'next-for-pay': { type: 'next-for-pay', payment_amount: '150.75', payment_reference: 'FAWRY-778812' },
  reject: { type: 'reject', rejection_reason_id: NON_FINAL_REASON, rejection_note: 'صورة البطاقة غير واضحة' },
  cancel: { type: 'cancel', reason: 'طلب العميل الإلغاء' },
  reset: { type: 'reset' },
};

const act = (token: string, id: number, action: RequestAction, lang: 'ar' | 'en' = 'en', extra: object = {}) =>
  as(token, 'POST', `/customers_requests/action/${id}`, { ...PAYLOADS[action], ...extra }, lang);

async function statusOf(id: number): Promise<number> {
  const [row] = rowsOf<{ status: number }>(
    await t.db.execute(sql`select status from customer_requests where id = ${id}`),
  );
  return Number(row?.status);
}

async function historyCount(id: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(
      sql`select count(*)::int as n from workflow_history where machine = 'customer_request' and record_id = ${id}`,
    ),
  );
  return Number(row?.n);
}

/**
 * DESIGN §2 written out by hand (not read from REQUEST_MACHINE, so the test checks the machine):
 * for each action, the statuses it leaves, where it goes, and who may take it there.
 */
type Legal = { to: RequestStatus; who: Permission | 'creator'; alsoCreator?: boolean };
const LEGAL: Record<RequestAction, Partial<Record<RequestStatus, Legal>>> = {
  next: {
    1: { to: 2, who: 'creator' },
    2: { to: 3, who: 'review_requests' },
    4: { to: 5, who: 'setpaid_requests' },
    5: { to: 6, who: 'setready_requests' },
    6: { to: 7, who: 'setdelivered_requests' },
    8: { to: 2, who: 'creator' },
  },
  'next-for-pay': { 3: { to: 4, who: 'accept_requests' } },
  reject: {
    2: { to: 8, who: 'reject_requests' },
    3: { to: 8, who: 'reject_requests' },
    4: { to: 8, who: 'reject_requests' },
    5: { to: 8, who: 'reject_requests' },
    6: { to: 8, who: 'reject_requests' },
  },
  cancel: {
    1: { to: 9, who: 'cancel_requests', alsoCreator: true },
    2: { to: 9, who: 'cancel_requests' },
    3: { to: 9, who: 'cancel_requests' },
    4: { to: 9, who: 'cancel_requests' },
    5: { to: 9, who: 'cancel_requests' },
    6: { to: 9, who: 'cancel_requests' },
    7: { to: 9, who: 'cancel_requests' },
    8: { to: 9, who: 'cancel_requests' },
  },
  reset: {
    2: { to: 1, who: 'admin_requests' },
    3: { to: 1, who: 'admin_requests' },
    4: { to: 1, who: 'admin_requests' },
    5: { to: 1, who: 'admin_requests' },
    6: { to: 1, who: 'admin_requests' },
    7: { to: 1, who: 'admin_requests' },
    8: { to: 1, who: 'admin_requests' },
    9: { to: 1, who: 'admin_requests' },
  },
};

const STAFF_PERMISSIONS: Permission[] = [
  'review_requests',
  'accept_requests',
  'setpaid_requests',
  'setready_requests',
  'setdelivered_requests',
  'reject_requests',
  'cancel_requests',
  'admin_requests',
];

describe('the transition table', () => {
  it('every status × every action × with and without the permission × creator or not', async () => {
    // One account per (permission, creator or not); staff who are not the creator see requests through show_requests.
    const staffWith = new Map<Permission, Account>();
    const creatorWith = new Map<Permission, Account>();
    for (const p of STAFF_PERMISSIONS) {
      staffWith.set(p, await account(['show_requests', p]));
      creatorWith.set(p, await account([p]));
    }
    const staffWithout = await account(['show_requests']);
    const creatorWithout = await account();
    const someone = await account();

    const mismatches: string[] = [];
    let cases = 0;
    for (const status of REQUEST_STATUSES) {
      for (const action of REQUEST_ACTIONS) {
        const legal = LEGAL[action][status];
        const permission = legal && legal.who !== 'creator' ? legal.who : 'show_requests';
        const callers: { label: string; caller: Account; creator: boolean; holds: boolean }[] = [
          {
            label: 'staff with',
            caller: staffWith.get(permission as Permission) ?? staffWithout,
            creator: false,
            holds: legal?.who !== 'creator',
          },
          { label: 'staff without', caller: staffWithout, creator: false, holds: false },
          {
            label: 'creator with',
            caller: creatorWith.get(permission as Permission) ?? creatorWithout,
            creator: true,
            holds: legal?.who !== 'creator',
          },
          { label: 'creator without', caller: creatorWithout, creator: true, holds: false },
        ];
        for (const c of callers) {
          cases += 1;
          const { id } = await createCustomerRequest(t.db, {
            createdBy: c.creator ? c.caller.id : someone.id,
            status,
            rejectionReasonId: status === 8 ? NON_FINAL_REASON : null,
          });
          const before = await historyCount(id);
          let expected: number;
          if (!legal) expected = 409;
          else if (legal.who === 'creator') expected = c.creator ? 200 : 403;
          else expected = c.holds || (legal.alsoCreator === true && c.creator) ? 200 : 403;
          const res = await act(c.caller.token, id, action);
          const now = await statusOf(id);
          const added = (await historyCount(id)) - before;
          const want = expected === 200 ? legal?.to : status;
          if (res.statusCode !== expected || now !== want || added !== (expected === 200 ? 1 : 0)) {
            mismatches.push(
              `${status} ${action} ${c.label}: got ${res.statusCode} → ${now} (+${added}), want ${expected} → ${want}`,
            );
          }
        }
      }
    }
    expect(cases).toBe(9 * 5 * 4);
    expect(mismatches).toEqual([]);
  });

  it('a final rejection closes the request: its creator cannot resubmit it', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, {
      createdBy: creator.id,
      status: 8,
      rejectionReasonId: FINAL_REASON,
    });
    const res = await act(creator.token, id, 'next');
    expect(res.statusCode).toBe(403);
    expect(await statusOf(id)).toBe(8);
  });

  it('a customer whose email is not activated cannot submit or resubmit (403, translated); a draft may wait', async () => {
    const user = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: false });
    const token = await loginAs(t.app, user.phone, user.password);
    const draft = await createCustomerRequest(t.db, { createdBy: user.id, status: 1 });
    const rejected = await createCustomerRequest(t.db, {
      createdBy: user.id,
      status: 8,
      rejectionReasonId: NON_FINAL_REASON,
    });
    const before = await historyCount(draft.id);
    const ar = await act(token, draft.id, 'next', 'ar');
    expect(ar.statusCode).toBe(403);
    expect(ar.json()).toMatchObject({
      code: 'requests.errors.email_unverified',
      message: 'فعّل بريدك الإلكتروني أولًا، ثم يمكنك تقديم الطلب؛ يمكنك حفظه كمسودة حتى ذلك الحين',
    });
    const en = await act(token, rejected.id, 'next', 'en');
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe(
      'Activate your email first; then you can submit the request. Until then you can keep it as a draft.',
    );
    expect(await statusOf(draft.id)).toBe(1);
    expect(await statusOf(rejected.id)).toBe(8);
    expect(await historyCount(draft.id)).toBe(before);
    // Cancelling one's own draft needs no activation.
    expect((await act(token, draft.id, 'cancel')).statusCode).toBe(200);
    // Once activated, the same step goes through.
    await t.db.execute(sql`update users set email_verified_at = now() where id = ${user.id}`);
    expect((await act(token, rejected.id, 'next')).statusCode).toBe(200);
    expect(await statusOf(rejected.id)).toBe(2);
  });

  it('409 names the current status in the caller’s language; a stranger’s action is a 404', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 7 });
    const ar = await act(admin, id, 'next', 'ar');
    expect(ar.statusCode).toBe(409);
    expect(ar.json().message).toBe('لا يمكن تنفيذ هذا الإجراء والطلب في حالة «تم التسليم»');
    const en = await act(admin, id, 'next', 'en');
    expect(en.json().message).toBe('This action is not possible while the request is «Delivered»');
    const stranger = await account();
    expect((await act(stranger.token, id, 'cancel')).statusCode).toBe(404);
    expect((await act(stranger.token, 999_999_999, 'cancel')).statusCode).toBe(404);
  });

  it('the dialogs’ input is required: payment amount > 0 and a reference, a rejection reason that exists', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 3 });
    const zero = await as(admin, 'POST', `/customers_requests/action/${id}`, {
      type: 'next-for-pay',
      payment_amount: 0,
      payment_reference: 'X',
    });
    expect(zero.statusCode).toBe(422);
    const unknownReason = await as(admin, 'POST', `/customers_requests/action/${id}`, {
      type: 'reject',
      rejection_reason_id: 999_999,
      rejection_note: 'x',
    });
    expect(unknownReason.statusCode).toBe(422);
    expect(await statusOf(id)).toBe(3);
    const paid = await act(admin, id, 'next-for-pay');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ payment_amount: 150.75, payment_reference: 'FAWRY-778812' });
    const [row] = rowsOf<{ p: string }>(
      await t.db.execute(sql`select payment_amount_piastres::text as p from customer_requests where id = ${id}`),
    );
    expect(row?.p).toBe('15075');
  });

  it('the fee takes Arabic digits with the Arabic decimal and thousands separators; a slip is refused on its field', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 3 });
    const slip = await as(
      admin,
      'POST',
      `/customers_requests/action/${id}`,
      { type: 'next-for-pay', payment_amount: '١٢٬٥٠', payment_reference: 'X' },
      'ar',
    );
    expect(slip.statusCode).toBe(422);
    expect(slip.json().errors).toEqual([{ field: 'payment_amount', title: 'من فضلك أدخل مبلغًا أكبر من صفر' }]);
    expect(await statusOf(id)).toBe(3);
    const paid = await as(admin, 'POST', `/customers_requests/action/${id}`, {
      type: 'next-for-pay',
      payment_amount: '١٬٢٥٠٫٥٠',
      payment_reference: 'FAWRY-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.payment_amount).toBe(1250.5);
    const [row] = rowsOf<{ p: string }>(
      await t.db.execute(sql`select payment_amount_piastres::text as p from customer_requests where id = ${id}`),
    );
    expect(row?.p).toBe('125050');
  });
});

describe('two staff at once', () => {
  it('one wins, the other gets 409, and exactly one history row is written', async () => {
    const creator = await account();
    const a = await account(['show_requests', 'reject_requests', 'review_requests']);
    const b = await account(['show_requests', 'reject_requests', 'review_requests']);
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 2 });
    const before = await historyCount(id);
    const both = await Promise.all([act(a.token, id, 'reject'), act(b.token, id, 'reject')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await historyCount(id)) - before).toBe(1);
    expect(await statusOf(id)).toBe(8);
  });

  it('two clicks of "next" on what both saw as accepted: one step, not two', async () => {
    const creator = await account();
    const a = await account(['show_requests', 'setpaid_requests', 'setready_requests']);
    const b = await account(['show_requests', 'setpaid_requests', 'setready_requests']);
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 4 });
    const before = await historyCount(id);
    const both = await Promise.all([
      act(a.token, id, 'next', 'en', { expected_status: 4 }),
      act(b.token, id, 'next', 'en', { expected_status: 4 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await statusOf(id)).toBe(5);
    expect((await historyCount(id)) - before).toBe(1);
  });
});

describe('history', () => {
  it('random legal and illegal actions: the history always replays to the current status', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id });
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 40; i += 1) {
      const action = REQUEST_ACTIONS[Math.floor(random() * REQUEST_ACTIONS.length)] as RequestAction;
      const who = random() < 0.3 ? creator.token : admin;
      const res = await act(who, id, action);
      expect([200, 403, 409]).toContain(res.statusCode);
      const detail = (await as(creator.token, 'GET', `/customers_requests/${id}`)).json().data;
      const oldestFirst = [...detail.history].reverse() as {
        from_status: number | null;
        request_status_type: { id: number };
      }[];
      let replayed: number | null = null;
      for (const entry of oldestFirst) {
        expect(entry.from_status).toBe(replayed);
        replayed = entry.request_status_type.id;
      }
      expect(replayed).toBe(detail.request_status_type.id);
      expect(replayed).toBe(await statusOf(id));
    }
  });

  it('the detail lists who did what, newest first, with the rejection reason; the creator is told in the bell and by mail; audited', async () => {
    const creator = await account([], { name: 'منى عبد الله' });
    const { id, code } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 2 });
    expect((await act(admin, id, 'reject', 'ar')).statusCode).toBe(200);
    const detail = (await as(creator.token, 'GET', `/customers_requests/${id}`, undefined, 'ar')).json().data;
    expect(detail.request_status_type).toMatchObject({ id: 8, code: 'rejected' });
    expect(detail.rejection_note).toBe('صورة البطاقة غير واضحة');
    expect(detail.actions).toEqual(['next']);
    // Its times as stored (PostgreSQL writes them as ISO text), to the millisecond.
    const [stored] = rowsOf<{ created_at: string; updated_at: string }>(
      await t.db.execute(sql`select to_json(created_at at time zone 'UTC')#>>'{}' as created_at,
          to_json(updated_at at time zone 'UTC')#>>'{}' as updated_at from customer_requests where id = ${id}`),
    );
    expect(detail.created_at).toBe(new Date(`${stored?.created_at}Z`).toISOString());
    expect(detail.updated_at).toBe(new Date(`${stored?.updated_at}Z`).toISOString());
    expect(detail.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(detail.history[0]).toMatchObject({
      action: 'reject',
      from_status: 2,
      note: 'صورة البطاقة غير واضحة',
      request_status_type: { id: 8 },
      rejection_reason: { id: NON_FINAL_REASON, final_decision: false },
    });
    const bell = (await as(creator.token, 'POST', '/user/notifications', {}, 'en')).json().data.data[0];
    expect(bell).toMatchObject({ type: 'customer_request_status', link: `/requests/${id}` });
    expect(bell.title).toBe(`Your request ${code} is now Rejected`);
    const [mail] = await mailJobs(t.db, { userId: creator.id, mailKind: 'customer_request_status' });
    // The worker may have sent it already, which keeps only a summary of the payload.
    expect(mail).toMatchObject({ mailKind: 'customer_request_status', to: expect.stringContaining('@example.com') });
    expect(bell.message).toContain('صورة البطاقة غير واضحة');
    const [audit] = await auditEntries(t.app, admin, 'customer_requests.update', id);
    expect(audit?.new_value).toMatchObject({ status: 8 });
  });
});

describe('what each step decided', () => {
  it('a reset clears the fee, its reference and a cancel reason; the history keeps each fee and each rejection’s reason', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 3 });
    expect((await act(admin, id, 'next-for-pay')).statusCode).toBe(200);
    // Rejected once (a reason that lets the creator resubmit), reset, accepted again with another
    // fee, rejected for good, then reset: every step keeps what it decided.
    expect((await act(admin, id, 'reject')).statusCode).toBe(200);
    expect((await act(admin, id, 'reset')).statusCode).toBe(200);
    await t.db.execute(sql`update customer_requests set status = 3 where id = ${id}`);
    const second = await act(admin, id, 'next-for-pay', 'en', { payment_amount: '٩٩٫٥', payment_reference: 'CASH-2' });
    expect(second.statusCode, second.body).toBe(200);
    expect(
      (await act(admin, id, 'reject', 'en', { rejection_reason_id: FINAL_REASON, rejection_note: 'مزورة' })).statusCode,
    ).toBe(200);
    expect((await act(admin, id, 'cancel')).statusCode).toBe(200);
    const reset = await act(admin, id, 'reset');
    expect(reset.statusCode, reset.body).toBe(200);

    const detail = (await as(admin, 'GET', `/customers_requests/${id}`)).json().data;
    expect(detail).toMatchObject({
      request_status_type: { id: 1 },
      payment_amount: null,
      payment_reference: null,
      cancel_reason: null,
      // The rejection stays on the request: it decides whether the creator may resubmit.
      rejection_reason_id: FINAL_REASON,
    });
    const [row] = rowsOf<{ fee: string | null; reference: string | null; cancel: string | null }>(
      await t.db.execute(sql`select payment_amount_piastres::text as fee, payment_reference as reference,
          cancel_reason as cancel from customer_requests where id = ${id}`),
    );
    expect(row).toEqual({ fee: null, reference: null, cancel: null });

    const steps = [...detail.history].reverse() as {
      action: string;
      payment_amount: number | null;
      payment_reference: string | null;
      rejection_reason: { id: number; final_decision: boolean } | null;
      note: string | null;
    }[];
    const of = (action: string) => steps.filter((s) => s.action === action);
    // Newest first, each with its time as stored (to the millisecond) and who acted: the history
    // arrives inside the detail's one statement as JSON.
    const stored = rowsOf<{ action: string; at: string; actor: string | null }>(
      await t.db.execute(sql`select action, to_json(created_at at time zone 'UTC')#>>'{}' as at, actor_id as actor
        from workflow_history where machine = ${REQUEST_MACHINE.name} and record_id = ${id} order by id desc`),
    );
    expect(stored.length).toBeGreaterThan(5);
    expect(
      (detail.history as { action: string; created_at: string; created_by: { id: number } | null }[]).map((h) => [
        h.action,
        h.created_at,
        h.created_by?.id,
      ]),
    ).toEqual(
      stored.map((r) => [r.action, new Date(`${r.at}Z`).toISOString(), r.actor === null ? undefined : Number(r.actor)]),
    );
    expect(of('next-for-pay').map((s) => [s.payment_amount, s.payment_reference])).toEqual([
      [150.75, 'FAWRY-778812'],
      [99.5, 'CASH-2'],
    ]);
    expect(of('reject').map((s) => [s.rejection_reason?.id, s.rejection_reason?.final_decision, s.note])).toEqual([
      [NON_FINAL_REASON, false, 'صورة البطاقة غير واضحة'],
      [FINAL_REASON, true, 'مزورة'],
    ]);
    expect(of('cancel')[0]?.note).toBe('طلب العميل الإلغاء');
    for (const step of steps.filter((s) => s.action !== 'next-for-pay')) {
      expect([step.payment_amount, step.payment_reference]).toEqual([null, null]);
    }
  });
});

describe('migration 0028: the history of older requests', () => {
  it('puts a request’s fee and reference on its newest accept, its reason on its newest rejection', async () => {
    const creator = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: creator.id, status: 3 });
    expect((await act(admin, id, 'next-for-pay')).statusCode).toBe(200);
    expect((await act(admin, id, 'reject')).statusCode).toBe(200);
    // As rows written before the history kept them.
    await t.db.execute(sql`update workflow_history set payment_amount_piastres = null, payment_reference = null,
        rejection_reason_id = null where machine = 'customer_request' and record_id = ${id}`);
    const file = await readFile(path.join(MIGRATIONS_DIR, '0028_request_history_backfill.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const history = (await as(admin, 'GET', `/customers_requests/${id}`)).json().data.history as {
      action: string;
      payment_amount: number | null;
      payment_reference: string | null;
      rejection_reason: { id: number } | null;
    }[];
    expect(history.find((h) => h.action === 'next-for-pay')).toMatchObject({
      payment_amount: 150.75,
      payment_reference: 'FAWRY-778812',
    });
    expect(history.find((h) => h.action === 'reject')?.rejection_reason?.id).toBe(NON_FINAL_REASON);
  });
});

describe('who sees what', () => {
  it('a member cannot see another member’s request (404, as for one that does not exist)', async () => {
    const owner = await account();
    const other = await account();
    const { id } = await createCustomerRequest(t.db, { createdBy: owner.id, status: 2 });
    expect((await as(owner.token, 'GET', `/customers_requests/${id}`)).statusCode).toBe(200);
    const theirs = await as(other.token, 'GET', `/customers_requests/${id}`);
    const none = await as(other.token, 'GET', '/customers_requests/999999999');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
  });

  it('list scopes: all (staff) or my own, mine, tasks; removed; filters; meta.count', async () => {
    const owner = await account();
    const staff = await account(['move_requests']);
    const viewerStaff = await account(['show_requests']);
    const mine = [
      await createCustomerRequest(t.db, { createdBy: owner.id, status: 1 }),
      await createCustomerRequest(t.db, { createdBy: owner.id, status: 2, serviceId: 2, organizationTypeId: 2 }),
      await createCustomerRequest(t.db, {
        createdBy: owner.id,
        status: 3,
        branchId: 1,
        receivingDate: '2026-12-01',
        assignedTo: staff.id,
      }),
      await createCustomerRequest(t.db, { createdBy: owner.id, status: 2, removed: 1 }),
    ];
    const list = async (token: string, body: object) => {
      const res = await as(token, 'POST', '/customers_requests', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { data: { id: number; branched: boolean }[]; meta: { count: number } };
    };
    const ids = (page: { data: { id: number }[] }) => page.data.map((r) => r.id);
    const active = mine.slice(0, 3).map((r) => r.id);

    // A customer asking for "all" gets their own; newest first, limit/offset.
    const all = await list(owner.token, { limit: 10 });
    expect(ids(all)).toEqual([...active].reverse());
    expect(all.meta.count).toBe(3);
    const second = await list(owner.token, { limit: 2, offset: 2, order_direction: 'asc' });
    expect(ids(second)).toEqual([active[2]]);
    expect(second.meta.count).toBe(3);
    expect(ids(await list(owner.token, { scope: 'mine', removed: 1 }))).toEqual([mine[3]?.id]);
    expect(ids(await list(owner.token, { filters: { service_id: 2 } }))).toEqual([mine[1]?.id]);
    const branched = await list(owner.token, { filters: { request_status_type_id: 10 } });
    expect(ids(branched)).toEqual([mine[2]?.id]);
    expect(branched.data[0]?.branched).toBe(true);
    expect(ids(await list(owner.token, { filters: { request_status_type_id: '2' } }))).toEqual([mine[1]?.id]);
    expect(ids(await list(owner.token, { keywords: mine[0]?.code }))).toEqual([mine[0]?.id]);

    // The assignee sees it under tasks; staff who may list see everyone's.
    expect(ids(await list(staff.token, { scope: 'tasks' }))).toEqual([mine[2]?.id]);
    expect(ids(await list(staff.token, { scope: 'all', limit: 200 }))).toEqual([]);
    const everyone = await list(viewerStaff.token, { limit: 200 });
    expect(ids(everyone)).toEqual(expect.arrayContaining(active));
    expect(everyone.meta.count).toBeGreaterThanOrEqual(3);
    expect(ids(await list(viewerStaff.token, { scope: 'mine' }))).toEqual([]);
    // The assignee may open what was moved to them.
    expect((await as(staff.token, 'GET', `/customers_requests/${mine[2]?.id}`)).statusCode).toBe(200);

    const bad = await as(owner.token, 'POST', '/customers_requests', { scope: 'everything', order_by: 'password' });
    expect(bad.statusCode).toBe(422);
  });

  it('meta.count is exact up to the lists’ cap and a flagged lower bound past it, never below what a page shows', async () => {
    const owner = await account();
    const first = await createCustomerRequest(t.db, { createdBy: owner.id, status: 2 });
    // COUNT_CAP + 50 more of the owner's requests, copied from the first in one statement.
    await inTransaction(systemScope(t.db), (tx) =>
      tx.db.execute(sql`insert into customer_requests (code, created_by, status, service_id, service_duration_id,
          organization_type_id, identity_type_id, identity_value, name, email, mobile, address, removed)
        select 'CAP' || lpad(g::text, 4, '0'), c.created_by, c.status, c.service_id, c.service_duration_id, c.organization_type_id,
          c.identity_type_id, c.identity_value, c.name, c.email, c.mobile, c.address, 0
        from customer_requests c, generate_series(1, ${COUNT_CAP + 50}) g where c.id = ${first.id}`),
    );
    const total = COUNT_CAP + 51;
    const list = async (body: object) => {
      const res = await as(owner.token, 'POST', '/customers_requests', { scope: 'mine', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { data: unknown[]; meta: { count: number; atLeast?: boolean } };
    };
    // Page 1 of many: past the cap, "more than 1,000" (issue 22: never an estimate), flagged.
    const page1 = await list({ limit: 10 });
    expect(page1.data).toHaveLength(10);
    expect(page1.meta).toEqual({ count: COUNT_CAP + 1, atLeast: true });
    // Deep in the list, the bound is what the page proves: its rows and one more.
    const deep = await list({ limit: 10, offset: COUNT_CAP + 20 });
    expect(deep.meta).toEqual({ count: COUNT_CAP + 31, atLeast: true });
    // The last page proves the total by itself: exact, without the flag.
    const last = await list({ limit: 10, offset: total - 3 });
    expect(last.data).toHaveLength(3);
    expect(last.meta).toEqual({ count: total });
    // A search that leaves fewer than the cap: exact (codes CAP0700 to CAP0799).
    const few = await list({ limit: 2, keywords: 'cap07' });
    expect(few.data).toHaveLength(2);
    expect(few.meta).toEqual({ count: 100 });
    expect((await list({ filters: { request_status_type_id: 3 } })).meta).toEqual({ count: 0 });
  });
});

describe('statistics', () => {
  it('counts by status with the SPEC §4 ids; branched counted beside; removed left out; staff see all', async () => {
    const owner = await account();
    const statuses: RequestStatus[] = [1, 2, 2, 3, 4, 5, 6, 7, 8, 8, 9];
    for (const status of statuses) await createCustomerRequest(t.db, { createdBy: owner.id, status });
    await createCustomerRequest(t.db, { createdBy: owner.id, status: 3, branchId: 1, receivingDate: '2026-12-01' });
    await createCustomerRequest(t.db, { createdBy: owner.id, status: 2, removed: 1 });
    const res = await as(owner.token, 'POST', '/customers_requests/statistics');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      statistics: {
        draft: 1,
        submitted: 2,
        reviewed: 2,
        accepted: 1,
        paid: 1,
        ready: 1,
        delivered: 1,
        rejected: 2,
        canceled: 1,
        branched: 1,
      },
      total: 12,
    });
    const staff = (await as(admin, 'POST', '/customers_requests/statistics')).json().data;
    const [counted] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from customer_requests where removed = 0`),
    );
    expect(staff.total).toBe(Number(counted?.n));
  });

  it("staff's counts come from the rollup (migration 0031) and equal the rows' after every kind of change", async () => {
    const owner = await account();
    /** The statistics counted from the rows, as the members' path does. */
    const fromRows = async () => {
      const rows = rowsOf<{ status: number; n: number; branched: number }>(
        await t.db.execute(sql`select status, count(*)::int as n,
            (count(*) filter (where branch_id is not null and receiving_date is not null))::int as branched
          from customer_requests where removed = 0 group by status`),
      );
      const ids: Record<number, string> = { 1: 'draft', 2: 'submitted', 3: 'reviewed', 4: 'accepted', 5: 'paid' };
      const out: Record<string, number> = {};
      let total = 0;
      let branched = 0;
      for (const r of rows) {
        const key = ids[r.status] ?? { 6: 'ready', 7: 'delivered', 9: 'canceled' }[r.status] ?? 'rejected';
        out[key] = (out[key] ?? 0) + r.n;
        total += r.n;
        branched += r.branched;
      }
      return { total, branched, out };
    };
    const expectSame = async () => {
      const staff = (await as(admin, 'POST', '/customers_requests/statistics')).json().data;
      const rows = await fromRows();
      expect(staff.total).toBe(rows.total);
      expect(staff.statistics.branched).toBe(rows.branched);
      for (const [key, n] of Object.entries(staff.statistics as Record<string, number>)) {
        if (key !== 'branched') expect(n, key).toBe(rows.out[key] ?? 0);
      }
    };
    const a = await createCustomerRequest(t.db, { createdBy: owner.id, status: 2 });
    const b = await createCustomerRequest(t.db, { createdBy: owner.id, status: 4 });
    await createCustomerRequest(t.db, { createdBy: owner.id, status: 8, branchId: 1, receivingDate: '2026-12-01' });
    await expectSame();
    await t.db.execute(sql`update customer_requests set status = 3 where id = ${a.id}`);
    await expectSame();
    await t.db.execute(
      sql`update customer_requests set branch_id = 1, receiving_date = '2026-12-02' where id = ${b.id}`,
    );
    await expectSame();
    await t.db.execute(sql`update customer_requests set removed = 1 where id = ${b.id}`);
    await expectSame();
    await t.db.execute(sql`update customer_requests set removed = 0 where id = ${b.id}`);
    await expectSame();
    await t.db.execute(sql`delete from customer_requests where id = ${a.id}`);
    await expectSame();
  });
});

describe('branch, move, remove, restore', () => {
  it('setBranch makes the badge; move puts it in the assignee’s tasks; remove and restore flip the flag; each is audited', async () => {
    const owner = await account();
    const dispatcher = await account(['show_requests', 'move_requests']);
    const clerk = await account(['show_requests', 'cancel_requests']);
    const assignee = await createUser(t.db, { type: 'admin' });
    const { id } = await createCustomerRequest(t.db, { createdBy: owner.id, status: 4 });

    // A receiving date is from today on: a fixed today for the fixed (Arabic-digit) date below.
    setClock('2026-11-20T10:00:00Z');
    onTestFinished(() => setClock());
    const branched = await as(dispatcher.token, 'POST', `/customers_requests/setBranch/${id}`, {
      branch: 1,
      receivingDate: '٢٠٢٦-١٢-٠١',
    });
    expect(branched.statusCode, branched.body).toBe(200);
    expect(branched.json().data).toMatchObject({ branch: { id: 1 }, receivingDate: '2026-12-01', branched: true });
    const badBranch = await as(dispatcher.token, 'POST', `/customers_requests/setBranch/${id}`, {
      branch: 999_999,
      receivingDate: '2026-12-01',
    });
    expect(badBranch.statusCode).toBe(422);

    const toCustomer = await as(dispatcher.token, 'POST', `/customers_requests/move/${id}`, { user_id: owner.id });
    expect(toCustomer.statusCode).toBe(422);
    const moved = await as(dispatcher.token, 'POST', `/customers_requests/move/${id}`, { user_id: assignee.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.assigned_to).toMatchObject({ id: assignee.id });
    expect(await statusOf(id)).toBe(4);

    expect((await as(owner.token, 'DELETE', `/customers_requests/remove/${id}`)).statusCode).toBe(403);
    expect((await as(clerk.token, 'DELETE', `/customers_requests/remove/${id}`)).statusCode).toBe(200);
    expect((await as(clerk.token, 'DELETE', '/customers_requests/remove/999999999')).statusCode).toBe(404);
    const removed = await as(owner.token, 'POST', '/customers_requests', { scope: 'mine', removed: 1 });
    expect(removed.json().data.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await as(clerk.token, 'POST', `/customers_requests/restore/${id}`)).statusCode).toBe(403);
    expect((await as(admin, 'POST', `/customers_requests/restore/${id}`)).statusCode).toBe(200);
    const [audit] = await auditEntries(t.app, admin, 'customer_requests.update', id);
    expect(audit?.new_value).toMatchObject({ removed: 0 });
  });
});
