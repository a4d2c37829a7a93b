import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_BYTES } from '../../../test/factories/customer-requests.js';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { mailJobs } from '../../../test/helpers/mail-jobs.js';
import { type FilePart, multipartBody, PNG_BYTES } from '../../../test/helpers/multipart.js';
import { rowsOf } from '../../db/client.js';

/**
 * Help-desk tickets through the routes (docs/decisions/0022-staff-tools.md): opening with an
 * attachment (type by content, ≤ 512 KB), the list (own vs all, filters), the conversation, who may
 * answer and close, a closed ticket's 409, the owner's bell and mail, and that a refused call
 * changes nothing and keeps no file.
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
type Account = { id: number; token: string; phone: string; name: string };

async function account(role: 'user' | 'editor' | 'visitor' = 'user', name?: string): Promise<Account> {
  const user = await createUser(t.db, {
    type: role === 'user' ? 'user' : 'admin',
    roles: [role],
    emailVerified: true,
    ...(name ? { name } : {}),
  });
  return { id: user.id, token: await loginAs(t.app, user.phone, user.password), phone: user.phone, name: user.name };
}

const png = (filename = 'screenshot.png', bytes: Buffer = PNG_BYTES): FilePart => ({
  field: 'file',
  filename,
  contentType: 'image/png',
  bytes,
});

function send(
  token: string,
  method: 'PUT' | 'POST',
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
  lang: Lang = 'en',
) {
  const body = multipartBody(files, fields);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
}

const open = (token: string, fields: Record<string, string>, files: FilePart[] = [], lang: Lang = 'en') =>
  send(token, 'PUT', '/ticket/tickets', fields, files, lang);
const reply = (token: string, id: number, fields: Record<string, string>, files: FilePart[] = [], lang: Lang = 'en') =>
  send(token, 'POST', `/ticket/add/${id}`, fields, files, lang);

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object, lang: Lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

async function openTicket(owner: Account, subject = 'لا أستطيع رفع صورة البطاقة'): Promise<number> {
  const res = await open(owner.token, { subject, message: 'تظهر رسالة خطأ عند رفع الصورة' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function state(id: number) {
  const [row] = rowsOf<{ status: number; messages: number; closed_at: string | null; closed_by: number | null }>(
    await t.db.execute(sql`select t.status, t.closed_at, t.closed_by,
        (select count(*)::int from ticket_messages m where m.ticket_id = t.id) as messages
      from tickets t where t.id = ${id}`),
  );
  return row;
}

async function counts() {
  const [row] = rowsOf<{ tickets: number; messages: number; notifications: number; mails: number }>(
    await t.db.execute(sql`select (select count(*)::int from tickets) as tickets,
        (select count(*)::int from ticket_messages) as messages,
        (select count(*)::int from notifications) as notifications,
        (select count(*)::int from jobs where kind = 'mail') as mails`),
  );
  return row;
}

/** Every file stored for tickets. */
async function storedFiles(): Promise<string[]> {
  return readdir(path.join(t.env.DATA_DIR, 'uploads', 'tickets')).catch(() => []);
}

describe('opening a ticket', () => {
  it('stores the subject, the first message and its attachment; the file comes back byte for byte to its owner only', async () => {
    const owner = await account('user', 'منى عبد الله');
    const res = await open(
      owner.token,
      { subject: '  مشكلة في السداد  ', message: 'تم خصم القسط مرتين هذا الشهر' },
      [png('إيصال.png')],
      'ar',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('تم إرسال تذكرتك، وسيرد عليك فريق الدعم في أقرب وقت');
    const ticket = res.json().data;
    expect(ticket).toMatchObject({
      subject: 'مشكلة في السداد',
      status: 0,
      user: { id: owner.id, name: 'منى عبد الله' },
      messages_count: 1,
      closed_at: null,
      actions: ['reply', 'close'],
    });
    expect(ticket.messages).toHaveLength(1);
    const [first] = ticket.messages;
    expect(first).toMatchObject({
      body: 'تم خصم القسط مرتين هذا الشهر',
      from_staff: false,
      author: { id: owner.id },
      file: { name: 'إيصال.png', size: PNG_BYTES.length, mime: 'image/png' },
    });
    expect(first.file.url).toBe(`/ticket/${ticket.id}/files/${first.id}`);

    const download = await call(owner.token, 'GET', first.file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('إيصال.png'));
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const other = await account();
    expect((await call(other.token, 'GET', first.file.url)).statusCode).toBe(404);
    const staff = await account('visitor');
    expect((await call(staff.token, 'GET', first.file.url)).statusCode).toBe(200);
    // A message of another ticket, or one without a file, is not found.
    const plain = await openTicket(owner);
    const plainMessage = (await call(owner.token, 'GET', `/ticket/get/${plain}`)).json().data.messages[0].id;
    expect((await call(owner.token, 'GET', `/ticket/${plain}/files/${plainMessage}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', `/ticket/${plain}/files/${first.id}`)).statusCode).toBe(404);

    const [audit] = await auditEntries(t.app, admin, 'tickets.insert', ticket.id);
    expect(audit?.new_value).toMatchObject({ subject: 'مشكلة في السداد', status: 0 });
  });

  it('takes JSON when there is no attachment', async () => {
    const owner = await account();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ticket/tickets',
      headers: bearer(owner.token),
      payload: { subject: 'Card delivery', message: 'When will my card arrive?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.messages[0].file).toBeNull();
  });

  it('refuses a missing subject or message, in the caller’s language, and keeps nothing (not even the file)', async () => {
    const owner = await account();
    const before = await counts();
    const files = await storedFiles();
    const bad: [Record<string, string>, { field: string; title: string }[]][] = [
      [{ subject: '', message: 'نص' }, [{ field: 'subject', title: 'من فضلك أدخل عنوان التذكرة' }]],
      [{ subject: 'عنوان', message: '   ' }, [{ field: 'message', title: 'من فضلك اكتب رسالتك' }]],
      [{ subject: 'ع'.repeat(151), message: 'نص' }, [{ field: 'subject', title: 'النص أطول من المسموح' }]],
      [{ subject: 'عنوان', message: 'ن'.repeat(5001) }, [{ field: 'message', title: 'النص أطول من المسموح' }]],
    ];
    for (const [fields, errors] of bad) {
      const res = await open(owner.token, fields, [png()], 'ar');
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().message).toBe('من فضلك أكمل البيانات المطلوبة');
      expect(res.json().errors).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('decides the attachment’s type by its content: a renamed file, another type or an oversized one is refused', async () => {
    const owner = await account();
    const before = await counts();
    const files = await storedFiles();
    const refused: FilePart[] = [
      // A PNG that says it is a PDF, and a text file that says it is a picture.
      { field: 'file', filename: 'report.pdf', contentType: 'application/pdf', bytes: PNG_BYTES },
      {
        field: 'file',
        filename: 'photo.png',
        contentType: 'image/png',
        bytes: Buffer.from('<html>not a picture</html>'),
      },
      // A type the help desk does not take, even when it is what it says.
      { field: 'file', filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('hello') },
      // Over 512 KB.
      {
        field: 'file',
        filename: 'big.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(512 * 1024)]),
      },
    ];
    for (const file of refused) {
      const res = await open(owner.token, { subject: 'مرفق', message: 'مرفق غير مقبول' }, [file], 'en');
      expect(res.statusCode, file.filename).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'file', title: 'The attachment must be a PDF, PNG or JPG file of at most 512 KB' },
      ]);
    }
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(files);
    // A real PDF is taken.
    const ok = await open(owner.token, { subject: 'مرفق', message: 'ملف PDF' }, [
      { field: 'file', filename: 'statement.pdf', contentType: 'application/pdf', bytes: PDF_BYTES },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.messages[0].file).toMatchObject({ name: 'statement.pdf', mime: 'application/pdf' });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ticket/tickets',
      payload: { subject: 'x', message: 'y' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('a customer sees only their own tickets; staff see everyone’s, filtered by status, user (name or phone) and dates', async () => {
    const a = await account('user', 'كريم الأنصاري');
    const b = await account('user', 'ياسمين فؤاد');
    const aId = await openTicket(a, 'تأخر صرف مبلغ القبض');
    const bId = await openTicket(b, 'تغيير رقم الموبايل');
    const staff = await account('editor');
    await reply(staff.token, bId, { message: 'تم تحديث الرقم' });

    const mine = await call(a.token, 'POST', '/ticket/tickets', {});
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ total: 1, currentPage: 1, perPage: 10 });
    expect(mine.json().data.data.map((r: { id: number }) => r.id)).toEqual([aId]);
    // Naming someone else does not widen a customer's list.
    const sneaky = await call(a.token, 'POST', '/ticket/tickets', { user_id: b.id });
    expect(sneaky.json().data.total).toBe(0);

    const byName = await call(staff.token, 'POST', '/ticket/tickets', { user: 'الأنصاري' });
    expect(byName.json().data.data.map((r: { id: number }) => r.id)).toEqual([aId]);
    const byPhone = await call(staff.token, 'POST', '/ticket/tickets', { user: b.phone });
    expect(byPhone.json().data.data.map((r: { id: number }) => r.id)).toEqual([bId]);
    const answered = await call(staff.token, 'POST', '/ticket/tickets', { status: 1, user: 'ياسمين' });
    expect(answered.json().data.data).toMatchObject([
      { id: bId, status: 1, messages_count: 2, actions: ['answer', 'close'] },
    ]);
    const open = await call(staff.token, 'POST', '/ticket/tickets', { status: '0', user: 'ياسمين' });
    expect(open.json().data.total).toBe(0);
    const bySubject = await call(staff.token, 'POST', '/ticket/tickets', { search: 'صرف مبلغ' });
    expect(bySubject.json().data.data.map((r: { id: number }) => r.id)).toEqual([aId]);
    const future = await call(staff.token, 'POST', '/ticket/tickets', { user: 'الأنصاري', from_date: '2199-12-31' });
    expect(future.json().data.total).toBe(0);
    const past = await call(staff.token, 'POST', '/ticket/tickets', { user: 'الأنصاري', to_date: '2001-01-01' });
    expect(past.json().data.total).toBe(0);
    const sorted = await call(staff.token, 'POST', '/ticket/tickets', { sortBy: 'last_message_at', perPage: 5 });
    expect(sorted.statusCode).toBe(200);

    // A read-only staff member (tickets.index alone) sees the list but may not answer.
    const visitor = await account('visitor');
    const seen = await call(visitor.token, 'POST', '/ticket/tickets', { user: 'ياسمين' });
    expect(seen.json().data.data).toMatchObject([{ id: bId, actions: [] }]);
  });

  it('refuses a bad filter with a translated 422', async () => {
    const res = await call(admin, 'POST', '/ticket/tickets', { status: 7, sortBy: 'subject' }, 'ar');
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['sortBy', 'status']);
    expect(res.json().errors[0].title).toBe('القيمة المدخلة غير صالحة');
  });
});

describe('the conversation', () => {
  it('is seen by its owner and staff; another customer reads 404, like an id that does not exist', async () => {
    const owner = await account();
    const id = await openTicket(owner);
    expect((await call(owner.token, 'GET', `/ticket/get/${id}`)).statusCode).toBe(200);
    expect((await call((await account('visitor')).token, 'GET', `/ticket/get/${id}`)).statusCode).toBe(200);
    const other = await account();
    const res = await call(other.token, 'GET', `/ticket/get/${id}`, undefined, 'ar');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('العنصر المطلوب غير موجود');
    expect((await call(admin, 'GET', '/ticket/get/99999999')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/ticket/get/abc')).statusCode).toBe(422);
  });

  it('a staff answer marks it answered and tells the owner in the bell and by mail; the owner’s reply opens it again and tells no one', async () => {
    const owner = await account('user', 'سلمى حسين');
    const id = await openTicket(owner, 'استفسار عن موعد القبض');
    const staff = await account('editor', 'أحمد من الدعم');

    const answer = await reply(
      staff.token,
      id,
      { message: 'موعد قبضك يوم 15 من الشهر القادم' },
      [png('جدول.png')],
      'ar',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('تم إرسال ردك');
    const answered = answer.json().data;
    expect(answered).toMatchObject({ status: 1, messages_count: 2 });
    expect(answered.messages[1]).toMatchObject({
      body: 'موعد قبضك يوم 15 من الشهر القادم',
      from_staff: true,
      author: { id: staff.id, name: 'أحمد من الدعم' },
      file: { name: 'جدول.png' },
    });

    const bell = (await call(owner.token, 'POST', '/user/notifications', {}, 'ar')).json().data;
    expect(bell.unseen).toBe(1);
    expect(bell.data[0]).toMatchObject({
      type: 'ticket_answered',
      title: 'رد فريق الدعم على تذكرتك',
      message: 'رد فريق الدعم على تذكرتك «استفسار عن موعد القبض». افتح التذكرة لقراءة الرد.',
      link: `/tickets/${id}`,
    });
    const [mail] = await mailJobs(t.db, { userId: owner.id, mailKind: 'ticket_answered' });
    expect(String(mail?.text)).toContain('الرد: موعد قبضك يوم 15 من الشهر القادم');
    expect(String(mail?.link)).toContain(`/tickets/${id}`);
    // The owner reads the staff's attachment.
    const fileUrl = answered.messages[1].file.url;
    expect((await call(owner.token, 'GET', fileUrl)).statusCode).toBe(200);

    const before = await counts();
    const back = await reply(owner.token, id, { message: 'شكرًا، وهل يمكن تقديمه؟' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 0, messages_count: 3, actions: ['reply', 'close'] });
    expect(back.json().data.messages[2]).toMatchObject({ from_staff: false, author: { id: owner.id } });

    // The conversation comes in one statement, its messages as JSON: it must read as the rows do,
    // oldest first, each time to the millisecond (a fraction just under a second must not round up),
    // with its author and attachment.
    await t.db.execute(sql`update ticket_messages set created_at = date_trunc('second', created_at) + interval '0.999999 s'
      where id = ${answered.messages[1].id}`);
    const stored = rowsOf<{
      id: number;
      body: string;
      from_staff: boolean;
      at: string;
      author: number | null;
      author_name: string | null;
      file_name: string | null;
      file_size: number | null;
      file_mime: string | null;
    }>(
      await t.db.execute(sql`select m.id, m.body, m.from_staff, to_json(m.created_at at time zone 'UTC')#>>'{}' as at,
          m.author_id as author, a.name as author_name, m.file_name, m.file_size, m.file_mime
        from ticket_messages m left join users a on a.id = m.author_id
        where m.ticket_id = ${id} order by m.id`),
    );
    const conversation = (await call(owner.token, 'GET', `/ticket/get/${id}`)).json().data.messages;
    expect(conversation.map((m: { body: string }) => m.body)).toEqual([
      'تظهر رسالة خطأ عند رفع الصورة',
      'موعد قبضك يوم 15 من الشهر القادم',
      'شكرًا، وهل يمكن تقديمه؟',
    ]);
    expect(conversation[1].created_at).toMatch(/\.999Z$/);
    expect(conversation).toEqual(
      stored.map((r) => ({
        id: Number(r.id),
        body: r.body,
        from_staff: r.from_staff,
        author: r.author === null ? null : { id: Number(r.author), name: r.author_name },
        created_at: new Date(`${r.at}Z`).toISOString(),
        file:
          r.file_name === null
            ? null
            : { name: r.file_name, size: Number(r.file_size), mime: r.file_mime, url: `/ticket/${id}/files/${r.id}` },
      })),
    );
    expect(conversation.map((m: { author: { name: string } }) => m.author.name)).toEqual([
      'سلمى حسين',
      'أحمد من الدعم',
      'سلمى حسين',
    ]);
    expect(conversation[1].file).toEqual({
      name: 'جدول.png',
      size: PNG_BYTES.length,
      mime: 'image/png',
      url: `/ticket/${id}/files/${conversation[1].id}`,
    });
    const after = await counts();
    // The staff member who answered hears of the reply on the bell; no e-mail goes to staff.
    expect(after?.notifications).toBe((before?.notifications ?? 0) + 1);
    expect(after?.mails).toBe(before?.mails);
    const staffBell = (await call(staff.token, 'POST', '/user/notifications', {}, 'en')).json().data;
    expect(staffBell.data[0]).toMatchObject({
      type: 'ticket_replied',
      title: 'A customer replied on a ticket you answered',
      link: `/tickets/${id}`,
    });
    expect(staffBell.data[0].message).toContain('«استفسار عن موعد القبض»');
  });

  it('refuses a reply from anyone else, or a bad one, and changes nothing', async () => {
    const owner = await account();
    const id = await openTicket(owner);
    const before = await state(id);
    const files = await storedFiles();
    const other = await account();
    expect((await reply(other.token, id, { message: 'مرحبا' }, [png()])).statusCode).toBe(404);
    // tickets.index alone reads tickets but does not answer them.
    const visitor = await account('visitor');
    expect((await reply(visitor.token, id, { message: 'مرحبا' }, [png()])).statusCode).toBe(403);
    expect((await reply(admin, 99999999, { message: 'مرحبا' })).statusCode).toBe(404);
    const empty = await reply(owner.token, id, { message: '' }, [png()], 'ar');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ field: 'message', title: 'من فضلك اكتب رسالتك' }]);
    const wrongFile = await reply(owner.token, id, { message: 'مرفق' }, [png('x.jpg')], 'ar');
    expect(wrongFile.statusCode).toBe(422);
    expect(wrongFile.json().errors).toEqual([
      { field: 'file', title: 'المرفق يجب أن يكون ملف PDF أو صورة PNG أو JPG، بحجم 512 كيلوبايت على الأكثر' },
    ]);
    expect(await state(id)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });
});

describe('closing', () => {
  it('the owner closes their own ticket; a closed ticket takes no reply (409, nothing stored) and cannot close again', async () => {
    const owner = await account();
    const id = await openTicket(owner);
    const closed = await call(owner.token, 'POST', `/ticket/close/${id}`, undefined, 'ar');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe('تم إغلاق التذكرة');
    expect(closed.json().data).toMatchObject({ status: 2, actions: [], closed_by: { id: owner.id } });
    expect(closed.json().data.closed_at).toEqual(expect.any(String));
    // Their own close tells no one.
    expect((await call(owner.token, 'POST', '/user/notifications', {}, 'ar')).json().data.unseen).toBe(0);

    const before = await state(id);
    const files = await storedFiles();
    for (const token of [owner.token, admin]) {
      const res = await reply(token, id, { message: 'هل من جديد؟' }, [png()], 'ar');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('هذه التذكرة مغلقة ولا تقبل ردودًا جديدة؛ من فضلك افتح تذكرة جديدة');
    }
    const again = await call(admin, 'POST', `/ticket/close/${id}`, {}, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This ticket is closed and takes no more replies; please open a new ticket');
    expect(await state(id)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('staff with tickets.put close anyone’s ticket; tickets.index alone may not; another customer reads 404', async () => {
    const owner = await account();
    const id = await openTicket(owner);
    const other = await account();
    expect((await call(other.token, 'POST', `/ticket/close/${id}`)).statusCode).toBe(404);
    const visitor = await account('visitor');
    expect((await call(visitor.token, 'POST', `/ticket/close/${id}`)).statusCode).toBe(403);
    expect((await state(id))?.status).toBe(0);
    const staff = await account('editor');
    const res = await call(staff.token, 'POST', `/ticket/close/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = await state(id);
    expect(row).toMatchObject({ status: 2, closed_by: staff.id });
    // The owner sees it closed, with no action left, and is told in the bell in either language.
    const seen = await call(owner.token, 'GET', `/ticket/get/${id}`);
    expect(seen.json().data).toMatchObject({ status: 2, actions: [] });
    const subject = seen.json().data.subject as string;
    const bellAr = (await call(owner.token, 'POST', '/user/notifications', {}, 'ar')).json().data;
    expect(bellAr.unseen).toBe(1);
    expect(bellAr.data[0]).toMatchObject({
      type: 'ticket_closed',
      title: 'أغلق فريق الدعم تذكرتك',
      message: `أغلق فريق الدعم تذكرتك «${subject}». إن لم تُحل المسألة فافتح تذكرة جديدة.`,
      link: `/tickets/${id}`,
    });
    const bellEn = (await call(owner.token, 'POST', '/user/notifications', {}, 'en')).json().data;
    expect(bellEn.data[0].title).toBe('The support team closed your ticket');
  });

  it('of a reply and a close racing, both land in order or the reply gets 409; never a reply on a closed ticket', async () => {
    const owner = await account();
    const id = await openTicket(owner);
    const staff = await account('editor');
    const [answer, close] = await Promise.all([
      reply(staff.token, id, { message: 'رد متزامن' }),
      call(owner.token, 'POST', `/ticket/close/${id}`),
    ]);
    expect(close.statusCode).toBe(200);
    expect([200, 409]).toContain(answer.statusCode);
    const row = await state(id);
    expect(row?.status).toBe(2);
    expect(row?.messages).toBe(answer.statusCode === 200 ? 2 : 1);
  });
});
