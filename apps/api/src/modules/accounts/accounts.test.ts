import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { countJobs, countMailJobs, mailJobs } from '../../../test/helpers/mail-jobs.js';
import {
  activationCode,
  type ReceivedMail,
  type SmtpSink,
  smtpEnv,
  startSmtpSink,
} from '../../../test/helpers/smtp-sink.js';
import { accountTokens } from '../../db/schema/accounts.js';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { jobs } from '../../db/schema/jobs.js';
import { roles, userRoles } from '../../db/schema/roles.js';
import { users } from '../../db/schema/users.js';

const APP_URL = 'http://portal.test';
let serial = 0;

function newCustomer(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    first_name: 'أحمد',
    last_name: 'عبد الله',
    address: '12 شارع التحرير، الدقي، الجيزة',
    email: `customer${serial}.${process.pid}@example.com`,
    mobile: `0122${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`,
    password: 'Gamaiya@2024',
    confirm_password: 'Gamaiya@2024',
    accept_terms: true,
    ...overrides,
  };
}

function linkToken(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`${APP_URL}/${page}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  return match[1];
}

function mailCode(mail: ReceivedMail): string {
  const code = activationCode(mail.text);
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

describe('accounts: registration, activation, password reset (real SMTP)', () => {
  let t: TestApp;
  let smtp: SmtpSink;

  async function count(table: typeof users | typeof accountTokens) {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  }

  async function register(body: Record<string, unknown>, lang?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: body,
      headers: lang ? { 'accept-language': lang } : {},
    });
  }

  /** Registers, delivers the queued mail through SMTP, and returns what the customer received. */
  async function registerAndRead(body = newCustomer(), lang?: string) {
    const res = await register(body, lang);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.flush();
    const inbox = smtp.to(body.email as string);
    const mail = inbox[inbox.length - 1];
    if (!mail) throw new Error('no activation mail');
    return { res, body, mail, token: res.json().data.access_token as string, user: res.json().data.user };
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      ...smtpEnv(smtp),
      APP_URL,
      // Throttling has its own test file; here every flow may run many times.
      ACCOUNT_RATE_MAX: '1000',
      ACCOUNT_RATE_IP_MAX: '100000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('registers a customer (type user, role user, not activated), signed in, and mails an Arabic activation link and code', async () => {
    const body = newCustomer({ mobile: '٠١٢ ٣٤٥ ٦٧٨ ٩٠', email: ' Mixed.Case@Example.com ' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({
      name: 'أحمد عبد الله',
      email: 'mixed.case@example.com',
      phone: '01234567890',
      type: 'user',
      email_verified: false,
      dataRequired: false,
      address: body.address,
    });
    expect(data.user.roles.map((r: { name: string }) => r.name)).toEqual(['user']);
    expect(res.json().message).toContain('التفعيل');
    const row = await findUserRow(t.db, data.user.id);
    expect(row?.locale).toBe('ar');
    expect(row?.emailVerifiedAt).toBeNull();

    // Queued in the registration's transaction, not sent yet.
    const [queued] = await mailJobs(t.db, { userId: data.user.id });
    expect(queued).toMatchObject({ status: 'pending', mailKind: 'activation', to: 'mixed.case@example.com' });
    expect(smtp.to('mixed.case@example.com')).toHaveLength(0);

    const flushed = await t.app.jobs.flush();
    expect(flushed.done).toBeGreaterThanOrEqual(1);
    const [mail] = smtp.to('mixed.case@example.com');
    expect(mail?.subject).toContain('تفعيل حسابك');
    expect(mail?.headers.get('from')).toContain('no-reply@portal.test');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.text).toContain('مرحبًا أحمد عبد الله');
    expect(mail?.text).toContain(`${APP_URL}/activation/`);
    expect(mailCode(mail as ReceivedMail)).toMatch(/^\d{6}$/);

    // Once sent, the row keeps no secret.
    const [sent] = await mailJobs(t.db, { userId: data.user.id });
    expect(sent).toMatchObject({ status: 'done', text: undefined, html: undefined, link: undefined, attempts: 1 });
    expect(sent?.id).toBe(queued?.id);

    // The session works.
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${data.user.id}`,
      headers: bearer(data.access_token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('accepts a single `name` instead of first and last name', async () => {
    const { first_name: _f, last_name: _l, ...rest } = newCustomer();
    const res = await register({ ...rest, name: 'منى السيد' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.name).toBe('منى السيد');
  });

  it('writes the activation mail in English, left to right, for an English registration', async () => {
    const { mail, user } = await registerAndRead(newCustomer({ first_name: 'Omar', last_name: 'Hassan' }), 'en');
    expect((await findUserRow(t.db, user.id))?.locale).toBe('en');
    expect(mail.subject).toContain('Activate your account');
    expect(mail.text).toContain('Hello Omar Hassan,');
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.html).not.toContain('dir="rtl"');
  });

  it('activates by link once; the same link then fails and changes nothing', async () => {
    const { mail, user } = await registerAndRead();
    const token = linkToken(mail, 'activation');
    const ok = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${token}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ email: user.email, email_verified: true });
    const verifiedAt = (await findUserRow(t.db, user.id))?.emailVerifiedAt;
    expect(verifiedAt).not.toBeNull();

    const again = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('accounts.errors.link_invalid');
    expect((await findUserRow(t.db, user.id))?.emailVerifiedAt).toBe(verifiedAt);

    // The code of the same mail is spent too.
    const login = await loginAs(t.app, user.phone, 'Gamaiya@2024');
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email',
      payload: { code: mailCode(mail) },
      headers: bearer(login),
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().code).toBe('accounts.errors.already_verified');
  });

  it('refuses an unknown or malformed activation token', async () => {
    for (const token of ['x'.repeat(43), 'not-a-token', 'a'.repeat(300)]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${token}` });
      // Unknown → 400; longer than any token → 422, or 414 past the router's path limit.
      expect([400, 414, 422]).toContain(res.statusCode);
      expect(res.json().status).toBe('error');
    }
  });

  it('refuses an expired activation link and code', async () => {
    const { mail, user, token: session } = await registerAndRead();
    await t.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.userId, user.id));
    const link = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${linkToken(mail, 'activation')}` });
    expect(link.statusCode).toBe(400);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email',
      payload: { code: mailCode(mail) },
      headers: bearer(session),
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().code).toBe('accounts.errors.code_expired');
    expect((await findUserRow(t.db, user.id))?.emailVerifiedAt).toBeNull();
  });

  it('activates with the 6-digit code for the signed-in user (Arabic digits accepted)', async () => {
    const { mail, user, token } = await registerAndRead();
    const code = mailCode(mail);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email',
      payload: { code: wrong },
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'accounts.errors.code_invalid',
      message: 'The activation code is not correct',
    });
    expect((await findUserRow(t.db, user.id))?.emailVerifiedAt).toBeNull();

    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email',
      payload: { code: arabic },
      headers: bearer(token),
    });
    expect(good.statusCode, good.body).toBe(200);
    expect((await findUserRow(t.db, user.id))?.emailVerifiedAt).not.toBeNull();
    // The link of the same mail no longer works.
    const link = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${linkToken(mail, 'activation')}` });
    expect(link.statusCode).toBe(400);
  });

  it('burns the code after 5 wrong tries; the right code then fails too', async () => {
    const { mail, user, token } = await registerAndRead();
    const code = mailCode(mail);
    const wrong = code === '123456' ? '654321' : '123456';
    const statuses: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/verify/email',
        payload: { code: wrong },
        headers: bearer(token),
      });
      statuses.push(`${res.statusCode} ${res.json().code}`);
    }
    expect(statuses).toEqual([
      ...Array(4).fill('400 accounts.errors.code_invalid'),
      '400 accounts.errors.code_expired',
    ]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email',
      payload: { code },
      headers: bearer(token),
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('accounts.errors.code_expired');
    expect((await findUserRow(t.db, user.id))?.emailVerifiedAt).toBeNull();
  });

  it('rejects a malformed code with 422 and counts nothing', async () => {
    const { user, token } = await registerAndRead();
    for (const code of ['', '12345', '1234567', 'abcdef', undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/verify/email',
        payload: code === undefined ? {} : { code },
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('code');
    }
    const [row] = await t.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(row?.attempts).toBe(0);
  });

  it('resends: a new link and code; the old ones stop working', async () => {
    const { mail: first, user, token } = await registerAndRead();
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email/resend',
      headers: bearer(token),
    });
    expect(resend.statusCode, resend.body).toBe(200);
    await t.app.jobs.flush();
    const inbox = smtp.to(user.email);
    expect(inbox).toHaveLength(2);
    const second = inbox[1] as ReceivedMail;
    expect(linkToken(second, 'activation')).not.toBe(linkToken(first, 'activation'));

    const old = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${linkToken(first, 'activation')}` });
    expect(old.statusCode).toBe(400);
    const fresh = await t.app.inject({ method: 'POST', url: `/api/v1/activation/${linkToken(second, 'activation')}` });
    expect(fresh.statusCode).toBe(200);

    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email/resend',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(409);
  });

  it('refuses every bad registration with field errors (ar and en) and changes nothing', async () => {
    const usersBefore = await count(users);
    const mailBefore = await countMailJobs(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [newCustomer({ first_name: '' }), 'first_name', 'accounts.validation.first_name_required'],
      [newCustomer({ last_name: undefined }), 'last_name', 'accounts.validation.last_name_required'],
      [newCustomer({ address: '  ' }), 'address', 'accounts.validation.address_required'],
      [newCustomer({ email: 'not-an-email' }), 'email', 'accounts.validation.email_invalid'],
      [newCustomer({ email: undefined }), 'email', 'accounts.validation.email_required'],
      [newCustomer({ mobile: '0123abc' }), 'mobile', 'accounts.validation.mobile_digits'],
      [newCustomer({ mobile: '0123456789012' }), 'mobile', 'accounts.validation.mobile_max'],
      [newCustomer({ mobile: '' }), 'mobile', 'accounts.validation.mobile_required'],
      [
        newCustomer({ password: 'short@A', confirm_password: 'short@A' }),
        'password',
        'accounts.validation.password_rule',
      ],
      [
        newCustomer({ password: 'nocapital@1', confirm_password: 'nocapital@1' }),
        'password',
        'accounts.validation.password_rule',
      ],
      [
        newCustomer({ password: 'NoSymbol123', confirm_password: 'NoSymbol123' }),
        'password',
        'accounts.validation.password_rule',
      ],
      [newCustomer({ confirm_password: 'Gamaiya@2025' }), 'confirm_password', 'accounts.validation.passwords_mismatch'],
      [newCustomer({ accept_terms: undefined }), 'accept_terms', 'accounts.validation.terms_required'],
      [newCustomer({ accept_terms: false }), 'accept_terms', 'accounts.validation.terms_required'],
      [newCustomer({ terms_version_id: 987654 }), 'accept_terms', 'accounts.validation.terms_outdated'],
    ];
    const titles = { ar: '', en: '' };
    for (const [body, field, key] of cases) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await register(body, lang);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
        const error = res.json().errors.find((e: { field?: string }) => e.field === field);
        expect(error, `${field} ${key}: ${res.body}`).toBeDefined();
        expect(error.title).not.toBe(key);
        if (key === 'accounts.validation.passwords_mismatch') titles[lang] = error.title;
      }
    }
    expect(titles).toEqual({ ar: 'كلمتا المرور غير متطابقتين', en: 'Passwords must match' });
    // Several problems at once are all named.
    const many = await register({ email: 'x', mobile: 'y', password: 'a', confirm_password: 'b' });
    const fields = many.json().errors.map((e: { field?: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'address', 'email', 'mobile', 'password', 'confirm_password']),
    );
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await count(users)).toBe(usersBefore);
    expect(await countMailJobs(t.db)).toBe(mailBefore);
  });

  it('refuses an existing phone or email with 409 field errors, and queues nothing', async () => {
    const first = newCustomer();
    expect((await register(first)).statusCode).toBe(200);
    const usersBefore = await count(users);
    const mailBefore = await countMailJobs(t.db);

    const samePhone = await register(newCustomer({ mobile: first.mobile }), 'en');
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({
      code: 'accounts.errors.mobile_taken',
      errors: [{ field: 'mobile', title: 'This mobile number is already registered' }],
    });
    const sameEmail = await register(newCustomer({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual([{ field: 'email', title: 'البريد الإلكتروني مسجّل بالفعل' }]);
    const both = await register(newCustomer({ email: first.email, mobile: first.mobile }));
    expect(both.json().errors.map((e: { field: string }) => e.field)).toEqual(['email', 'mobile']);
    const admin = await register(newCustomer({ mobile: ADMIN.phone }));
    expect(admin.statusCode).toBe(409);

    expect(await count(users)).toBe(usersBefore);
    expect(await countMailJobs(t.db)).toBe(mailBefore);
  });

  it('forgot-password answers the same for unknown and known emails; only the known one gets a link', async () => {
    const known = await createUser(t.db, { email: `known.${process.pid}@example.com`, password: 'Old@Password1' });
    const mailBefore = await countMailJobs(t.db);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: `nobody.${process.pid}@example.com` },
    });
    expect(await countMailJobs(t.db)).toBe(mailBefore);
    const found = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: ` KNOWN.${process.pid}@example.com` },
    });
    expect(unknown.statusCode).toBe(200);
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe(unknown.body);
    // The same work either way: each request queued one lookup, nothing else, so timing tells nothing.
    const lookups = await t.db.select().from(jobs).where(eq(jobs.kind, 'password.forgot'));
    expect(lookups.slice(-2).map((j) => j.payload)).toEqual([
      { email: `nobody.${process.pid}@example.com` },
      { email: `known.${process.pid}@example.com` },
    ]);
    expect(await countMailJobs(t.db)).toBe(mailBefore);

    await t.app.jobs.flush();
    expect(await countMailJobs(t.db)).toBe(mailBefore + 1);
    expect(smtp.to(`nobody.${process.pid}@example.com`)).toHaveLength(0);
    const [mail] = smtp.to(known.email as string);
    expect(mail?.subject).toContain('نسيت كلمة المرور');
    expect(mail?.text).toContain(`${APP_URL}/newpassword/`);
  });

  it('resets the password with the emailed token (query parameters), revokes every session, and the token is single-use', async () => {
    const email = `reset.${process.pid}@example.com`;
    const user = await createUser(t.db, { email, password: 'Old@Password1', roles: ['user'] });
    const sessionA = await loginAs(t.app, user.phone, 'Old@Password1');
    const sessionB = await loginAs(t.app, user.phone, 'Old@Password1');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forgot-password?email=${encodeURIComponent(email)}`,
    });
    expect(asked.statusCode).toBe(200);
    await t.app.jobs.flush();
    const token = linkToken(smtp.to(email)[0] as ReceivedMail, 'newpassword');

    const before = await findUserRow(t.db, user.id);
    for (const [query, field] of [
      [`password=weak&confirm_password=weak&token=${token}`, 'password'],
      [`password=New@Password1&confirm_password=New@Password2&token=${token}`, 'confirm_password'],
      ['password=New@Password1&confirm_password=New@Password1', 'token'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/resetPassword?${query}` });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.map((e: { field?: string }) => e.field)).toContain(field);
    }
    expect((await findUserRow(t.db, user.id))?.passwordHash).toBe(before?.passwordHash);

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/resetPassword?password=New@Password1&confirm_password=New@Password1&token=${token}`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const session of [sessionA, sessionB]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${user.id}`, headers: bearer(session) });
      expect(res.statusCode).toBe(401);
    }
    await loginAs(t.app, user.phone, 'New@Password1');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: user.phone, password: 'Old@Password1' },
    });
    expect(old.statusCode).toBe(401);
    // Following the emailed link proved the address.
    expect((await findUserRow(t.db, user.id))?.emailVerifiedAt).not.toBeNull();

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/resetPassword',
      payload: { token, password: 'Other@Password1', confirm_password: 'Other@Password1' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('accounts.errors.link_invalid');
    await loginAs(t.app, user.phone, 'New@Password1');

    await t.app.jobs.flush();
    const changed = smtp.to(email)[1];
    expect(changed?.subject).toContain('تم تغيير كلمة المرور');

    // The audit trail names the reset but never holds the token (in its URL or values).
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'password.reset'), eq(auditLogs.entity, 'users')));
    expect(audit).toHaveLength(1);
    const everything = JSON.stringify(await t.db.select().from(auditLogs));
    expect(everything).not.toContain(token);
  });

  it('refuses an expired reset token and a newer request replaces the older one', async () => {
    const email = `expired.${process.pid}@example.com`;
    const user = await createUser(t.db, { email, password: 'Old@Password1' });
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    await t.app.jobs.flush();
    const [first, second] = smtp.to(email).map((m) => linkToken(m, 'newpassword'));
    const body = (token: string | undefined) => ({
      token,
      password: 'New@Password1',
      confirm_password: 'New@Password1',
    });
    const replaced = await t.app.inject({ method: 'POST', url: '/api/v1/resetPassword', payload: body(first) });
    expect(replaced.statusCode).toBe(400);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, user.id));
    const expired = await t.app.inject({ method: 'POST', url: '/api/v1/resetPassword', payload: body(second) });
    expect(expired.statusCode).toBe(400);
    await loginAs(t.app, user.phone, 'Old@Password1');
  });

  it('refuses a bad forgot-password email with 422 and sends nothing', async () => {
    const mailBefore = await countJobs(t.db, 'password.forgot');
    for (const payload of [{}, { email: '' }, { email: 'no-at-sign' }, { email: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].field).toBe('email');
    }
    expect(await countJobs(t.db, 'password.forgot')).toBe(mailBefore);
  });

  it('maps a unique-index race to the same 409 on this engine (the constraint name is readable)', async () => {
    const { uniqueViolation } = await import('../../lib/db-errors.js');
    const existing = await createUser(t.db, {});
    const error = await createUser(t.db, { phone: existing.phone }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(uniqueViolation(error)).toBe('users_phone_live_key');
    expect(uniqueViolation(new Error('other'))).toBeUndefined();
  });

  it('lets staff with users.put mark a user verified (phone and email)', async () => {
    const { user } = await registerAndRead();
    const admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      payload: { user_id: user.id },
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, phoneVerify: true, email_verified: true });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      payload: { user_id: 2_000_000_000 },
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify',
      payload: { user_id: 'abc' },
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('audits account rows without their secrets', async () => {
    const { user } = await registerAndRead();
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'register')).orderBy(asc(auditLogs.id));
    const mine = rows.filter((r) => {
      const value = r.newValue as Record<string, unknown> | null;
      return r.entity === 'users' ? value?.id === user.id : value?.user_id === user.id;
    });
    const entities = mine.map((r) => r.entity);
    expect(entities).toEqual(expect.arrayContaining(['users', 'user_roles', 'account_tokens', 'sessions']));
    // The queued mail is infrastructure (the jobs table), never in the audit log: it carries the link.
    expect(entities).not.toContain('jobs');
    // The registration's rows after the user insert are attributed to the new user.
    expect(mine.filter((r) => r.entity !== 'users').every((r) => r.userId === user.id)).toBe(true);
    for (const row of mine) {
      const keys = Object.keys((row.newValue ?? {}) as object);
      for (const secret of ['password_hash', 'token_hash', 'code_hash', 'text_body', 'html_body', 'link']) {
        expect(keys).not.toContain(secret);
      }
    }
    const [role] = await t.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id));
    expect(role?.name).toBe('user');
  });
});
