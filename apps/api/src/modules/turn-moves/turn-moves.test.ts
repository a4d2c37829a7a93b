import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { mailJobs } from '../../../test/helpers/mail-jobs.js';
import { rowsOf } from '../../db/client.js';
import { subscriptions } from '../../db/schema/associations.js';
import { turnMoveRequests } from '../../db/schema/member-requests.js';
import { setClock } from '../../lib/clock.js';

/**
 * Turn-move requests end to end through the routes (issue 11): the member asks, staff decide,
 * the subscription moves in the decision's transaction, and the member is told.
 * Today is 2027-01-10 in Cairo; associations start 2027-01-01, so day n falls on Jan n.
 */
const TODAY = '2027-01-10';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  setClock();
  await t?.close();
});
beforeEach(() => setClock(`${TODAY}T10:00:00+02:00`));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string, method: Method, url: string, payload?: object, lang: 'ar' | 'en' = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

/** A member (email confirmed) holding `day` of a fresh association, and their session. */
async function memberOn(day: number, associationId?: number) {
  const a = associationId ?? (await createAssociation(t.app, admin, { cost: 20, from_date: '2027-01-01' })).id;
  const member = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true, name: 'منى عادل' });
  const res = await subscribe(t.app, admin, { user_id: member.id, association_id: a, day_number: day });
  expect(res.statusCode, res.body).toBe(201);
  return {
    associationId: a,
    subscriptionId: res.json().data.id as number,
    member,
    token: await loginAs(t.app, member.phone, member.password),
  };
}

async function ask(token: string, subscriptionId: number, toDay: number, lang: 'ar' | 'en' = 'en') {
  return as(token, 'POST', '/me/turn-moves', { subscription_id: subscriptionId, to_day: toDay }, lang);
}

async function dayOf(subscriptionId: number) {
  const [row] = await t.db
    .select({ day: subscriptions.dayNumber })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row?.day;
}

describe('a member asks to move their turn', () => {
  it('creates a request in review with both days and their dates; one per subscription; staff see it', async () => {
    const m = await memberOn(50);
    const res = await ask(m.token, m.subscriptionId, 60);
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().data;
    expect(request).toMatchObject({
      status: 0,
      subscription_id: m.subscriptionId,
      from_day: { day_number: 50, date: '2027-02-19' },
      to_day: { day_number: 60, date: '2027-03-01' },
      user: { id: m.member.id, name: 'منى عادل', phone: m.member.phone },
      association: { id: m.associationId, cost: 20 },
      changed_by: null,
      actions: ['cancel'],
    });
    expect(res.json().message).toBe('Your turn-move request was sent');

    const mine = (await as(m.token, 'GET', '/me/subscriptions')).json().data;
    expect(mine[0]).toMatchObject({ open_turn_move: { id: request.id, to_day: { day_number: 60 } }, can_move: false });
    expect((await as(m.token, 'GET', '/me/turn-moves')).json().data.map((r: { id: number }) => r.id)).toEqual([
      request.id,
    ]);

    const again = await ask(m.token, m.subscriptionId, 61, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('لديك طلب تغيير دور قيد المراجعة لهذا الاشتراك');

    const list = await as(admin, 'POST', '/associations/change-turn-requests', {
      status: 0,
      association_id: m.associationId,
      user: m.member.phone,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, data: [{ id: request.id, actions: ['approve', 'reject'] }] });
    const none = await as(admin, 'POST', '/associations/change-turn-requests', {
      status: 1,
      association_id: m.associationId,
    });
    expect(none.json().data.total).toBe(0);
  });

  it('refuses another member’s subscription, the same day, a past day, a held day, a day of no association', async () => {
    const m = await memberOn(50);
    const other = await memberOn(70, m.associationId);
    const cases: [number, number, number, string][] = [
      [other.subscriptionId, 60, 422, 'subscription_id'],
      [m.subscriptionId, 50, 422, 'to_day'],
      [m.subscriptionId, 9, 422, 'to_day'],
      [m.subscriptionId, 70, 409, 'to_day'],
      [m.subscriptionId, 1201, 422, 'to_day'],
    ];
    for (const [subscriptionId, toDay, status, field] of cases) {
      const res = await ask(m.token, subscriptionId, toDay);
      expect(res.statusCode, `${subscriptionId} → ${toDay}: ${res.body}`).toBe(status);
      expect(res.json().errors?.[0]?.field).toBe(field);
    }
    expect((await ask(m.token, m.subscriptionId, 9, 'ar')).json().errors[0].title).toBe(
      'يوم الدور 9 قد مضى، اختر يومًا لاحقًا',
    );
    expect(await t.db.select().from(turnMoveRequests).where(eq(turnMoveRequests.userId, m.member.id))).toEqual([]);
  });

  it('refuses a subscription whose payout was transferred, and one whose day has come', async () => {
    const paid = await memberOn(5);
    const transfer = await as(admin, 'POST', `/subscriptions/${paid.subscriptionId}/transfer`, {
      reference: 'TRF-1',
      date: '2027-01-06',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const refused = await ask(paid.token, paid.subscriptionId, 60);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The payout of this subscription was already transferred; its turn cannot move',
    );
    const due = await memberOn(10, paid.associationId);
    const passed = await ask(due.token, due.subscriptionId, 60);
    expect(passed.statusCode).toBe(409);
    expect(passed.json().message).toBe('Your turn day has already come; the turn can no longer move');
  });

  it('the member cancels while in review; nobody else can; a cancelled request cannot be decided', async () => {
    const m = await memberOn(40);
    const stranger = await memberOn(41, m.associationId);
    const id = (await ask(m.token, m.subscriptionId, 45)).json().data.id;
    expect((await as(stranger.token, 'POST', `/me/turn-moves/${id}/cancel`)).statusCode).toBe(404);
    const cancelled = await as(m.token, 'POST', `/me/turn-moves/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 3, actions: [], changed_by: { id: m.member.id } });
    const twice = await as(m.token, 'POST', `/me/turn-moves/${id}/cancel`, undefined, 'ar');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('لا يمكن تنفيذ ذلك والطلب «ملغي»');
    const approve = await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 1 });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('This request was already decided (“Cancelled”) and cannot be changed');
    expect(await dayOf(m.subscriptionId)).toBe(40);
    // A new request is allowed once the old one is no longer in review.
    expect((await ask(m.token, m.subscriptionId, 46)).statusCode).toBe(201);
  });
});

describe('staff decide', () => {
  it('approving moves the subscription, frees the old day, tells the member in the bell and by mail', async () => {
    const m = await memberOn(50);
    const id = (await ask(m.token, m.subscriptionId, 60)).json().data.id;
    const res = await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The turn was moved');
    expect(res.json().data).toMatchObject({ status: 1, changed_by: { name: expect.any(String) }, actions: [] });
    expect(await dayOf(m.subscriptionId)).toBe(60);
    const sub = (await as(admin, 'GET', `/subscriptions/${m.subscriptionId}`)).json().data;
    expect(sub).toMatchObject({ dayNumber: 60, date: '2027-03-01' });
    const days = (await as(m.token, 'GET', `/me/associations/${m.associationId}/days`)).json().data.days;
    const numbers = days.map((d: { day_number: number }) => d.day_number);
    expect(numbers).toContain(50);
    expect(numbers).not.toContain(60);

    const bell = await as(m.token, 'POST', '/user/notifications', {}, 'ar');
    expect(bell.json().data.data[0]).toMatchObject({
      type: 'turn_move_approved',
      title: 'تم نقل دورك',
      link: '/my/associations',
    });
    expect(bell.json().data.data[0].message).toContain('من اليوم 50 إلى اليوم 60');
    expect(bell.json().data.data[0].message).toContain('1 مارس 2027');
    const english = (await as(m.token, 'POST', '/user/notifications', {}, 'en')).json().data.data[0];
    expect(english.message).toContain('1 March 2027');
    const [mail] = await mailJobs(t.db, { userId: m.member.id, mailKind: 'turn_move_approved' });
    expect(mail?.to).toBe(m.member.email);
    expect(String(mail?.text)).toContain('1 مارس 2027');
    expect(String(mail?.text)).toContain('/my/associations');

    const [audit] = await auditEntries(t.app, admin, 'subscriptions.update', m.subscriptionId);
    expect(audit?.new_value).toMatchObject({ day_number: 60 });
  });

  it('a decided request cannot change again, and a request that moved a turn cannot be deleted', async () => {
    const m = await memberOn(50);
    const id = (await ask(m.token, m.subscriptionId, 60)).json().data.id;
    expect((await as(admin, 'POST', `/associations/change-turn/${id}`, { status: 1 })).statusCode).toBe(200);
    const edit = await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 2 }, 'ar');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('تم البت في هذا الطلب («تم النقل») ولا يمكن تعديله');
    const del = await as(admin, 'DELETE', `/associations/change-turn-requests/${id}`, undefined, 'ar');
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('لا يمكن الحذف: تم نقل الدور بالفعل');
    const [row] = await t.db.select().from(turnMoveRequests).where(eq(turnMoveRequests.id, id));
    expect(row?.status).toBe(1);
    expect(await dayOf(m.subscriptionId)).toBe(60);
  });

  it('rejecting keeps the day, records the note, tells the member; a rejected request can be deleted', async () => {
    const m = await memberOn(50);
    const id = (await ask(m.token, m.subscriptionId, 60)).json().data.id;
    const res = await as(admin, 'POST', `/associations/change-turn/${id}`, {
      status: '2',
      note: 'اليوم المطلوب محجوز لعضو قديم',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 2, note: 'اليوم المطلوب محجوز لعضو قديم' });
    expect(await dayOf(m.subscriptionId)).toBe(50);
    const bell = (await as(m.token, 'POST', '/user/notifications', {}, 'ar')).json().data.data[0];
    expect(bell).toMatchObject({ type: 'turn_move_rejected', title: 'لم تتم الموافقة على طلب تغيير الدور' });
    expect(bell.message).toContain('اليوم المطلوب محجوز لعضو قديم');
    const [mail] = await mailJobs(t.db, { userId: m.member.id, mailKind: 'turn_move_rejected' });
    expect(String(mail?.text)).toContain('ملاحظة الإدارة: اليوم المطلوب محجوز لعضو قديم');
    expect(String(mail?.text)).toContain('19 فبراير 2027');

    const del = await as(admin, 'DELETE', `/associations/change-turn-requests/${id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.db.select().from(turnMoveRequests).where(eq(turnMoveRequests.id, id))).toEqual([]);
    const [audit] = await auditEntries(t.app, admin, 'turn_move_requests.delete', id);
    expect(audit?.old_value).toMatchObject({ status: 2, to_day: 60 });
    expect((await as(admin, 'DELETE', `/associations/change-turn-requests/${id}`)).statusCode).toBe(404);
  });

  it('approving after the day was taken fails with “move-to-day invalid or already moved” and changes nothing', async () => {
    const m = await memberOn(50);
    const id = (await ask(m.token, m.subscriptionId, 70)).json().data.id;
    const newcomer = await createUser(t.db, { type: 'user' });
    expect(
      (await subscribe(t.app, admin, { user_id: newcomer.id, association_id: m.associationId, day_number: 70 }))
        .statusCode,
    ).toBe(201);
    const res = await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 1 }, 'ar');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('يوم النقل غير صالح أو تم نقل الدور بالفعل');
    const [row] = await t.db.select().from(turnMoveRequests).where(eq(turnMoveRequests.id, id));
    expect(row).toMatchObject({ status: 0, decidedBy: null });
    expect(await dayOf(m.subscriptionId)).toBe(50);
    expect(await mailJobs(t.db, { userId: m.member.id })).toEqual([]);
    // Rejecting it still works: the failed approval left it in review.
    expect((await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 2 })).statusCode).toBe(200);
  });

  it('approving once the member’s own day has come is refused (409, translated) and changes nothing', async () => {
    const m = await memberOn(50);
    const id = (await ask(m.token, m.subscriptionId, 70)).json().data.id;
    // Day 50 is 2027-02-19: the request waited in review until that day.
    setClock('2027-02-19T09:00:00+02:00');
    const ar = await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 1 }, 'ar');
    expect(ar.statusCode).toBe(409);
    expect(ar.json().message).toBe('حلّ يوم دور المشترك (19 فبراير 2027) بالفعل؛ لم يعد من الممكن نقل دوره');
    const en = await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 1 }, 'en');
    expect(en.json().message).toBe(
      "The member's turn day (19 February 2027) has already come; the turn can no longer move",
    );
    const [row] = await t.db.select().from(turnMoveRequests).where(eq(turnMoveRequests.id, id));
    expect(row).toMatchObject({ status: 0, decidedBy: null });
    expect(await dayOf(m.subscriptionId)).toBe(50);
    const history = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from workflow_history
        where machine = 'turn_move' and record_id = ${id} and action = 'approve'`),
    );
    expect(history[0]?.n).toBe(0);
    expect(await mailJobs(t.db, { userId: m.member.id })).toEqual([]);
    // The day before, it would still have moved.
    setClock('2027-02-18T23:59:00+02:00');
    expect((await as(admin, 'POST', `/associations/change-turn/${id}`, { id, status: 1 })).statusCode).toBe(200);
    expect(await dayOf(m.subscriptionId)).toBe(70);
  });

  it('two staff approving two requests for one day at the same moment: exactly one wins', async () => {
    const a = await memberOn(30);
    const b = await memberOn(31, a.associationId);
    const first = (await ask(a.token, a.subscriptionId, 80)).json().data.id;
    const second = (await ask(b.token, b.subscriptionId, 80)).json().data.id;
    const manager = await createUser(t.db, { type: 'admin', roles: ['manager'] });
    const other = await loginAs(t.app, manager.phone, manager.password);
    const results = await Promise.all([
      as(admin, 'POST', `/associations/change-turn/${first}`, { id: first, status: 1 }),
      as(other, 'POST', `/associations/change-turn/${second}`, { id: second, status: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.associationId, a.associationId), eq(subscriptions.dayNumber, 80)));
    expect(holders).toHaveLength(1);
    const statuses = rowsOf<{ id: number; status: number }>(
      await t.db.execute(sql`select id, status from turn_move_requests where id in (${first}, ${second}) order by id`),
    ).map((r) => Number(r.status));
    expect(statuses.sort()).toEqual([0, 1]);
    const loser = results[0]?.statusCode === 409 ? a : b;
    expect(await dayOf(loser.subscriptionId)).toBe(loser === a ? 30 : 31);
  });

  it('a decision names the request by id: a different id in the body is refused', async () => {
    const m = await memberOn(50);
    const id = (await ask(m.token, m.subscriptionId, 60)).json().data.id;
    const res = await as(admin, 'POST', `/associations/change-turn/${id}`, { id: id + 1, status: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('id');
    expect((await as(admin, 'POST', '/associations/change-turn/999999', { status: 1 })).statusCode).toBe(404);
    expect((await as(admin, 'POST', `/associations/change-turn/${id}`, { status: 3 })).statusCode).toBe(422);
    expect(await dayOf(m.subscriptionId)).toBe(50);
  });
});
