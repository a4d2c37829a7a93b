import { CARD_REQUEST_MACHINE } from '@portal/shared/schemas/card-requests';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { mailJobs } from '../../../test/helpers/mail-jobs.js';
import { rowsOf } from '../../db/client.js';
import { cardRequests } from '../../db/schema/member-requests.js';

/** Card requests through the routes (issue 11): the 14-digit rule, one in review per member, decisions. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST';
const as = (token: string, method: Method, url: string, payload?: object, lang: 'ar' | 'en' = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

async function member(options: { emailVerified?: boolean; name?: string } = {}) {
  const user = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true, ...options });
  return { user, token: await loginAs(t.app, user.phone, user.password) };
}

const ask = (token: string, payload: object, lang: 'ar' | 'en' = 'en') =>
  as(token, 'POST', '/me/card-requests', payload, lang);

describe('asking for a card', () => {
  it('needs a name and exactly 14 digits (Arabic digits and spaces accepted, stored Latin); nothing is saved otherwise', async () => {
    const m = await member();
    const bad: [object, string, string][] = [
      [{ name: 'سارة محمود', national_id: '2900101123456' }, 'national_id', 'الرقم القومي 14 رقمًا بالضبط'],
      [{ name: 'سارة محمود', national_id: '290010112345678' }, 'national_id', 'الرقم القومي 14 رقمًا بالضبط'],
      [{ name: 'سارة محمود', national_id: '2900101123456a' }, 'national_id', 'الرقم القومي 14 رقمًا بالضبط'],
      [{ name: 'سارة محمود', national_id: '' }, 'national_id', 'يرجى إدخال الرقم القومي'],
      [{ name: '  ', national_id: '29001011234567' }, 'name', 'يرجى إدخال الاسم المطلوب طباعته على البطاقة'],
    ];
    for (const [payload, field, title] of bad) {
      const res = await ask(m.token, payload, 'ar');
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual([{ field, title }]);
    }
    expect(await t.db.select().from(cardRequests).where(eq(cardRequests.userId, m.user.id))).toEqual([]);

    const res = await ask(m.token, { name: 'سارة محمود', national_id: '٢٩٠ ٠١٠١ ١٢٣٤٥٦٧' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Your card request was sent');
    expect(res.json().data).toMatchObject({
      name: 'سارة محمود',
      national_id: '29001011234567',
      status: 0,
      user: { id: m.user.id },
      actions: [],
    });
  });

  it('one request in review per member, even when two arrive at once; a new one once it is decided', async () => {
    const m = await member();
    const both = await Promise.all([
      ask(m.token, { name: 'أحمد علي', national_id: '29001011234567' }),
      ask(m.token, { name: 'أحمد علي', national_id: '29001011234567' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe('You already have a card request in review');
    const id = both.find((r) => r.statusCode === 201)?.json().data.id;
    expect((await as(admin, 'POST', `/card-requests/${id}/decision`, { status: 1 })).statusCode).toBe(200);
    expect((await ask(m.token, { name: 'أحمد علي', national_id: '29001011234567' })).statusCode).toBe(201);
    const mine = (await as(m.token, 'GET', '/me/card-requests')).json().data;
    expect(mine.map((r: { status: number }) => r.status)).toEqual([0, 1]);
  });
});

describe('staff decide', () => {
  it('issuing records who and when, keeps the history, and tells the member in the bell and by mail', async () => {
    const m = await member({ name: 'هالة سمير' });
    const id = (await ask(m.token, { name: 'هالة سمير', national_id: '29505051234567' })).json().data.id;
    const res = await as(admin, 'POST', `/card-requests/${id}/decision`, { status: 1, note: 'تستلم من فرع المعادي' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The card was marked as issued');
    const decided = res.json().data;
    expect(decided).toMatchObject({ status: 1, note: 'تستلم من فرع المعادي', decided_by: { id: expect.any(Number) } });
    expect(decided.history.map((h: { action: string; to_status: number }) => [h.action, h.to_status])).toEqual([
      ['create', 0],
      ['issue', 1],
    ]);
    expect(decided.history[0].actor).toMatchObject({ id: m.user.id });
    // Oldest first, each with its time as stored (to the millisecond) and who acted: the history
    // arrives inside the detail's one statement as JSON, times with an offset and microseconds.
    const stored = rowsOf<{ action: string; at: string; actor: number | null }>(
      await t.db.execute(sql`select action, to_json(created_at at time zone 'UTC')#>>'{}' as at, actor_id as actor
        from workflow_history where machine = ${CARD_REQUEST_MACHINE.name} and record_id = ${id} order by id`),
    );
    const asStored = stored.map((r) => [
      r.action,
      new Date(`${r.at}Z`).toISOString(),
      r.actor === null ? null : Number(r.actor),
    ]);
    expect(asStored.map(([action, , actor]) => [action, actor])).toEqual([
      ['create', m.user.id],
      ['issue', decided.decided_by.id],
    ]);
    const view = (await as(admin, 'GET', `/card-requests/${id}`)).json().data;
    for (const history of [decided.history, view.history]) {
      expect(
        (history as { action: string; created_at: string; actor: { id: number } | null }[]).map((h) => [
          h.action,
          h.created_at,
          h.actor?.id ?? null,
        ]),
      ).toEqual(asStored);
    }
    // The same fields, in the same order, as the request everywhere else and as history always had.
    const { history, ...request } = view;
    const listed = (await as(admin, 'POST', '/card-requests', { user: m.user.phone })).json().data.data;
    expect(JSON.stringify(listed.find((r: { id: number }) => r.id === id))).toBe(JSON.stringify(request));
    expect(history.map((h: object) => Object.keys(h))).toEqual(
      Array(2).fill(['action', 'from_status', 'to_status', 'actor', 'note', 'created_at']),
    );
    expect(history).toMatchObject([
      { from_status: null, to_status: 0, actor: { name: 'هالة سمير' }, note: null },
      { from_status: 0, to_status: 1, actor: { name: expect.any(String) }, note: 'تستلم من فرع المعادي' },
    ]);
    const bell = (await as(m.token, 'POST', '/user/notifications', {}, 'ar')).json().data.data[0];
    expect(bell).toMatchObject({ type: 'card_request_issued', title: 'تم إصدار بطاقتك', link: '/my/cards' });
    expect(bell.message).toBe('تم إصدار بطاقتك باسم هالة سمير. تستلم من فرع المعادي');
    const [mail] = await mailJobs(t.db, { userId: m.user.id, mailKind: 'card_request_issued' });
    expect(String(mail?.text)).toContain('ملاحظة الإدارة: تستلم من فرع المعادي');
    const [audit] = await auditEntries(t.app, admin, 'card_requests.update', id);
    expect(audit?.new_value).toMatchObject({ status: 1 });

    const again = await as(admin, 'POST', `/card-requests/${id}/decision`, { status: 2, note: 'خطأ' }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('تم البت في هذا الطلب («تم الإصدار») ولا يمكن تعديله');
  });

  it('a rejection must say why; the member reads the reason; no mail to an unconfirmed address', async () => {
    const m = await member({ emailVerified: false, name: 'عمر حسن' });
    const id = (await ask(m.token, { name: 'عمر حسن', national_id: '29812121234567' })).json().data.id;
    const noWhy = await as(admin, 'POST', `/card-requests/${id}/decision`, { status: 2 }, 'ar');
    expect(noWhy.statusCode).toBe(422);
    expect(noWhy.json().errors).toEqual([{ field: 'note', title: 'يرجى كتابة سبب الرفض' }]);
    const [row] = await t.db.select().from(cardRequests).where(eq(cardRequests.id, id));
    expect(row?.status).toBe(0);
    const res = await as(admin, 'POST', `/card-requests/${id}/decision`, {
      status: '2',
      note: 'الرقم القومي لا يطابق الاسم',
    });
    expect(res.statusCode, res.body).toBe(200);
    const bell = (await as(m.token, 'POST', '/user/notifications', {}, 'en')).json().data.data[0];
    expect(bell).toMatchObject({ type: 'card_request_rejected', title: 'Your card request was not approved' });
    expect(bell.message).toBe('Your card request in the name عمر حسن was not approved: الرقم القومي لا يطابق الاسم');
    expect(await mailJobs(t.db, { userId: m.user.id })).toEqual([]);
  });

  it('lists with user search, status and dates; a view shows one; unknown ids are 404', async () => {
    const m = await member({ name: 'ريم الشافعي' });
    const id = (await ask(m.token, { name: 'ريم الشافعي', national_id: '30001011234567' })).json().data.id;
    const found = await as(admin, 'POST', '/card-requests', { user: 'الشافعي', status: 0, from_date: '2000-01-01' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ total: 1, data: [{ id, actions: ['issue', 'reject'] }] });
    const byPhone = await as(admin, 'POST', '/card-requests', { user: m.user.phone });
    expect(byPhone.json().data.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const future = await as(admin, 'POST', '/card-requests', { user: 'الشافعي', from_date: '2199-12-31' });
    expect(future.json().data.total).toBe(0);
    const past = await as(admin, 'POST', '/card-requests', { user: 'الشافعي', to_date: '2001-01-01' });
    expect(past.json().data.total).toBe(0);
    const view = await as(admin, 'GET', `/card-requests/${id}`);
    expect(view.json().data).toMatchObject({ id, national_id: '30001011234567', history: [{ action: 'create' }] });
    expect((await as(admin, 'GET', '/card-requests/99999999')).statusCode).toBe(404);
    expect((await as(admin, 'POST', '/card-requests/99999999/decision', { status: 1 })).statusCode).toBe(404);
  });

  it('a member sees only their own requests and cannot reach the staff calls', async () => {
    const a = await member();
    const b = await member();
    const id = (await ask(a.token, { name: 'أ', national_id: '29001011234567' })).json().data.id;
    expect((await as(b.token, 'GET', '/me/card-requests')).json().data).toEqual([]);
    expect((await as(b.token, 'GET', `/card-requests/${id}`)).statusCode).toBe(403);
    expect((await as(b.token, 'POST', `/card-requests/${id}/decision`, { status: 1 })).statusCode).toBe(403);
    expect((await as(a.token, 'POST', `/card-requests/${id}/decision`, { status: 1 })).statusCode).toBe(403);
    const [row] = await t.db.select().from(cardRequests).where(eq(cardRequests.id, id));
    expect(row?.status).toBe(0);
  });
});
