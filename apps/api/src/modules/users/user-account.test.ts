import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDocument, createCustomerRequest } from '../../../test/factories/customer-requests.js';
import { createUser, findUserRow } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { mailJobs } from '../../../test/helpers/mail-jobs.js';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { users } from '../../db/schema/users.js';
import { LEFTOVER_CALLS } from '../leftovers/leftovers.routes.js';

describe('staff calls on one account: activate, restore, reset link, documents; leftovers answer 404', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0', ACCOUNT_RATE_IP_MAX: '1000' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, ADMIN.phone));
    adminId = row?.id ?? 0;
  });
  afterAll(async () => t?.close());

  const call = (method: 'PUT' | 'POST' | 'GET', url: string, token = admin, payload?: object, lang = 'en') =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), 'accept-language': lang }, payload });

  it('deactivates an account (its sessions end at once) and activates it again, audited', async () => {
    const customer = await createUser(t.db);
    const token = await loginAs(t.app, customer.phone, customer.password);
    const off = await call('PUT', `/user/activate/${customer.id}`, admin, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: 'The account was deactivated', data: { active: false } });
    expect((await call('GET', `/users/${customer.id}`, token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: customer.phone, password: customer.password },
    });
    expect(login.statusCode).not.toBe(200);
    const on = await call('PUT', `/user/activate/${customer.id}`, admin, { active: 'true' }, 'ar');
    expect(on.json()).toMatchObject({ message: 'تم تفعيل الحساب', data: { active: true } });
    await loginAs(t.app, customer.phone, customer.password);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'users.activate'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses one’s own account, the last administrator, bad input and unknown accounts', async () => {
    const self = await call('PUT', `/user/activate/${adminId}`, admin, { active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot enable or disable your own account');
    for (const payload of [{}, { active: 'maybe' }, { active: 2 }]) {
      const res = await call('PUT', `/user/activate/${adminId}`, admin, payload, 'ar');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'active', title: 'اختر مفعّل أو موقوف' });
    }
    expect((await call('PUT', '/user/activate/999999', admin, { active: true })).statusCode).toBe(404);
    expect((await call('PUT', '/user/activate/abc', admin, { active: true })).statusCode).toBe(422);
  });

  it('restores a deleted account to its list, unless its phone or email was taken meanwhile', async () => {
    const gone = await createUser(t.db);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${gone.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/user/restore/${gone.id}/admin`)).statusCode).toBe(404);
    const restored = await call('POST', `/user/restore/${gone.id}/user`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'The user was restored', data: { id: gone.id, removed: false } });
    expect((await findUserRow(t.db, gone.id))?.deletedAt).toBeNull();
    await loginAs(t.app, gone.phone, gone.password);
    // A live account is not "restored" again.
    expect((await call('POST', `/user/restore/${gone.id}/user`)).statusCode).toBe(404);

    const taken = await createUser(t.db);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${taken.id}`, headers: bearer(admin) });
    await createUser(t.db, { phone: taken.phone });
    const refused = await call('POST', `/user/restore/${taken.id}/user`, admin, undefined, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('لا يمكن استعادة هذا المستخدم: رقم هاتفه أو بريده أصبح لحساب آخر');
    expect((await findUserRow(t.db, taken.id))?.deletedAt).not.toBeNull();
    expect((await call('POST', `/user/restore/${taken.id}/staff`)).statusCode).toBe(422);
  });

  it('emails a reset link that sets a new password, and refuses a disabled account or one without email', async () => {
    const user = await createUser(t.db, { password: 'Old@Password1' });
    const sent = await call('POST', `/user/reset/${user.id}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('A password reset link was sent to the user’s email');
    const [mail] = await mailJobs(t.db, { userId: user.id, mailKind: 'password_reset' });
    const token = /\/newpassword\/([A-Za-z0-9_-]+)/.exec(String(mail?.text))?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/resetPassword',
      payload: { token, password: 'New@Password1', confirm_password: 'New@Password1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await loginAs(t.app, user.phone, 'New@Password1');
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'users.reset_link'));
    expect(audit?.userId).toBe(adminId);

    const disabled = await createUser(t.db, { active: false });
    expect((await call('POST', `/user/reset/${disabled.id}`)).json().message).toBe(
      'This account is disabled: activate it before sending a reset link',
    );
    const noMail = await createUser(t.db, { email: null });
    const refused = await call('POST', `/user/reset/${noMail.id}`);
    expect(refused.statusCode).toBe(409);
    expect(await mailJobs(t.db, { userId: noMail.id })).toHaveLength(0);
  });

  it('lists a member’s documents across their requests to them and to staff, not to another customer', async () => {
    const member = await createUser(t.db);
    const first = await createCustomerRequest(t.db, { createdBy: member.id });
    const second = await createCustomerRequest(t.db, { createdBy: member.id, status: 2 });
    await attachDocument(t.app, first.id, 'identity_copy', 'national-id.pdf');
    await attachDocument(t.app, second.id, 'signed_contract', 'contract.pdf');
    const other = await createUser(t.db);
    await attachDocument(t.app, (await createCustomerRequest(t.db, { createdBy: other.id })).id);

    const mine = await call('GET', `/user/archive/${member.id}`, await loginAs(t.app, member.phone, member.password));
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .data.map((d: { title: string }) => d.title)
        .sort(),
    ).toEqual(['contract.pdf', 'national-id.pdf']);
    expect(mine.json().data[0]).toMatchObject({ request_code: expect.any(String), mime: 'application/pdf' });
    // The address the server gives is the one it serves: the member downloads the document from it.
    const [doc] = mine.json().data as { url: string; title: string }[];
    const download = await call('GET', doc?.url ?? '', await loginAs(t.app, member.phone, member.password));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent(doc?.title ?? '-'));
    expect((await call('GET', `/user/archive/${member.id}`)).json().data).toHaveLength(2);
    const stranger = await call('GET', `/user/archive/${member.id}`, await loginAs(t.app, other.phone, other.password));
    expect(stranger.statusCode).toBe(403);
  });

  it('answers the accreditation leftovers with a clear 404 in the reader’s language', async () => {
    for (const [method, route] of LEFTOVER_CALLS) {
      const res = await t.app.inject({
        method,
        url: `/api/v1${route.replace(':id', '3')}`,
        headers: { 'accept-language': 'ar' },
      });
      expect(res.statusCode, `${method} ${route}`).toBe(404);
      expect(res.json().message).toBe('هذه الخدمة ليست من خدمات بوابة الجمعيات');
    }
  });
});
