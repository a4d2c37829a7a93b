import { addDays } from '@portal/shared/clock';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { auditEntries } from '../../../test/helpers/audit.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { multipartBody } from '../../../test/helpers/multipart.js';
import { associationDays, associations, installments } from '../../db/schema/associations.js';
import { setClock } from '../../lib/clock.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
});
afterAll(async () => {
  setClock();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang: 'ar' | 'en' = 'ar') =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(admin), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

async function associationCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(associations);
  return row?.n ?? 0;
}

describe('associations', () => {
  it('creates an association with its 1,200 turn days; to_date is the server’s, never the client’s', async () => {
    const res = await call('PUT', '/api/v1/associations', {
      title: 'جمعية موظفي البريد',
      cost: '200',
      associationType: 'vip',
      fromDate: '2026-01-01',
      to_date: '1999-01-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created.started_at).toBeTruthy();
    expect(created).toMatchObject({
      title: 'جمعية موظفي البريد',
      cost: 200,
      association_type: 'vip',
      from_date: '2026-01-01',
      to_date: addDays('2026-01-01', 1200),
      // Its start date has come: running from its creation (issue 22 §4), nothing left to start.
      status: 'started',
      can_start: false,
      closed_at: null,
      numOfSubscription: 0,
      AvailableDays: 1200,
      locked: false,
    });
    expect(created.code).toBe(`A-${String(created.id).padStart(6, '0')}`);
    const days = await t.db
      .select()
      .from(associationDays)
      .where(eq(associationDays.associationId, created.id))
      .orderBy(asc(associationDays.dayNumber));
    expect(days).toHaveLength(1200);
    expect(days[0]).toMatchObject({ dayNumber: 1, date: '2026-01-01' });
    expect(days[1199]).toMatchObject({ dayNumber: 1200, date: addDays('2026-01-01', 1199) });
    const audit = await auditEntries(t.app, admin, 'associations.insert', created.id);
    // One entry: the day count the calendar's insert sets is not a change of the association.
    expect(audit).toHaveLength(1);
    expect(audit[0]?.new_value).toMatchObject({ title: 'جمعية موظفي البريد', cost_piastres: 20000 });
    expect(audit[0]?.new_value).not.toHaveProperty('days_count');
  });

  it('keeps its number of days with its days (a trigger), whoever writes them', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2027-03-01' });
    const daysCount = async () =>
      (await t.db.select({ n: associations.daysCount }).from(associations).where(eq(associations.id, a.id)))[0]?.n;
    expect(await daysCount()).toBe(1200);
    await t.db.execute(sql`delete from association_days where association_id = ${a.id} and day_number > 1197`);
    expect(await daysCount()).toBe(1197);
    // What the screens read from it: the payout and the days left to take.
    const quote = (await call('POST', '/api/v1/subscriptions/quote', { association_id: a.id, day_number: 1 })).json();
    expect(quote.data).toMatchObject({ installments: 1197, amount: 1197 * a.cost });
    expect((await call('GET', `/api/v1/associations/${a.id}`)).json().data.AvailableDays).toBe(1197);
    await t.db.execute(sql`insert into association_days (association_id, day_number, date)
      values (${a.id}, 1198, '2030-06-12'), (${a.id}, 1199, '2030-06-13')`);
    expect(await daysCount()).toBe(1199);
    // A day never moves to another association: its count would stay behind.
    const other = await createAssociation(t.app, admin, { from_date: '2027-03-01' });
    await t.db.execute(sql`delete from association_days where association_id = ${other.id} and day_number = 1`);
    const moved = await t.db
      .execute(sql`update association_days set association_id = ${other.id}
        where association_id = ${a.id} and day_number = 1`)
      .then(
        () => 'moved',
        (error: Error) => String((error.cause as Error | undefined)?.message),
      );
    expect(moved).toMatch(/cannot move to another association/);
    expect(await daysCount()).toBe(1199);
  });

  it.each([
    ['no title', { cost: 100, from_date: '2026-01-01' }, 'title'],
    ['a blank title', { title: '   ', cost: 100, from_date: '2026-01-01' }, 'title'],
    ['a cost outside the set', { title: 'س', cost: 15, from_date: '2026-01-01' }, 'cost'],
    ['a cost as a word', { title: 'س', cost: 'مائة', from_date: '2026-01-01' }, 'cost'],
    [
      'an unknown type',
      { title: 'س', cost: 100, association_type: 'gold', from_date: '2026-01-01' },
      'association_type',
    ],
    [
      'no type (SPEC §5: required, never silently normal)',
      { title: 'س', cost: 100, from_date: '2026-01-01' },
      'association_type',
    ],
    ['an empty type', { title: 'س', cost: 100, association_type: '', from_date: '2026-01-01' }, 'association_type'],
    ['no from_date', { title: 'س', cost: 100 }, 'from_date'],
    ['a from_date that is not a date', { title: 'س', cost: 100, from_date: '2026-02-30' }, 'from_date'],
  ])('refuses %s with a translated field error and creates nothing', async (_label, payload, field) => {
    const before = await associationCount();
    const res = await call('PUT', '/api/v1/associations', payload, 'en');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await associationCount()).toBe(before);
  });

  it('says a missing type in the reader’s language, on its field', async () => {
    const payload = { title: 'جمعية بلا نوع', cost: 100, from_date: '2026-01-01' };
    const ar = await call('PUT', '/api/v1/associations', payload);
    expect(ar.statusCode).toBe(422);
    expect(ar.json().errors).toContainEqual({ field: 'association_type', title: 'من فضلك اختر نوع الجمعية' });
    const en = await call('PUT', '/api/v1/associations', payload, 'en');
    expect(en.json().errors).toContainEqual({ field: 'association_type', title: 'Please choose the association type' });
  });

  it('lists with the filters of SPEC §2: title, code, type, cost range, dates, status', async () => {
    const a = await createAssociation(t.app, admin, { title: 'جمعية الأطباء', cost: 50, from_date: '2027-03-01' });
    const b = await createAssociation(t.app, admin, { title: 'جمعية المهندسين', cost: 10, from_date: '2027-06-01' });
    const ids = async (body: object) =>
      (
        (await call('POST', '/api/v1/associations', { perPage: 100, ...body })).json().data.data as { id: number }[]
      ).map((r) => r.id);
    expect(await ids({ title: 'الأطباء' })).toEqual([a.id]);
    expect(await ids({ code: a.code })).toEqual([a.id]);
    expect(await ids({ code: 'no-such-code' })).toEqual([]);
    expect(await ids({ cost_min: 10, cost_max: 10 })).toContain(b.id);
    expect(await ids({ cost_min: 10, cost_max: 10 })).not.toContain(a.id);
    expect(await ids({ from_date: '2027-05-01' })).toContain(b.id);
    expect(await ids({ from_date: '2027-05-01' })).not.toContain(a.id);
    expect(await ids({ association_type: 'vip', title: 'الأطباء' })).toEqual([]);
    const byCost = (
      await call('POST', '/api/v1/associations', { sortBy: 'cost', sortOrder: 'asc', perPage: 100 })
    ).json().data.data as { cost: number }[];
    expect(byCost.map((r) => r.cost)).toEqual([...byCost.map((r) => r.cost)].sort((x, y) => x - y));
  });

  it('edits the title always, and cost, type and start date only while nobody subscribed', async () => {
    const a = await createAssociation(t.app, admin, { cost: 20, from_date: '2027-01-01' });
    const moved = await call('PUT', `/api/v1/associations/${a.id}`, {
      title: 'اسم جديد',
      cost: 20,
      association_type: 'normal',
      from_date: '2027-02-01',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      title: 'اسم جديد',
      from_date: '2027-02-01',
      to_date: addDays('2027-02-01', 1200),
    });
    const [day] = await t.db
      .select()
      .from(associationDays)
      .where(and(eq(associationDays.associationId, a.id), eq(associationDays.dayNumber, 10)));
    expect(day?.date).toBe('2027-02-10');
    const member = await createUser(t.db, { type: 'user' });
    expect(
      (await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 5 })).statusCode,
    ).toBe(201);
    const locked = await call(
      'PUT',
      `/api/v1/associations/${a.id}`,
      { title: 'اسم جديد', cost: 50, association_type: 'normal', from_date: '2027-02-01' },
      'en',
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('associations.errors.locked');
    const renamed = await call('PUT', `/api/v1/associations/${a.id}`, {
      title: 'اسم ثالث',
      cost: 20,
      association_type: 'normal',
      from_date: '2027-02-01',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      title: 'اسم ثالث',
      locked: true,
      numOfSubscription: 1,
      AvailableDays: 1199,
    });
    expect(
      (
        await call('PUT', '/api/v1/associations/999999', {
          title: 'x',
          cost: 20,
          association_type: 'normal',
          from_date: '2027-02-01',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('force-starts once; an association that has started, or has members, is never deleted', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const started = await call('POST', '/api/v1/associations/status', { association_id: a.id, status: 'started' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.status).toBe('started');
    expect(started.json().data.started_at).toBeTruthy();
    expect(
      (await call('POST', '/api/v1/associations/status', { association_id: a.id, status: 'started' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/v1/associations/status', { association_id: 999999, status: 'started' })).statusCode,
    ).toBe(404);
    const refused = await call('DELETE', `/api/v1/associations/${a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('لا يمكن حذف جمعية بدأت بالفعل');

    const b = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const member = await createUser(t.db, { type: 'user' });
    await subscribe(t.app, admin, { user_id: member.id, association_id: b.id, day_number: 1 });
    expect((await call('DELETE', `/api/v1/associations/${b.id}`)).statusCode).toBe(409);

    const c = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const gone = await call('DELETE', `/api/v1/associations/${c.id}`);
    expect(gone.statusCode).toBe(200);
    expect(await t.db.select().from(associationDays).where(eq(associationDays.associationId, c.id))).toEqual([]);
    const [audit] = await auditEntries(t.app, admin, 'associations.delete', c.id);
    expect(audit?.old_value).toMatchObject({ id: c.id });
  });

  it('shows the calendar: every day, its date and who holds it; available days on their own', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const member = await createUser(t.db, { type: 'user', name: 'هدى سمير' });
    await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 2 });
    const page = (await call('POST', `/api/v1/associations/${a.id}/days`, { perPage: 5 })).json().data;
    expect(page.total).toBe(1200);
    expect(page.data[0]).toEqual({ day_number: 1, date: '2027-01-01', subscription_id: null, user: null });
    expect(page.data[1]).toMatchObject({ day_number: 2, user: { id: member.id, name: 'هدى سمير' } });
    const available = (await call('POST', `/api/v1/associations/${a.id}/days`, { perPage: 5, available: true })).json()
      .data;
    expect(available.total).toBe(1199);
    expect(available.data.map((d: { day_number: number }) => d.day_number)).toEqual([1, 3, 4, 5, 6]);
  });
});

describe('importing turn days', () => {
  const csv = (lines: string[]) => Buffer.from(`\uFEFFday_number,date\n${lines.join('\n')}\n`);
  const upload = (associationId: number, bytes: Buffer, filename: string, apply: boolean, lang: 'ar' | 'en' = 'en') => {
    const body = multipartBody([{ field: 'file', filename, contentType: 'text/csv', bytes }], {
      association_id: String(associationId),
      apply: String(apply),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/associations/days/import',
      headers: { ...bearer(admin), ...body.headers, 'accept-language': lang },
      payload: body.payload,
    });
  };
  const datesOf = async (id: number) =>
    (
      await t.db
        .select()
        .from(associationDays)
        .where(eq(associationDays.associationId, id))
        .orderBy(asc(associationDays.dayNumber))
    ).map((d) => d.date);

  it('names every bad row and changes nothing; the fixed file previews, then applies, moving pending installments', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const member = await createUser(t.db, { type: 'user' });
    await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 3 });
    const before = await datesOf(a.id);
    const bad = await upload(
      a.id,
      csv([
        '1,2027-01-01', // fine (unchanged)
        '2,2031-01-01', // after to_date
        '1,2027-01-05', // repeated number
        '3,2027-01-09', // held by the member
        '5000,2027-01-09', // not a day
        '6,2027-13-40', // not a date
        'x,2027-01-09', // unreadable number
      ]),
      'days.csv',
      true,
    );
    expect(bad.statusCode, bad.body).toBe(422);
    const titles = bad.json().errors.map((e: { title: string }) => e.title);
    expect(titles).toEqual([
      expect.stringMatching(/^Line 3: the date is outside/),
      'Line 4: the day number appears twice in the file',
      'Line 5: a member holds this day; its date cannot change',
      'Line 6: the day number is not a day of the association',
      'Line 7: the date is not valid',
      'Line 8: the day number is not valid',
    ]);
    expect(await datesOf(a.id)).toEqual(before);

    // The last two days move one day later (to_date is free): still one date a day, in day order.
    const good = csv(['1199,2030-04-14', '1200,2030-04-15', `3,${before[2]}`]);
    const preview = await upload(a.id, good, 'days.csv', false);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({ rows: 3, changed: 2, applied: false });
    expect(await datesOf(a.id)).toEqual(before);
    const applied = await upload(a.id, good, 'days.csv', true);
    expect(applied.json().data).toEqual({ rows: 3, changed: 2, applied: true });
    const after = await datesOf(a.id);
    expect(after.slice(1197)).toEqual(['2030-04-12', '2030-04-14', '2030-04-15']);
    expect(after[2]).toBe(before[2]);
    const [due] = await t.db
      .select({ due: installments.dueDate })
      .from(installments)
      .where(and(eq(installments.associationId, a.id), eq(installments.dayNumber, 1199)));
    expect(due?.due).toBe('2030-04-14');
    const [audit] = await auditEntries(t.app, admin, 'associations.update', a.id);
    expect(audit?.new_value?.days_version).toBe(2);
  });

  it('refuses two days on one date, dates out of day order and owed days moved into the past, naming each row', async () => {
    // Today (Cairo) is 2027-01-10; day n is on January n. A member holds day 50, so every other day
    // has an installment of theirs still owed.
    setClock('2027-01-10T10:00:00+02:00');
    const a = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const member = await createUser(t.db, { type: 'user' });
    await subscribe(t.app, admin, { user_id: member.id, association_id: a.id, day_number: 50 });
    const empty = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const before = await datesOf(a.id);
    const file = csv([
      '20,2027-01-21', // day 21's date, which the file does not change: two days on one date
      '40,2027-01-45', // not a date: that reason only
      '60,2030-04-15', // to_date, free, but after day 61's date (2 March): out of order
      '41,2027-03-01', // day 60's old date, freed by the line above, but after day 42's: out of order
      '45,2027-02-10', // day 41's old date, freed, but before day 44's: out of order
      '12,2027-01-05', // owed, moved into the past (and onto day 5's date: the owed reason is the one named)
      '3,2027-01-03', // unchanged: fine
    ]);
    for (const apply of [false, true]) {
      const res = await upload(a.id, file, 'days.csv', apply);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.map((e: { field: string; title: string }) => [e.field, e.title])).toEqual([
        ['row.2.date', 'Line 2: 2027-01-21 is also the date of day 21; two days cannot share a date'],
        ['row.3.date', 'Line 3: the date is not valid'],
        ['row.4.date', 'Line 4: the date must come before that of day 61 (2027-03-02)'],
        ['row.5.date', 'Line 5: the date must come before that of day 42 (2027-02-11)'],
        ['row.6.date', 'Line 6: the date must come after that of day 44 (2027-02-13)'],
        [
          'row.7.date',
          'Line 7: this day still has unpaid installments, so it cannot move to a date that has passed (2027-01-05)',
        ],
      ]);
    }
    expect(await datesOf(a.id)).toEqual(before);
    const arabic = await upload(a.id, csv(['12,2027-01-05', '20,2027-01-21']), 'days.csv', false, 'ar');
    expect(arabic.json().errors.map((e: { title: string }) => e.title)).toEqual([
      'السطر 2: لهذا اليوم أقساط لم تُدفع بعد، فلا يمكن نقله إلى تاريخ مضى (2027-01-05)',
      'السطر 3: التاريخ 2027-01-21 هو تاريخ اليوم رقم 21 أيضًا، ولا يكون يومان في تاريخ واحد',
    ]);
    // Swapping two days' dates puts them out of order; on a day nobody owes anything, a past date is
    // refused only for what it collides with.
    const swap = await upload(empty.id, csv(['5,2027-01-06', '6,2027-01-05']), 'days.csv', true);
    expect(swap.json().errors.map((e: { title: string }) => e.title)).toEqual([
      'Line 2: the date must come before that of day 6 (2027-01-05)',
      'Line 3: the date must come after that of day 5 (2027-01-06)',
    ]);
    const unowed = await upload(empty.id, csv(['12,2027-01-05']), 'days.csv', true);
    expect(unowed.json().errors.map((e: { title: string }) => e.title)).toEqual([
      'Line 2: 2027-01-05 is also the date of day 5; two days cannot share a date',
    ]);
    expect(await datesOf(empty.id)).toEqual(before);
  });

  it('reads XLSX too (with real date cells)', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('days');
    sheet.addRow(['day_number', 'date']);
    sheet.addRow([1199, new Date(Date.UTC(2030, 3, 14))]);
    sheet.addRow([1200, '2030-04-15']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(a.id, bytes, 'days.xlsx', true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ rows: 2, changed: 2, applied: true });
    expect((await datesOf(a.id)).slice(1198)).toEqual(['2030-04-14', '2030-04-15']);
  });

  it('refuses a file that is not CSV or XLSX, an empty one, and one too large', async () => {
    const a = await createAssociation(t.app, admin, { from_date: '2027-01-01' });
    const notTable = await upload(a.id, Buffer.from('%PDF-1.4 not a table'), 'days.pdf', true);
    expect(notTable.statusCode).toBe(422);
    expect(notTable.json().errors[0]).toEqual({ field: 'file', title: 'Please upload a CSV or XLSX file' });
    const empty = await upload(a.id, Buffer.from('day_number,date\n'), 'days.csv', true);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].title).toBe('The file is empty');
    const big = await upload(a.id, Buffer.alloc(3 * 1024 * 1024, 0x31), 'days.csv', true);
    expect(big.statusCode).toBe(413);
    expect((await upload(999999, csv(['1,2027-01-01']), 'days.csv', true)).statusCode).toBe(404);
  });
});
