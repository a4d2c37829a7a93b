import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { countMailJobs, mailJobs } from '../../../test/helpers/mail-jobs.js';
import { rowsOf } from '../../db/client.js';

/**
 * Guests' contact messages through the routes (docs/decisions/0022-staff-tools.md): the public form
 * (checked, rate limited, kept with the guest's language), the staff list (search, status, dates)
 * and the one answer, mailed to the guest in their language.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

type Lang = 'ar' | 'en';

/** Each guest call from its own address, so the per-address limit does not mix the tests. */
let guests = 0;
function guest(payload: object, lang: Lang = 'ar', address?: string) {
  guests += 1;
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/contact',
    headers: { 'accept-language': lang },
    remoteAddress: address ?? `10.0.${Math.floor(guests / 250)}.${guests % 250}`,
    payload,
  });
}

const staffCall = (token: string, url: string, payload: object, lang: Lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    payload,
  });

const MESSAGE = {
  name: 'نادية إبراهيم',
  email: ' Nadia.Ibrahim@Example.com ',
  phone: '٠١٠ ١٢٣٤ ٥٦٧٨',
  subject: 'الاشتراك في جمعية',
  message: 'أريد معرفة شروط الاشتراك في جمعية بقسط 200 جنيه',
};

async function contactRows() {
  return rowsOf<{
    id: number;
    name: string;
    email: string;
    phone: string | null;
    locale: string;
    status: number;
    reply: string | null;
    replied_by: number | null;
  }>(
    await t.db.execute(
      sql`select id, name, email, phone, locale, status, reply, replied_by from contact_messages order by id`,
    ),
  );
}

async function staff(role: 'editor' | 'visitor' | 'user') {
  const user = await createUser(t.db, { type: role === 'user' ? 'user' : 'admin', roles: [role] });
  return loginAs(t.app, user.phone, user.password);
}

describe('a guest writes', () => {
  it('without a session; the message is kept as new with the page’s language, the email and phone normalized', async () => {
    const res = await guest(MESSAGE, 'ar');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'تم إرسال رسالتك، وسنرد عليك على بريدك الإلكتروني',
      data: null,
    });
    const rows = await contactRows();
    expect(rows.at(-1)).toMatchObject({
      name: 'نادية إبراهيم',
      email: 'nadia.ibrahim@example.com',
      phone: '01012345678',
      locale: 'ar',
      status: 0,
      reply: null,
    });
    const en = await guest({ ...MESSAGE, phone: '', email: 'john@example.com' }, 'en');
    expect(en.statusCode).toBe(201);
    expect(en.json().message).toBe('Your message was sent; we will answer you by email');
    expect((await contactRows()).at(-1)).toMatchObject({ phone: null, locale: 'en' });
  });

  it('refuses a bad message with a translated 422 naming each field, and keeps nothing', async () => {
    const before = (await contactRows()).length;
    const res = await guest({ name: ' ', email: 'not-an-email', phone: '01x', subject: '', message: '' }, 'ar');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('من فضلك أكمل البيانات المطلوبة');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', title: 'من فضلك أدخل اسمك' },
        { field: 'email', title: 'البريد الإلكتروني غير صحيح' },
        { field: 'phone', title: 'رقم الهاتف يجب أن يحتوي على أرقام فقط' },
        { field: 'subject', title: 'من فضلك أدخل موضوع الرسالة' },
        { field: 'message', title: 'من فضلك اكتب رسالتك' },
      ]),
    );
    const en = await guest({ name: 'Omar', subject: 'Hi', message: 'x'.repeat(5001) }, 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'email', title: 'Please enter the email address' },
        { field: 'message', title: 'The text is longer than allowed' },
      ]),
    );
    expect((await contactRows()).length).toBe(before);
  });

  it('is rate limited like the other guest calls: the sixth message from one email in the window is 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push((await guest({ ...MESSAGE, email: 'flood@example.com' })).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await guest({ ...MESSAGE, email: 'flood@example.com' }, 'en');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('staff list and answer', () => {
  it('lists with search (name, email, phone, subject), status and dates; only contacts.index', async () => {
    await guest({
      ...MESSAGE,
      name: 'حسام الدين',
      email: 'hossam@example.com',
      subject: 'تعديل بيانات',
      phone: '01099887766',
    });
    const search = async (payload: object) =>
      (await staffCall(admin, '/contacts', payload)).json().data.data.map((r: { name: string }) => r.name);
    expect(await search({ search: 'حسام' })).toEqual(['حسام الدين']);
    expect(await search({ search: 'HOSSAM@example' })).toEqual(['حسام الدين']);
    expect(await search({ search: '٠١٠٩٩٨٨' })).toEqual(['حسام الدين']);
    expect(await search({ search: 'تعديل بيانات' })).toEqual(['حسام الدين']);
    expect(await search({ search: 'حسام', status: 1 })).toEqual([]);
    expect(await search({ search: 'حسام', status: '0', from_date: '2000-01-01' })).toEqual(['حسام الدين']);
    expect(await search({ search: 'حسام', from_date: '2199-12-31' })).toEqual([]);
    const page = (await staffCall(admin, '/contacts', { perPage: 5 })).json().data;
    expect(page).toMatchObject({ currentPage: 1, perPage: 5 });
    expect(page.data[0]).toMatchObject({ status: 0, reply: null, replied_by: null, locale: expect.any(String) });

    expect((await staffCall(await staff('visitor'), '/contacts', {})).statusCode).toBe(200);
    expect((await staffCall(await staff('user'), '/contacts', {})).statusCode).toBe(403);
    const bad = await staffCall(admin, '/contacts', { status: 3 }, 'ar');
    expect(bad.statusCode).toBe(422);
  });

  it('an answer is emailed to the guest in their language, marks the message answered, and is given once', async () => {
    await guest({ ...MESSAGE, name: 'Laila Adel', email: 'laila@example.com', subject: 'Card fees' }, 'en');
    const id = (await contactRows()).at(-1)?.id as number;
    const editor = await staff('editor');
    const mailsBefore = await countMailJobs(t.db);

    const res = await staffCall(editor, `/contact/${id}`, { reply: 'The card is free of charge.\nWelcome!' }, 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('تم إرسال الرد إلى البريد الإلكتروني للمرسل');
    expect(res.json().data).toMatchObject({
      id,
      status: 1,
      reply: 'The card is free of charge.\nWelcome!',
      replied_by: { id: expect.any(Number) },
    });
    expect(res.json().data.replied_at).toEqual(expect.any(String));

    expect(await countMailJobs(t.db)).toBe(mailsBefore + 1);
    const [mail] = (await mailJobs(t.db, { mailKind: 'contact_reply' })).filter((m) => m.to === 'laila@example.com');
    expect(mail?.userId).toBeNull();
    expect(String(mail?.text)).toContain('Hello Laila Adel,');
    expect(String(mail?.text)).toContain('Thank you for contacting us about «Card fees». Here is our answer:');
    expect(String(mail?.text)).toContain('The card is free of charge.');

    const again = await staffCall(admin, `/contact/${id}`, { reply: 'Another answer' }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('تم الرد على هذه الرسالة من قبل');
    expect((await contactRows()).find((r) => r.id === id)?.reply).toBe('The card is free of charge.\nWelcome!');
    expect(await countMailJobs(t.db)).toBe(mailsBefore + 1);

    const [audit] = await auditEntries(t.app, admin, 'contact_messages.update', id);
    expect(audit?.new_value).toMatchObject({ status: 1 });
  });

  it('an Arabic guest is answered in Arabic', async () => {
    await guest({ ...MESSAGE, email: 'arabic.guest@example.com' }, 'ar');
    const id = (await contactRows()).at(-1)?.id as number;
    expect(
      (await staffCall(admin, `/contact/${id}`, { reply: 'شروط الاشتراك موجودة في صفحة الجمعيات' })).statusCode,
    ).toBe(200);
    const [mail] = (await mailJobs(t.db, { mailKind: 'contact_reply' })).filter(
      (m) => m.to === 'arabic.guest@example.com',
    );
    expect(String(mail?.text)).toContain('مرحبًا نادية إبراهيم،');
    expect(String(mail?.text)).toContain('شكرًا لتواصلك معنا بخصوص «الاشتراك في جمعية»، وهذا ردنا:');
    expect(String(mail?.html)).toContain('dir="rtl"');
  });

  it('refuses an empty answer, an unknown id, and callers without contacts.put; nothing changes', async () => {
    await guest({ ...MESSAGE, email: 'untouched@example.com' });
    const id = (await contactRows()).at(-1)?.id as number;
    const mails = await countMailJobs(t.db);
    const empty = await staffCall(admin, `/contact/${id}`, { reply: '   ' }, 'ar');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ field: 'reply', title: 'من فضلك اكتب الرد' }]);
    expect((await staffCall(admin, '/contact/99999999', { reply: 'x' })).statusCode).toBe(404);
    expect((await staffCall(await staff('visitor'), `/contact/${id}`, { reply: 'x' })).statusCode).toBe(403);
    expect((await staffCall(await staff('user'), `/contact/${id}`, { reply: 'x' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/contact/${id}`, payload: { reply: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await contactRows()).find((r) => r.id === id)).toMatchObject({ status: 0, reply: null, replied_by: null });
    expect(await countMailJobs(t.db)).toBe(mails);
  });
});
