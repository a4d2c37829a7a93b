import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { mailJobs } from '../../../test/helpers/mail-jobs.js';
import { type ReceivedMail, type SmtpSink, smtpEnv, startSmtpSink } from '../../../test/helpers/smtp-sink.js';
import { recoveryAccounts } from '../../db/schema/accounts.js';
import { auditLogs } from '../../db/schema/audit-logs.js';

const APP_URL = 'http://portal.test';

type Lookup = { id: number; name: string; name_local: string };
type Lookups = {
  levels: Lookup[];
  qualifications: Lookup[];
  specifications: Lookup[];
  universities: Lookup[];
  collages: Lookup[];
  degree_qualifications: { level_id: number; qualification_id: number }[];
  degree_specifications: { qualification_id: number; specification_id: number }[];
  [other: string]: unknown;
};

describe('recovery mode, recovery accounts, settings and registration lookups', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;
  let lookups: Lookups;
  let nationalSerial = 0;

  const byName = (list: Lookup[], name: string) => {
    const found = list.find((l) => l.name === name);
    if (!found) throw new Error(`lookup ${name} missing`);
    return found.id;
  };

  function recoveryData(overrides: Record<string, unknown> = {}) {
    nationalSerial += 1;
    return {
      ar_name: 'محمد أحمد علي',
      en_name: 'Mohamed  Ahmed Ali',
      email: `recovered${nationalSerial}.${process.pid}@example.com`,
      mobile: `0155${String(process.pid % 1000).padStart(3, '0')}${String(nationalSerial).padStart(4, '0')}`,
      national_id: `2900101${String(process.pid % 1000).padStart(3, '0')}${String(nationalSerial).padStart(4, '0')}`,
      university_degree_id: byName(lookups.universities, 'Cairo University'),
      organization_degree_id: byName(lookups.collages, 'Faculty of Commerce'),
      degree_education_level_id: byName(lookups.levels, 'Higher (university) qualification'),
      degree_qualification_id: byName(lookups.qualifications, 'Bachelor of Commerce'),
      degree_specification_id: byName(lookups.specifications, 'Accounting'),
      experience: 'محاسب في شركة مقاولات من 2015 إلى 2020',
      ...overrides,
    };
  }

  async function setRecoveryMode(value: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/setting/change/recovery_mode',
      payload: { value },
      headers: bearer(admin),
    });
  }

  async function customer(overrides: { email?: string } = {}) {
    const user = await createUser(t.db, { roles: ['user'], password: 'Customer@1', ...overrides });
    return { user, token: await loginAs(t.app, user.phone, 'Customer@1') };
  }

  async function login(phone: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone, password: 'Customer@1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.user;
  }

  async function submit(token: string, body: Record<string, unknown>, lang = 'ar') {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery',
      payload: body,
      headers: { ...bearer(token), 'accept-language': lang },
    });
  }

  async function recoveryCount() {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(recoveryAccounts);
    return row?.n ?? 0;
  }

  function linkToken(mail: ReceivedMail | undefined, page: string): string {
    const match = new RegExp(`${APP_URL}/${page}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no ${page} link in: ${mail?.text}`);
    return match[1];
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      ...smtpEnv(smtp),
      APP_URL,
      ACCOUNT_RATE_MAX: '1000',
      ACCOUNT_RATE_IP_MAX: '100000',
    });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/register/data' });
    lookups = res.json().data;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('serves the seeded Egyptian registration lookups in English and Arabic, with their links', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/register/data' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const key of [
      'degrees',
      'levels',
      'qualifications',
      'specifications',
      'degree_qualifications',
      'degree_specifications',
      'pre_qualifications',
      'universities',
      'collages',
      'grades',
      'places',
      'governments',
    ]) {
      expect(data[key].length, key).toBeGreaterThan(0);
    }
    expect(data.universities).toContainEqual(
      expect.objectContaining({ name: 'Cairo University', name_local: 'جامعة القاهرة' }),
    );
    expect(data.universities).toContainEqual(expect.objectContaining({ name: 'Ain Shams University' }));
    const commerce = byName(data.qualifications, 'Bachelor of Commerce');
    const law = byName(data.qualifications, 'Licence in Law');
    const specsOf = (q: number) =>
      data.degree_specifications.filter((l: { qualification_id: number }) => l.qualification_id === q);
    expect(specsOf(commerce).length).toBeGreaterThan(0);
    expect(specsOf(law)).toEqual([]);
    const cairo = byName(data.governments, 'Cairo');
    expect(data.places).toContainEqual(expect.objectContaining({ name: 'Nasr City', government_id: cairo }));
  });

  it('lists and changes settings (admin_roles only); bad values and unknown keys are refused', async () => {
    const list = await t.app.inject({ method: 'POST', url: '/api/v1/setting/index', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(expect.objectContaining({ id: 'recovery_mode', value: false }));

    for (const value of ['maybe', 2, null, undefined]) {
      const res = await setRecoveryMode(value);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'value' });
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/setting/change/no_such_setting',
      payload: { value: true },
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const manager = await createUser(t.db, { type: 'admin', roles: ['manager'] });
    const managerToken = await loginAs(t.app, manager.phone, manager.password);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/setting/change/recovery_mode',
      payload: { value: true },
      headers: bearer(managerToken),
    });
    expect(denied.statusCode).toBe(403);
    const after = await t.app.inject({ method: 'POST', url: '/api/v1/setting/index', headers: bearer(admin) });
    expect(after.json().data).toContainEqual(expect.objectContaining({ id: 'recovery_mode', value: false }));

    const on = await setRecoveryMode('1');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ key: 'recovery_mode', value: true });
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'setting.change'));
    expect(audit).toMatchObject({ entity: 'settings', entityId: 'recovery_mode' });
    expect(audit?.newValue).toMatchObject({ key: 'recovery_mode', value: true });
    expect((await setRecoveryMode(false)).statusCode).toBe(200);
  });

  it('dataRequired follows recovery mode for customers only; POST /recovery needs recovery mode', async () => {
    const { user, token } = await customer();
    expect((await login(user.phone)).dataRequired).toBe(false);
    const off = await submit(token, recoveryData({ email: user.email }));
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('accounts.errors.recovery_off');

    expect((await setRecoveryMode(true)).statusCode).toBe(200);
    expect((await login(user.phone)).dataRequired).toBe(true);
    const adminLogin = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: ADMIN });
    expect(adminLogin.json().data.user.dataRequired).toBe(false);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery',
      payload: recoveryData(),
      headers: bearer(admin),
    });
    expect(staff.statusCode).toBe(403);
    const state = await t.app.inject({ method: 'GET', url: '/api/v1/recovery', headers: bearer(token) });
    expect(state.json().data).toMatchObject({
      recovery_mode: true,
      data_required: true,
      old_email: user.email,
      account: null,
    });
  });

  it('refuses bad recovery data with field errors and stores nothing', async () => {
    expect((await setRecoveryMode(true)).statusCode).toBe(200);
    const { user, token } = await customer();
    const before = await recoveryCount();
    const commerce = byName(lookups.qualifications, 'Bachelor of Commerce');
    const law = byName(lookups.qualifications, 'Licence in Law');
    const accounting = byName(lookups.specifications, 'Accounting');
    const civil = byName(lookups.specifications, 'Civil Engineering');
    const intermediate = byName(lookups.levels, 'Intermediate qualification');
    const cases: [Record<string, unknown>, string, number][] = [
      [{ ar_name: '' }, 'ar_name', 422],
      [{ en_name: 'محمد' }, 'en_name', 422],
      [{ en_name: 'Mohamed 2' }, 'en_name', 422],
      [{ email: 'nope' }, 'email', 422],
      [{ mobile: '01x' }, 'mobile', 422],
      [{ national_id: '123' }, 'national_id', 422],
      [{ national_id: '290010112345678' }, 'national_id', 422],
      [{ degree_qualification_id: undefined }, 'degree_qualification_id', 422],
      [{ degree_qualification_id: '' }, 'degree_qualification_id', 422],
      [{ degree_education_level_id: undefined }, 'degree_education_level_id', 422],
      // Commerce offers specifications: one is required, and it must be one of them.
      [{ degree_qualification_id: commerce, degree_specification_id: undefined }, 'degree_specification_id', 422],
      [{ degree_qualification_id: commerce, degree_specification_id: civil }, 'degree_specification_id', 422],
      // Law offers none: a specification is not accepted.
      [{ degree_qualification_id: law, degree_specification_id: accounting }, 'degree_specification_id', 422],
      // A qualification of another level, an id of the wrong list.
      [{ degree_education_level_id: intermediate }, 'degree_qualification_id', 422],
      [{ university_degree_id: commerce }, 'university_degree_id', 422],
      [{ organization_degree_id: 999999 }, 'organization_degree_id', 422],
    ];
    for (const [override, field, status] of cases) {
      const res = await submit(token, recoveryData({ email: user.email, ...override }), 'en');
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      const fields = res.json().errors.map((e: { field?: string }) => e.field);
      expect(fields, `${JSON.stringify(override)}: ${res.body}`).toContain(field);
    }
    const specMissing = await submit(
      token,
      recoveryData({ email: user.email, degree_qualification_id: commerce, degree_specification_id: undefined }),
      'en',
    );
    expect(specMissing.json().errors[0].title).toBe('Please choose the specialization');
    expect(await recoveryCount()).toBe(before);
    expect((await findUserRow(t.db, user.id))?.dataCompletedAt).toBeNull();
  });

  it('a law graduate needs no specification; the same email needs no confirmation and goes straight to review', async () => {
    expect((await setRecoveryMode(true)).statusCode).toBe(200);
    const { user, token } = await customer();
    // The factory's email is not verified yet, so verify it as a registered customer would have.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      payload: { user_id: user.id },
      headers: bearer(admin),
    });
    const res = await submit(
      token,
      recoveryData({
        email: user.email,
        mobile: user.phone,
        degree_qualification_id: byName(lookups.qualifications, 'Licence in Law'),
        degree_specification_id: '',
        university_degree_id: '',
        university_name: 'جامعة بني سويف',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'pending_review',
      degree_specification_id: null,
      university_degree_id: null,
      university_name: 'جامعة بني سويف',
      en_name: 'Mohamed Ahmed Ali',
    });
    expect(res.json().message).toBe('ستتم مراجعة حسابك خلال يومي عمل على الأكثر');
    expect((await login(user.phone)).dataRequired).toBe(false);
  });

  it('accepts multipart recovery data with a new email, confirms it by link, then staff verify and the customer is emailed', async () => {
    expect((await setRecoveryMode(true)).statusCode).toBe(200);
    const { user, token } = await customer();
    const data = recoveryData();
    const boundary = '----portal-recovery';
    const payload = `${Object.entries(data)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery',
      payload: Buffer.from(payload, 'utf8'),
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending_activation', email: data.email, old_email: user.email });
    expect((await login(user.phone)).dataRequired).toBe(true);

    await t.app.jobs.flush();
    const [mail] = smtp.to(data.email);
    expect(mail?.subject).toContain('تأكيد البريد الإلكتروني');
    const activationToken = linkToken(mail, 'recoveryactivation');

    // Staff cannot approve before the email is confirmed.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery/verify',
      payload: { id: res.json().data.id },
      headers: bearer(admin),
    });
    expect(early.statusCode).toBe(409);

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/v1/recovery/activation/${activationToken}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const row = await findUserRow(t.db, user.id);
    expect(row).toMatchObject({ email: data.email });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await login(user.phone)).dataRequired).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/recovery/activation/${activationToken}` });
    expect(again.statusCode).toBe(400);

    const list = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery/accounts',
      payload: { status: 'pending_review' },
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.data.find((a: { user_id: number }) => a.user_id === user.id);
    expect(listed).toMatchObject({ status: 'pending_review', national_id: data.national_id });

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery/verify',
      payload: { id: listed.id },
      headers: bearer(admin),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.status).toBe('verified');
    const after = await findUserRow(t.db, user.id);
    expect(after).toMatchObject({ phone: data.mobile, phoneVerified: true });
    await t.app.jobs.flush();
    const outcome = smtp.to(data.email).find((m) => m.subject.includes('تم اعتماد حسابك'));
    expect(outcome?.text).toContain(`${APP_URL}/login`);

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery/verify',
      payload: { id: listed.id },
      headers: bearer(admin),
    });
    expect(twice.statusCode).toBe(409);
    // Verified data is locked.
    const relogin = await loginAs(t.app, data.mobile, 'Customer@1');
    const locked = await submit(relogin, recoveryData({ email: data.email }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('accounts.errors.recovery_locked');
  });

  it('refuses an email, mobile or national id that belongs to someone else (409)', async () => {
    expect((await setRecoveryMode(true)).statusCode).toBe(200);
    const other = await createUser(t.db, {});
    const first = await customer();
    const firstData = recoveryData({ email: first.user.email });
    expect((await submit(first.token, firstData)).statusCode).toBe(200);
    const { token } = await customer();
    const before = await recoveryCount();
    for (const [override, field] of [
      [{ email: other.email }, 'email'],
      [{ mobile: other.phone }, 'mobile'],
      [{ national_id: firstData.national_id }, 'national_id'],
    ] as const) {
      const res = await submit(token, recoveryData(override));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect(await recoveryCount()).toBe(before);
  });

  it('staff routes refuse malformed input with 422', async () => {
    const calls = [
      { url: '/api/v1/recovery/verify', payload: { id: 'abc' } },
      { url: '/api/v1/recovery/verify', payload: {} },
      { url: '/api/v1/recovery/delete/abc' },
      { url: '/api/v1/recovery/delete/0' },
      { url: '/api/v1/recovery/accounts', payload: { status: 'approved' } },
      { url: '/api/v1/recovery/accounts', payload: { perPage: 0 } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: 'POST', ...call, headers: bearer(admin) });
      expect(res.statusCode, `${call.url} ${res.body}`).toBe(422);
    }
  });

  it('staff delete a recovery account: data gone, customer emailed, dataRequired again; unknown id is 404', async () => {
    expect((await setRecoveryMode(true)).statusCode).toBe(200);
    const { user, token } = await customer();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      payload: { user_id: user.id },
      headers: bearer(admin),
    });
    const res = await submit(token, recoveryData({ email: user.email }), 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(user.phone)).dataRequired).toBe(false);
    const id = res.json().data.id;

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recovery/delete/999999',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
    const customerTry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recovery/delete/${id}`,
      headers: bearer(token),
    });
    expect(customerTry.statusCode).toBe(403);

    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recovery/delete/${id}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(recoveryAccounts).where(eq(recoveryAccounts.id, id))).toEqual([]);
    expect((await login(user.phone)).dataRequired).toBe(true);
    await t.app.jobs.flush();
    const [mail] = smtp.to(user.email as string);
    expect(mail?.subject).toContain('لم يتم اعتماد بيانات حسابك');
    expect(mail?.html).toContain('dir="rtl"');
    const queued = await mailJobs(t.db, { mailKind: 'recovery_deleted' });
    expect(queued.some((m) => m.userId === user.id && m.status === 'done')).toBe(true);

    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'recovery.delete'));
    expect(audit).toBeDefined();
  });
});
