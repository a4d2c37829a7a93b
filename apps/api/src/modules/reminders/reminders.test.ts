import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssociation, subscribe } from '../../../test/factories/associations.js';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { type SmtpSink, smtpEnv, startSmtpSink } from '../../../test/helpers/smtp-sink.js';
import { rowsOf } from '../../db/client.js';
import { jobs } from '../../db/schema/jobs.js';
import { notifications } from '../../db/schema/notifications.js';
import { users } from '../../db/schema/users.js';
import { setClock } from '../../lib/clock.js';
import { createJobWorker } from '../../lib/jobs.js';
import { REMINDERS_JOB, remindersJobHandler } from './reminders.job.js';
import { sendDailyReminders } from './reminders.service.js';

/**
 * The daily reminders (issue 20 §5, docs/decisions/0031-reminders.md) on a real PostgreSQL database: one digest a member a day whatever their subscriptions, the late notice, the staff
 * arrears digest, the e-mail opt-out, and never twice — a rerun, a crash, two instances at once.
 * The clock is set: today is Monday 1 March 2027 in Cairo, nine in the morning; reminder_days_before
 * is 1, so the reminders are about 2 March, and the installments of 28 February became late today.
 */
const TODAY = '2027-03-01';
const NINE = `${TODAY}T09:00:00+02:00`;

type Member = { id: number; phone: string; password: string; email: string | null };

async function member(t: TestApp, options: { emailVerified?: boolean; locale?: 'ar' | 'en'; emails?: boolean } = {}) {
  const user = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: options.emailVerified ?? true });
  await t.db
    .update(users)
    .set({ locale: options.locale ?? 'ar', reminderEmails: options.emails ?? true })
    .where(eq(users.id, user.id));
  return user as Member;
}

async function holds(t: TestApp, admin: string, who: Member, associationId: number, day: number) {
  const res = await subscribe(t.app, admin, { user_id: who.id, association_id: associationId, day_number: day });
  expect(res.statusCode, res.body).toBe(201);
}

/** A message's text as a reader sees it: plain line ends, and Intl's no-break spaces as spaces. */
function plain(text: string | undefined): string {
  return (text ?? '').replace(/\r\n/g, '\n').replace(/\u00a0/g, ' ');
}

/** The lines of a message's list. */
function listed(text: string | undefined): string[] {
  return plain(text)
    .split('\n')
    .filter((line) => line.startsWith('- '));
}

async function bell(t: TestApp, userId: number) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

/** Makes the waiting reminders job due and runs it, as the worker of an instance would at nine. */
async function runTheJob(t: TestApp) {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, REMINDERS_JOB), eq(jobs.status, 'pending')));
  return t.app.jobs.flush({ kinds: [REMINDERS_JOB] });
}

describe('the daily reminders', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: string;
  // m1 holds three days in two associations and paid what was due yesterday; m2 reads English;
  // m3 turned reminder e-mails off; m4 has not activated their address.
  let m1: Member;
  let m2: Member;
  let m3: Member;
  let m4: Member;
  let staff: Member;
  let clerk: Member;
  let adminId: number;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ ...smtpEnv(smtp), APP_URL: 'https://portal.example.eg' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    setClock(NINE);
    // Day n of both associations falls on January n: 2 March is day 61, 28 February day 59.
    const a = await createAssociation(t.app, admin, { title: 'جمعية الأمل', cost: 100, from_date: '2027-01-01' });
    const b = await createAssociation(t.app, admin, { title: 'جمعية النور', cost: 50, from_date: '2027-01-01' });
    m1 = await member(t);
    m2 = await member(t, { locale: 'en' });
    m3 = await member(t, { emails: false });
    m4 = await member(t, { emailVerified: false });
    await holds(t, admin, m1, a.id, 10);
    await holds(t, admin, m1, a.id, 11);
    await holds(t, admin, m1, b.id, 20);
    await holds(t, admin, m2, a.id, 30);
    await holds(t, admin, m3, b.id, 40);
    await holds(t, admin, m4, a.id, 50);
    // m1 paid what fell due on 28 February (a receipt, as staff record it): not late today.
    const paid = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from installments where user_id = ${m1.id} and due_date = '2027-02-28'`),
    );
    const received = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/payments/receive',
      headers: bearer(admin),
      payload: { ids: paid.map((p) => Number(p.id)), method: 'cash' },
    });
    expect(received.statusCode, received.body).toBe(200);
    staff = (await createUser(t.db, { type: 'admin', roles: ['manager'], emailVerified: true })) as Member;
    await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, staff.id));
    clerk = (await createUser(t.db, { type: 'admin', permissions: ['users.index'], emailVerified: true })) as Member;
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, ADMIN.phone));
    adminId = row?.id as number;
    expect(await runTheJob(t)).toEqual({ done: 1, retried: 0, failed: 0 });
    await t.app.jobs.flush({ kinds: ['mail'] });
  }, 120_000);
  afterAll(async () => {
    setClock();
    await t?.close();
    await smtp?.close();
  });

  it('tells each member once, one digest however many subscriptions: one bell and one e-mail', async () => {
    const notes = await bell(t, m1.id);
    expect(notes.map((n) => n.type)).toEqual(['payment_due']);
    expect(notes[0]).toMatchObject({
      link: '/my/associations',
      params: { date: '2027-03-02', count: 3, total_piastres: 25_000 },
    });
    const mails = smtp.to(m1.email as string);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('تذكير بقسط مستحق يوم 2 مارس 2027 - بوابة الجمعيات');
    expect(plain(mail?.text)).toContain('نذكّرك بأن المطلوب سداده يوم 2 مارس 2027 هو');
    expect(plain(mail?.text)).toContain('250.00');
    expect(plain(mail?.text)).toContain('(عدد الأقساط: 3)');
    // The three installments, each with its association, the member's turn day there and its amount.
    const items = listed(mail?.text);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^- جمعية الأمل \(يوم دورك 10\): .*100\.00/);
    expect(items[1]).toMatch(/^- جمعية الأمل \(يوم دورك 11\): .*100\.00/);
    expect(items[2]).toMatch(/^- جمعية النور \(يوم دورك 20\): .*50\.00/);
    expect(plain(mail?.text)).toContain('طريقة الدفع: ادفع في مقر الجمعية قبل الموعد');
    expect(plain(mail?.text)).toContain('https://portal.example.eg/my/associations');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.html).toContain('<li>جمعية الأمل (يوم دورك 10)');
  });

  it('writes to a member in their language, in the bell and the e-mail, with EGP per locale', async () => {
    const [due, late] = smtp.to(m2.email as string);
    expect(due?.subject).toBe('Reminder: installment due on 2 March 2027 - Associations Portal');
    expect(plain(due?.text)).toContain('A reminder that EGP 100.00 is due on 2 March 2027 (installments: 1):');
    expect(plain(due?.text)).toContain('- جمعية الأمل (your turn day 30): EGP 100.00');
    expect(plain(due?.text)).toContain('How to pay: at the association’s office before the due date');
    expect(plain(due?.text)).toContain(
      'You can turn reminder e-mails off in your profile; the reminders stay in the bell.',
    );
    expect(late?.subject).toBe('Installment late since 28 February 2027 - Associations Portal');
    expect(plain(late?.text)).toContain(
      'The EGP 100.00 due on 28 February 2027 (installments: 1) has not been recorded as paid, so it is now late:',
    );

    const token = await loginAs(t.app, m2.phone, m2.password);
    const read = async (lang: 'ar' | 'en') =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/user/notifications',
          headers: { ...bearer(token), 'accept-language': lang },
          payload: { limit: 10 },
        })
      ).json().data.data as { type: string; title: string; message: string }[];
    const english = await read('en');
    expect(english.map((n) => n.type)).toEqual(['payment_late', 'payment_due']);
    expect({ ...english[1], message: plain(english[1]?.message) }).toMatchObject({
      title: 'Reminder: installment due on 2 March 2027',
      message:
        'Due on 2 March 2027: EGP 100.00 (installments: 1). Pay at the association’s office before then and ask for the receipt.',
    });
    expect(plain(english[0]?.message)).toBe(
      'The amount due on 28 February 2027 was not recorded as paid: EGP 100.00 (installments: 1). Please pay it at the association’s office as soon as you can.',
    );
    const arabic = await read('ar');
    expect(arabic[1]?.title).toBe('تذكير: قسط مستحق يوم 2 مارس 2027');
    expect(arabic[1]?.message).toMatch(/^المطلوب سداده يوم 2 مارس 2027: .*100\.00.* \(عدد الأقساط: 1\)\./);
  });

  it('tells a member who turned e-mails off, or has no activated address, in the bell only', async () => {
    expect((await bell(t, m3.id)).map((n) => n.type)).toEqual(['payment_due', 'payment_late']);
    expect((await bell(t, m4.id)).map((n) => n.type)).toEqual(['payment_due', 'payment_late']);
    expect(smtp.to(m3.email as string)).toEqual([]);
    expect(smtp.to(m4.email as string)).toEqual([]);
    const sent = rowsOf<{ user_id: number; kind: string; emailed: boolean }>(
      await t.db.execute(sql`select user_id, kind, emailed from reminders_sent
        where user_id in (${m1.id}, ${m3.id}, ${m4.id}) and day = ${TODAY} order by user_id, kind`),
    );
    expect(sent.map((s) => [Number(s.user_id), s.kind, s.emailed])).toEqual([
      [m1.id, 'due', true],
      [m3.id, 'due', false],
      [m3.id, 'late', false],
      [m4.id, 'due', false],
      [m4.id, 'late', false],
    ]);
  });

  it('tells the member whose installment became late today, once, and not one who paid it', async () => {
    for (const who of [m2, m3, m4]) {
      const late = (await bell(t, who.id)).filter((n) => n.type === 'payment_late');
      expect(late).toHaveLength(1);
      expect(late[0]?.params).toMatchObject({ date: '2027-02-28', count: 1 });
    }
    expect((await bell(t, m1.id)).some((n) => n.type === 'payment_late')).toBe(false);
  });

  it('gives the staff who hold payments.index the digest of new arrears: count, sum, the ten largest', async () => {
    // Due on 28 February and unpaid: m2 (100), m4 (100), m3 (50). The largest first, ties by member.
    for (const id of [staff.id, adminId]) {
      const digest = (await bell(t, id)).filter((n) => n.type === 'arrears_digest');
      expect(digest).toHaveLength(1);
      expect(digest[0]).toMatchObject({
        link: '/payments?status=late',
        params: { date: '2027-02-28', count: 3, members: 3, total_piastres: 25_000 },
      });
    }
    expect(await bell(t, clerk.id)).toEqual([]);
    expect(smtp.to(clerk.email as string)).toEqual([]);
    const [mail] = smtp.to(staff.email as string);
    expect(mail?.subject).toBe('New arrears: installments due on 28 February 2027 - Associations Portal');
    expect(plain(mail?.text)).toContain(
      'Installments due on 28 February 2027 were not recorded as paid. Installments: 3, members: 3, total: EGP 250.00.',
    );
    const lines = listed(mail?.text);
    expect(lines).toEqual([
      `- ${await nameOf(t, m2.id)} (${m2.phone}): EGP 100.00, installments: 1`,
      `- ${await nameOf(t, m4.id)} (${m4.phone}): EGP 100.00, installments: 1`,
      `- ${await nameOf(t, m3.id)} (${m3.phone}): EGP 50.00, installments: 1`,
    ]);
    expect(plain(mail?.text)).toContain('https://portal.example.eg/payments?status=late');
    const [arabic] = smtp.to('admin@example.com');
    expect(arabic?.subject).toBe('متأخرات جديدة: أقساط 28 فبراير 2027 - بوابة الجمعيات');
    expect(plain(arabic?.text)).toContain('عدد الأقساط: 3، عدد المشتركين: 3، الإجمالي:');
    const staffToken = await loginAs(t.app, staff.phone, staff.password);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/notifications',
      headers: { ...bearer(staffToken), 'accept-language': 'en' },
      payload: {},
    });
    expect(plain(read.json().data.data[0].message)).toBe(
      `Installments: 3, members: 3, total: EGP 250.00. The largest: ${await nameOf(t, m2.id)} (EGP 100.00), ${await nameOf(t, m4.id)} (EGP 100.00), ${await nameOf(t, m3.id)} (EGP 50.00)`,
    );
  });

  it('records the day’s run and queues tomorrow’s at nine, Cairo time', async () => {
    const runs = rowsOf<{ kind: string; recipients: number }>(
      await t.db.execute(sql`select kind, recipients from reminder_runs where day = ${TODAY} order by kind`),
    );
    // due: m1..m4; late: m2, m3, m4; arrears: the seeded administrator and the manager.
    expect(runs.map((r) => [r.kind, Number(r.recipients)])).toEqual([
      ['arrears', 2],
      ['due', 4],
      ['late', 3],
    ]);
    const next = rowsOf<{ day: string; hours: number }>(
      await t.db.execute(sql`select payload ->> 'day' as day, extract(epoch from run_at - now()) / 3600 as hours
        from jobs where kind = ${REMINDERS_JOB} and status = 'pending'`),
    );
    expect(next).toHaveLength(1);
    expect(next[0]?.day).toBe('2027-03-02');
    // From nine today to nine tomorrow, counted from the clock's now (the job ran at nine).
    expect(Number(next[0]?.hours)).toBeCloseTo(24, 1);
  });

  it('a rerun the same day sends nothing, even after a crash lost the record of the finished kinds', async () => {
    const count = async () =>
      rowsOf<{ notes: number; mails: number }>(
        await t.db.execute(sql`select (select count(*) from notifications)::int as notes,
          (select count(*) from jobs where kind = 'mail')::int as mails`),
      )[0];
    const before = await count();
    expect(await sendDailyReminders(t.app.systemContext('reminders.send'), TODAY)).toEqual({
      due: 0,
      late: 0,
      arrears: 0,
    });
    // As if the run had died after telling everyone but before recording the kinds finished.
    await t.db.execute(sql`delete from reminder_runs where day = ${TODAY}`);
    expect(await sendDailyReminders(t.app.systemContext('reminders.send'), TODAY)).toEqual({
      due: 0,
      late: 0,
      arrears: 0,
    });
    // A second instance starting now schedules nothing more for today or tomorrow.
    expect(await count()).toEqual(before);
    const waiting = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, REMINDERS_JOB), eq(jobs.status, 'pending')));
    expect(waiting).toHaveLength(1);
  });

  it('the next day tells them again, about that day', async () => {
    setClock('2027-03-02T09:00:00+02:00');
    try {
      const counts = await sendDailyReminders(t.app.systemContext('reminders.send'), '2027-03-02');
      expect(counts).toEqual({ due: 4, late: 4, arrears: 2 });
      const due = (await bell(t, m1.id)).filter((n) => n.type === 'payment_due');
      expect(due.map((n) => (n.params as { date: string }).date)).toEqual(['2027-03-02', '2027-03-03']);
    } finally {
      setClock(NINE);
    }
  });
});

async function nameOf(t: TestApp, id: number): Promise<string> {
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? '';
}

describe('two instances at once', () => {
  let t: TestApp;
  let admin: string;
  const members: Member[] = [];

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    setClock(NINE);
    const a = await createAssociation(t.app, admin, { cost: 20, from_date: '2027-01-01' });
    for (let i = 0; i < 12; i += 1) {
      const m = await member(t);
      members.push(m);
      await holds(t, admin, m, a.id, i + 1);
    }
  }, 120_000);
  afterAll(async () => {
    setClock();
    await t?.close();
  });

  const told = async () =>
    rowsOf<{ user_id: number; kind: string; n: number }>(
      await t.db.execute(sql`select user_id, type as kind, count(*)::int as n from notifications
        where user_id in (${sql.join(
          members.map((m) => sql`${m.id}`),
          sql`, `,
        )}) group by 1, 2`),
    );

  it('two workers flushing the one due job: it runs once, and every member hears once', async () => {
    const handler = remindersJobHandler(() => t.app.systemContext('reminders.send'));
    const worker = () =>
      createJobWorker({ db: t.db, handlers: new Map([[REMINDERS_JOB, handler]]), log: t.app.log, pollSeconds: 0 });
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.kind, REMINDERS_JOB), eq(jobs.status, 'pending')));
    const [a, b] = await Promise.all([worker().flush(), worker().flush()]);
    expect(a.done + b.done).toBe(1);
    const rows = await told();
    expect(rows.filter((r) => r.kind === 'payment_due').map((r) => Number(r.n))).toEqual(members.map(() => 1));
    expect(rows.filter((r) => r.kind === 'payment_late').map((r) => Number(r.n))).toEqual(members.map(() => 1));
  });

  it('two runs of one day at once (a lease that ran out mid-run): each person is told once, mailed once', async () => {
    const day = '2027-03-05';
    setClock(`${day}T09:00:00+02:00`);
    try {
      const [a, b] = await Promise.all([
        sendDailyReminders(t.app.systemContext('reminders.send'), day),
        sendDailyReminders(t.app.systemContext('reminders.send'), day),
      ]);
      expect(a.due + b.due).toBe(members.length);
      expect(a.late + b.late).toBe(members.length);
      expect(a.arrears + b.arrears).toBe(1);
      const sent = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from reminders_sent where day = ${day}`),
      );
      expect(Number(sent[0]?.n)).toBe(2 * members.length + 1);
      const mails = await t.db
        .select({ userId: jobs.userId, payload: jobs.payload })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, 'mail'),
            inArray(
              jobs.userId,
              members.map((m) => m.id),
            ),
            sql`${jobs.payload} ->> 'subject' like '%6 مارس 2027%'`,
          ),
        );
      expect(mails.map((m) => m.userId).sort()).toEqual(members.map((m) => m.id).sort());
    } finally {
      setClock(NINE);
    }
  });
});
