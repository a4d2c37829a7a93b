import { NOTIFICATIONS_START_LIMIT, NOTIFICATIONS_STEP } from '@portal/shared/constants';
import { NOTIFICATION_TYPES, type NotificationType } from '@portal/shared/schemas/notifications';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { recoveryAccounts } from '../../db/schema/accounts.js';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { registrationLookups } from '../../db/schema/lookups.js';
import { notifications } from '../../db/schema/notifications.js';
import { roles } from '../../db/schema/roles.js';
import { inTransaction } from '../../db/transaction.js';
import { notifyUser } from './notifications.repository.js';

type Item = { id: number; type: string; title: string; message: string; link: string | null; seen: boolean };
type ListBody = { data: Item[]; unseen: number; total: number };

let t: TestApp;
let admin: string;
const roleIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_MAX: '1000', ACCOUNT_RATE_IP_MAX: '100000' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  for (const role of await t.db.select({ id: roles.id, name: roles.name }).from(roles)) roleIds[role.name] = role.id;
});
afterAll(() => t?.close());

function call(token: string | null, options: InjectOptions, lang?: 'ar' | 'en') {
  return t.app.inject({
    ...options,
    headers: {
      ...(options.headers ?? {}),
      ...(token ? bearer(token) : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
}

async function list(token: string, payload?: unknown, lang?: 'ar' | 'en'): Promise<ListBody> {
  const res = await call(
    token,
    { method: 'POST', url: '/api/v1/user/notifications', payload: payload as object },
    lang,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ListBody;
}

const KEYS = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [
    type,
    { titleKey: `notifications.types.${type}.title`, messageKey: `notifications.types.${type}.message` },
  ]),
) as Record<NotificationType, { titleKey: string; messageKey: string }>;

/** `n` notifications for a user, made the one way modules make them; ids oldest first. */
async function give(userId: number, n: number, type: NotificationType = 'access_changed'): Promise<number[]> {
  return inTransaction(t.app.systemContext(), async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      ids.push(await notifyUser(tx, userId, { type, ...KEYS[type], params: { mobile: '01012345678' } }));
    }
    return ids;
  });
}

async function customer() {
  const user = await createUser(t.db, { type: 'user', roles: ['user'] });
  return { user, token: await loginAs(t.app, user.phone, user.password) };
}

async function rowsOf(userId: number) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}

async function counts() {
  const [[n], [a]] = await Promise.all([
    t.db.select({ n: count() }).from(notifications),
    t.db.select({ n: count() }).from(auditLogs),
  ]);
  return { notifications: n?.n ?? 0, audit: a?.n ?? 0 };
}

async function auditOf(id: number) {
  return t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, 'notifications'), eq(auditLogs.entityId, String(id))))
    .orderBy(asc(auditLogs.id));
}

describe('the bell list', () => {
  it('returns the newest first, 5 by default, growing by 5, with the unseen and total counts', async () => {
    const { user, token } = await customer();
    const ids = await give(user.id, 12);
    const newestFirst = [...ids].reverse();

    const bare = await call(token, { method: 'POST', url: '/api/v1/user/notifications' });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((bare.json().data as ListBody).data.map((n) => n.id)).toEqual(
      newestFirst.slice(0, NOTIFICATIONS_START_LIMIT),
    );

    let limit = NOTIFICATIONS_START_LIMIT;
    for (const expected of [5, 10, 12]) {
      const page = await list(token, { limit });
      expect(page.data.map((n) => n.id)).toEqual(newestFirst.slice(0, expected));
      expect(page).toMatchObject({ unseen: 12, total: 12 });
      limit += NOTIFICATIONS_STEP;
    }
    // A limit sent as text (a form field) is read as a number.
    expect((await list(token, { limit: '7' })).data).toHaveLength(7);
    const first = (await list(token, {})).data[0];
    expect(first).toMatchObject({ id: newestFirst[0], type: 'access_changed', seen: false, link: null });
    expect(Number.isNaN(Date.parse((first as Item & { created_at: string }).created_at))).toBe(false);
  });

  it('is empty for a user with no notifications', async () => {
    const { token } = await customer();
    expect(await list(token, {})).toEqual({ data: [], unseen: 0, total: 0 });
  });

  it('needs a session', async () => {
    const res = await call(null, { method: 'POST', url: '/api/v1/user/notifications', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('seeing and deleting one’s own notifications', () => {
  it('marks one seen: the unseen count drops, a second click changes nothing, and it is audited once', async () => {
    const { user, token } = await customer();
    const [a, b] = (await give(user.id, 2)) as [number, number];
    const res = await call(token, { method: 'POST', url: `/api/v1/user/notifications/see/${a}` }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: a, seen: true, title: 'Your permissions were updated' });
    const after = await list(token, {});
    expect(after).toMatchObject({ unseen: 1, total: 2 });
    expect(after.data.map((n) => [n.id, n.seen])).toEqual([
      [b, false],
      [a, true],
    ]);
    const seenAt = (await rowsOf(user.id)).find((r) => r.id === a)?.seenAt;
    expect(seenAt).not.toBeNull();

    const again = await call(token, { method: 'POST', url: `/api/v1/user/notifications/see/${a}` });
    expect(again.statusCode).toBe(200);
    expect((await rowsOf(user.id)).find((r) => r.id === a)?.seenAt).toBe(seenAt);
    const audit = await auditOf(a);
    expect(audit.map((r) => r.action)).toEqual(['notifications.insert', 'notifications.update']);
    expect(audit[1]).toMatchObject({ userId: user.id, url: `/api/v1/user/notifications/see/${a}` });
  });

  it('deletes one, then all, leaving other users’ notifications alone', async () => {
    const { user, token } = await customer();
    const other = await customer();
    const [a, b, c] = (await give(user.id, 3)) as [number, number, number];
    const [theirs] = await give(other.user.id, 1);

    const one = await call(token, { method: 'DELETE', url: `/api/v1/notification/delete/${b}` }, 'en');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ status: 'success', message: 'The notification was deleted', data: null });
    expect((await rowsOf(user.id)).map((r) => r.id)).toEqual([a, c]);
    expect(await list(token, {})).toMatchObject({ total: 2, unseen: 2 });

    const all = await call(token, { method: 'POST', url: '/api/v1/notifications/all/delete' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ message: 'تم حذف كل الإشعارات', data: { deleted: 2 } });
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await rowsOf(other.user.id)).map((r) => r.id)).toEqual([theirs]);
    expect((await auditOf(c)).map((r) => r.action)).toEqual(['notifications.insert', 'notifications.delete']);

    // Deleting all of nothing is not an error.
    const empty = await call(token, { method: 'POST', url: '/api/v1/notifications/all/delete' });
    expect(empty.json().data).toEqual({ deleted: 0 });
  });

  it('answers 404 for another user’s notification, whoever asks, and changes nothing', async () => {
    const owner = await customer();
    const [theirs] = (await give(owner.user.id, 1)) as [number];
    const intruders = [
      (await customer()).token,
      admin,
      await (async () => {
        const staff = await createUser(t.db, { type: 'admin', roles: ['manager'] });
        return loginAs(t.app, staff.phone, staff.password);
      })(),
    ];
    const before = await rowsOf(owner.user.id);
    const totals = await counts();
    for (const token of intruders) {
      const see = await call(token, { method: 'POST', url: `/api/v1/user/notifications/see/${theirs}` }, 'en');
      expect(see.statusCode).toBe(404);
      expect(see.json()).toMatchObject({
        status: 'error',
        code: 'not_found',
        message: 'The requested item was not found',
      });
      expect(see.body).not.toContain('permissions were updated');
      const del = await call(token, { method: 'DELETE', url: `/api/v1/notification/delete/${theirs}` });
      expect(del.statusCode).toBe(404);
      expect(del.json().message).toBe('العنصر المطلوب غير موجود');
      // Their own list never shows it.
      expect((await list(token, { limit: 100 })).data.map((n) => n.id)).not.toContain(theirs);
    }
    expect(await rowsOf(owner.user.id)).toEqual(before);
    expect(await counts()).toEqual(totals);
  });
});

describe('bad input', () => {
  it('refuses a limit of 0, 1000, 2.5 or "x" with a translated field error, and changes nothing', async () => {
    const { user, token } = await customer();
    await give(user.id, 2);
    const before = await counts();
    const cases: [unknown, string, string][] = [
      [0, 'The number of notifications must be from 1 to 100', 'عدد الإشعارات المطلوب يجب أن يكون من 1 إلى 100'],
      [1000, 'The number of notifications must be from 1 to 100', 'عدد الإشعارات المطلوب يجب أن يكون من 1 إلى 100'],
      [2.5, 'The number of notifications must be from 1 to 100', 'عدد الإشعارات المطلوب يجب أن يكون من 1 إلى 100'],
      ['x', 'The value entered is not valid', 'القيمة المدخلة غير صالحة'],
    ];
    for (const [limit, en, ar] of cases) {
      for (const [lang, title] of [
        ['en', en],
        ['ar', ar],
      ] as const) {
        const res = await call(token, { method: 'POST', url: '/api/v1/user/notifications', payload: { limit } }, lang);
        expect(res.statusCode, `${limit}: ${res.body}`).toBe(422);
        expect(res.json()).toMatchObject({ status: 'error', code: 'validation', errors: [{ field: 'limit', title }] });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a malformed id (422) and an unknown id (404) on see and delete, and changes nothing', async () => {
    const { user, token } = await customer();
    await give(user.id, 1);
    const before = { rows: await rowsOf(user.id), totals: await counts() };
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      for (const options of [
        { method: 'POST', url: `/api/v1/user/notifications/see/${id}` },
        { method: 'DELETE', url: `/api/v1/notification/delete/${id}` },
      ] as InjectOptions[]) {
        const res = await call(token, options, 'en');
        expect(res.statusCode, `${options.url}: ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'id', title: expect.any(String) }]);
      }
    }
    for (const options of [
      { method: 'POST', url: '/api/v1/user/notifications/see/2147483647' },
      { method: 'DELETE', url: '/api/v1/notification/delete/2147483647' },
    ] as InjectOptions[]) {
      const res = await call(token, options, 'ar');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('العنصر المطلوب غير موجود');
    }
    expect(await rowsOf(user.id)).toEqual(before.rows);
    expect(await counts()).toEqual(before.totals);
  });

  it('notifyUser refuses an unknown catalogue key or a link outside the app, inserting nothing', async () => {
    const { user } = await customer();
    const attempt = (overrides: { titleKey?: string; link?: string }) =>
      inTransaction(t.app.systemContext(), (tx) =>
        notifyUser(tx, user.id, { type: 'access_changed', ...KEYS.access_changed, ...overrides }),
      );
    await expect(attempt({ titleKey: 'notifications.types.no_such.title' })).rejects.toThrow(/unknown catalogue key/);
    await expect(attempt({ link: 'https://evil.example/phish' })).rejects.toThrow(/not an app path/);
    await expect(attempt({ link: '//evil.example' })).rejects.toThrow(/not an app path/);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('translation at read time', () => {
  it('reads one stored notification in Arabic or English, with its params filled', async () => {
    const { user, token } = await customer();
    await give(user.id, 1, 'recovery_verified');
    const stored = await rowsOf(user.id);
    expect(stored[0]).toMatchObject({
      titleKey: 'notifications.types.recovery_verified.title',
      params: { mobile: '01012345678' },
    });
    const [ar] = (await list(token, {}, 'ar')).data;
    const [en] = (await list(token, {}, 'en')).data;
    expect(ar?.title).toBe('تم اعتماد بيانات حسابك');
    expect(ar?.message).toContain('01012345678');
    expect(ar?.message).toMatch(/^راجعنا/);
    expect(en?.title).toBe('Your account data was approved');
    expect(en?.message).toBe(
      'We reviewed and approved the data you sent. You can now log in with the mobile number 01012345678.',
    );
    // No Accept-Language: Arabic.
    expect((await list(token, {})).data[0]?.title).toBe('تم اعتماد بيانات حسابك');
  });
});

describe('events that notify', () => {
  it('tells a staff member when someone else changes their roles or direct permissions, only on a real change', async () => {
    const staff = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const staffToken = await loginAs(t.app, staff.phone, staff.password);
    const adminBefore = (await list(admin, { limit: 100 })).total;

    const put = await call(admin, {
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      payload: { roles: [roleIds.visitor], permissions: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    let mine = await list(staffToken, {}, 'en');
    expect(mine).toMatchObject({ total: 1, unseen: 1 });
    expect(mine.data[0]).toMatchObject({
      type: 'access_changed',
      title: 'Your permissions were updated',
      link: `/users/${staff.id}`,
      seen: false,
    });

    // The same assignment again changes nothing, so it tells nothing.
    const same = await call(admin, {
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      payload: { roles: [roleIds.visitor], permissions: [] },
    });
    expect(same.statusCode).toBe(200);
    expect((await list(staffToken, {})).total).toBe(1);

    // POST /roles/sync with an added direct permission does.
    const sync = await call(admin, {
      method: 'POST',
      url: '/api/v1/roles/sync',
      payload: { user_id: staff.id, roles: [roleIds.visitor], permissions: ['roles.index'] },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    mine = await list(staffToken, {});
    expect(mine).toMatchObject({ total: 2, unseen: 2 });
    expect(mine.data[0]?.title).toBe('تم تحديث صلاحياتك');

    // A refused assignment (an unknown role) leaves no notification behind.
    const refused = await call(admin, {
      method: 'PUT',
      url: `/api/v1/user/roles/${staff.id}`,
      payload: { roles: [2_000_000], permissions: [] },
    });
    expect(refused.statusCode).toBe(422);
    expect((await list(staffToken, {})).total).toBe(2);
    // The one who made the change is not notified.
    expect((await list(admin, { limit: 100 })).total).toBe(adminBefore);
  });

  it('tells a customer when staff approve or refuse their recovery data', async () => {
    const [level] = await t.db
      .select({ id: registrationLookups.id })
      .from(registrationLookups)
      .where(eq(registrationLookups.kind, 'level'));
    const [qualification] = await t.db
      .select({ id: registrationLookups.id })
      .from(registrationLookups)
      .where(eq(registrationLookups.kind, 'qualification'));
    const [{ last } = { last: 0 }] = await t.db
      .select({ last: sql<number>`coalesce(max(${notifications.id}), 0)::int` })
      .from(notifications);
    let serial = 0;
    async function waitingForReview() {
      serial += 1;
      const c = await customer();
      const mobile = `0156${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`;
      const [row] = await inTransaction(t.app.systemContext(), (tx) =>
        tx.db
          .insert(recoveryAccounts)
          .values({
            userId: c.user.id,
            status: 'pending_review',
            arName: 'منى سعيد',
            enName: 'Mona Saeed',
            email: `mona${serial}.${process.pid}@example.com`,
            mobile,
            nationalId: `2950505${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`,
            levelId: level?.id as number,
            qualificationId: qualification?.id as number,
          })
          .returning({ id: recoveryAccounts.id }),
      );
      return { ...c, recoveryId: row?.id as number, mobile };
    }

    const approved = await waitingForReview();
    const verify = await call(admin, {
      method: 'POST',
      url: '/api/v1/recovery/verify',
      payload: { id: approved.recoveryId },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    // The recovery mobile is now the login phone.
    const approvedToken = await loginAs(t.app, approved.mobile, approved.user.password);
    const ok = await list(approvedToken, {}, 'en');
    expect(ok.total).toBe(1);
    expect(ok.data[0]).toMatchObject({ type: 'recovery_verified', link: '/dashboard', seen: false });
    expect(ok.data[0]?.message).toContain(approved.mobile);

    const refused = await waitingForReview();
    const del = await call(admin, { method: 'POST', url: `/api/v1/recovery/delete/${refused.recoveryId}` });
    expect(del.statusCode, del.body).toBe(200);
    const no = await list(refused.token, {}, 'ar');
    expect(no.total).toBe(1);
    expect(no.data[0]).toMatchObject({
      type: 'recovery_refused',
      title: 'لم يتم اعتماد بيانات حسابك',
      link: '/recovery',
    });

    // Nobody else heard of either.
    const [others] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        sql`${notifications.id} > ${last} and ${notifications.userId} not in (${approved.user.id}, ${refused.user.id})`,
      );
    expect(others?.n).toBe(0);
  });
});
