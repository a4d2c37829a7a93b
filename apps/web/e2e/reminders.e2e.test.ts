import { mkdirSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../api/src/db/schema/jobs';
import { users } from '../../api/src/db/schema/users';
import { setClock } from '../../api/src/lib/clock';
import { REMINDERS_JOB } from '../../api/src/modules/reminders/reminders.job';
import { type Caller, callerFor, must } from './helpers/api-calls';
import { animationsDone, seriousViolations } from './helpers/axe';
import { launchBrowser, loginThroughForm, newPage, presetStorage, type Viewport } from './helpers/browser';
import { type CapturedMail, readOutbox } from './helpers/mail';
import { createAssociation, createMember, type Member } from './helpers/members';
import { type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 300_000;

/**
 * Issue 20 §5 end to end (docs/decisions/0031-reminders.md): the daily reminders reach a member in
 * the bell and by e-mail, in the member's language, and a member who turns reminder e-mails off in
 * the profile keeps the bell but gets no more mail. "Today" for the server (its clock module: the
 * API runs in this process) and the browser (Playwright's clock) is Monday 12 April 2027, 09:05 in
 * Cairo, just after the job's hour. The associations started on 2 April with an installment every
 * day and nobody has paid: what falls due tomorrow (13 April) is reminded (reminder_days_before is 1
 * by default) and what fell due yesterday (11 April) became late today.
 */
const DAY_ONE = '2027-04-12T07:05:00Z';
const DAY_TWO = '2027-04-13T07:05:00Z';
const FROM = '2027-04-02';

/**
 * Pictures written to SHOTS_DIR when it is set: the bell in both languages on a desk and a phone, the
 * profile's switch (Arabic phone, English desk) and the profile once it is saved.
 */
const SHOTS = process.env.SHOTS_DIR;

const ARABIC: Member = {
  name: 'سعاد محمود',
  email: 'souad.reminders@example.com',
  phone: '01055550001',
  password: 'Souad@2027',
};
const ENGLISH: Member = {
  name: 'Omar Hany',
  email: 'omar.reminders@example.com',
  phone: '01055550002',
  password: 'Omar@2027',
};

/**
 * A text as a person reads it: the direction marks and isolates that money and dates carry dropped,
 * every run of spaces (no-break ones too) one space.
 */
function readable(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/[\u2068\u2069\u200f\u200e\u061c]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const panel = (page: Page) => page.getByTestId('notifications-panel');
/** The bell's entry whose title is `title`. */
const entry = (page: Page, title: string) =>
  panel(page)
    .locator('.notification-item')
    .filter({ has: page.locator('.notification-title', { hasText: title }) });

describe('installment reminders in the browser: the bell, the e-mail, and turning the e-mails off', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  const ids = new Map<string, number>();

  /**
   * The waiting reminders run made due and run, as an instance's worker does at nine (the portal's
   * worker does not poll: JOBS_POLL_SECONDS 0), then the mail it queued delivered to the outbox.
   */
  async function runTheJob() {
    await portal.app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.kind, REMINDERS_JOB), eq(jobs.status, 'pending')));
    expect(await portal.app.jobs.flush({ kinds: [REMINDERS_JOB] })).toEqual({ done: 1, retried: 0, failed: 0 });
    await portal.app.jobs.flush({ kinds: ['mail'] });
  }

  const mailTo = async (who: Member): Promise<CapturedMail[]> =>
    (await readOutbox(portal.dataDir)).filter((m) => m.to.includes(who.email));

  /** A member's own page, signed in through the form, in `lang`, on the day the server's clock shows. */
  async function signIn(
    who: Member,
    lang: 'ar' | 'en',
    viewport: Viewport,
    now: string,
  ): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const opened = await newPage(browser, portal.url, viewport);
    opened.page.setDefaultTimeout(60_000);
    await opened.context.clock.setFixedTime(new Date(now));
    await presetStorage(opened.context, lang);
    // What the console reports as an error counts too (a failed request, a React warning in production).
    opened.page.on('console', (message) => {
      if (message.type() === 'error') opened.errors.push(`console: ${message.text()}`);
    });
    await loginThroughForm(opened.page, who.phone, who.password);
    return opened;
  }

  /**
   * Opens the bell once its count says `label`, waits for the panel's list, and sees the panel whole
   * once its opening animation settles: inside the width the page paints, which leaves out the
   * scrollbar's room kept at the window's edge (styles.css, scrollbar-gutter) — a panel pushed
   * against the edge had its delete buttons cut. `minWidth`: the phone's full-width sheet.
   */
  async function openBell(page: Page, label: string, minWidth = 0) {
    await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 60_000 }).toBe(label);
    await bell(page).click();
    await panel(page).locator('.notification-item').first().waitFor();
    // Open: antd's opening motion (its -enter / -appear classes) is over.
    await page.waitForFunction(() => {
      const root = document.querySelector('.notification-popover');
      return root !== null && !/-(enter|appear)\b/.test(root.className);
    });
    await animationsDone(page);
    const { sheet, painted } = await page.evaluate(() => {
      const box = (element: Element | null) => {
        const rect = element?.getBoundingClientRect();
        return { left: rect?.left ?? Number.NaN, right: rect?.right ?? Number.NaN, width: rect?.width ?? 0 };
      };
      return {
        sheet: box(document.querySelector('.notification-popover .ant-popover-container')),
        painted: box(document.documentElement),
      };
    });
    expect(sheet.left).toBeGreaterThanOrEqual(painted.left - 0.5);
    expect(sheet.right).toBeLessThanOrEqual(painted.right + 0.5);
    expect(sheet.width).toBeGreaterThanOrEqual(minWidth);
  }

  /** A picture of the screen once its animations (the panel opening, the switch moving) are over. */
  const shoot = async (page: Page, name: string, fullPage = false) => {
    if (!SHOTS) return;
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
  };

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    setClock(DAY_ONE);
    // Started at 09:05: the start-up queues today's run (five minutes on), which runTheJob makes due.
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    const plenty = await createAssociation(admin, { title: 'جمعية الخير', cost: 100, from_date: FROM });
    const light = await createAssociation(admin, { title: 'جمعية النور', cost: 200, from_date: FROM });
    for (const [who, locale, association, day] of [
      [ARABIC, 'ar', plenty, 30],
      [ENGLISH, 'en', light, 40],
    ] as const) {
      const id = await createMember(portal, admin, who);
      ids.set(who.email, id);
      // The language the server writes to the member in (mail and bell), as the member chose it.
      await portal.app.db.update(users).set({ locale }).where(eq(users.id, id));
      // Subscribed today on a day still ahead: the ten installments from 2 to 11 April are owed at once.
      await must(admin, 'PUT', '/subscriptions', { user_id: id, association_id: association, day_number: day });
    }
    await runTheJob();
  }, SLOW);

  afterAll(async () => {
    setClock(undefined);
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'in Arabic on a phone: the bell has the reminder with the amount and the date and the late notice, and leads to the associations; the e-mail is in Arabic',
    async () => {
      const { page, context, errors } = await signIn(ARABIC, 'ar', 'phone', DAY_ONE);
      await openBell(page, 'الإشعارات، غير المقروءة: 2', 380);

      const due = entry(page, 'تذكير: قسط مستحق يوم 13 أبريل 2027');
      expect(readable(await due.locator('.notification-message').textContent())).toBe(
        'المطلوب سداده يوم 13 أبريل 2027: 100.00 ج.م. (عدد الأقساط: 1). ادفع في مقر الجمعية قبل الموعد واطلب إيصال الدفع.',
      );
      const late = entry(page, 'قسط متأخر');
      expect(readable(await late.locator('.notification-message').textContent())).toBe(
        'لم يُسجَّل سداد المطلوب يوم 11 أبريل 2027: 100.00 ج.م. (عدد الأقساط: 1). من فضلك ادفعه في أقرب وقت في مقر الجمعية.',
      );
      expect(await panel(page).locator('.notification-item').count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'bell-ar-phone');

      // The reminder leads to the member's associations, where the day is, and is seen.
      const seen = page.waitForResponse((r) => r.url().includes('/api/v1/user/notifications/see/'));
      await due.locator('.notification-open').click();
      expect((await seen).status()).toBe(200);
      await page.waitForURL('**/my/associations');
      await page.getByRole('article', { name: 'جمعية الخير' }).getByText('اليوم 30 — ', { exact: false }).waitFor();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('الإشعارات، غير المقروءة: 1');

      // The e-mails: one reminder and one late notice, in Arabic, with the amount and the dates.
      const mails = await mailTo(ARABIC);
      expect(mails.map((m) => m.subject)).toEqual([
        'تذكير بقسط مستحق يوم 13 أبريل 2027 - بوابة الجمعيات',
        'قسط متأخر منذ 11 أبريل 2027 - بوابة الجمعيات',
      ]);
      const [dueMail, lateMail] = mails.map((m) => readable(m.text));
      expect(dueMail).toContain('نذكّرك بأن المطلوب سداده يوم 13 أبريل 2027 هو 100.00 ج.م. (عدد الأقساط: 1):');
      expect(dueMail).toContain('- جمعية الخير (يوم دورك 30): 100.00 ج.م.');
      expect(dueMail).toContain('طريقة الدفع: ادفع في مقر الجمعية قبل الموعد');
      expect(mails[0]?.links).toContain(`${portal.url}/my/associations`);
      expect(lateMail).toContain('لم يُسجَّل بعدُ سداد المطلوب يوم 11 أبريل 2027، وقدره 100.00 ج.م. (عدد الأقساط: 1)');

      // The switch that would stop the e-mails is in the profile's form, on, with what it does.
      await page.getByTestId('profile-menu').click();
      await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'الملف الشخصي' }).click();
      const id = ids.get(ARABIC.email) ?? 0;
      await page.waitForURL(`**/users/${id}`);
      await page.getByRole('link', { name: 'تعديل البيانات' }).click();
      await page.waitForURL(`**/users/${id}/edit`);
      const emails = page.getByRole('switch', { name: 'رسائل التذكير بالبريد الإلكتروني' });
      expect(await emails.getAttribute('aria-checked')).toBe('true');
      await page.getByText('تصل تذكيرات الأقساط إلى الجرس دائمًا؛ أوقف هذا الخيار لإيقاف رسائل البريد وحدها.').waitFor();
      await emails.scrollIntoViewIfNeeded();
      await shoot(page, 'profile-switch-ar-phone');

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'in English on a desk: the same in English, then the member turns reminder e-mails off in the profile',
    async () => {
      const { page, context, errors } = await signIn(ENGLISH, 'en', 'desktop', DAY_ONE);
      await openBell(page, 'Notifications, unread: 2');

      const due = entry(page, 'Reminder: installment due on 13 April 2027');
      expect(readable(await due.locator('.notification-message').textContent())).toBe(
        'Due on 13 April 2027: EGP 200.00 (installments: 1). Pay at the association’s office before then and ask for the receipt.',
      );
      const late = entry(page, 'An installment is late');
      expect(readable(await late.locator('.notification-message').textContent())).toBe(
        'The amount due on 11 April 2027 was not recorded as paid: EGP 200.00 (installments: 1). Please pay it at the association’s office as soon as you can.',
      );
      expect(await panel(page).locator('.notification-item').count()).toBe(2);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'bell-en-desktop');

      await due.locator('.notification-open').click();
      await page.waitForURL('**/my/associations');
      await page.getByRole('article', { name: 'جمعية النور' }).getByText('Day 40 — ', { exact: false }).waitFor();

      const mails = await mailTo(ENGLISH);
      expect(mails.map((m) => m.subject)).toEqual([
        'Reminder: installment due on 13 April 2027 - Associations Portal',
        'Installment late since 11 April 2027 - Associations Portal',
      ]);
      expect(readable(mails[0]?.text)).toContain(
        'A reminder that EGP 200.00 is due on 13 April 2027 (installments: 1): - جمعية النور (your turn day 40): EGP 200.00',
      );
      expect(readable(mails[1]?.text)).toContain(
        'The EGP 200.00 due on 11 April 2027 (installments: 1) has not been recorded as paid, so it is now late:',
      );

      // The profile, from the header's menu; its edit form has the switch, on by default.
      await page.getByTestId('profile-menu').click();
      await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Profile' }).click();
      const id = ids.get(ENGLISH.email) ?? 0;
      await page.waitForURL(`**/users/${id}`);
      await page.getByRole('link', { name: 'Edit details' }).click();
      await page.waitForURL(`**/users/${id}/edit`);
      const emails = page.getByRole('switch', { name: 'Reminder e-mails' });
      await emails.waitFor();
      expect(await emails.getAttribute('aria-checked')).toBe('true');
      await page
        .getByText('Installment reminders always reach the bell; turn this off to stop only the e-mails.')
        .waitFor();
      await emails.click();
      await expect.poll(() => emails.getAttribute('aria-checked')).toBe('false');
      await shoot(page, 'profile-switch-en-desktop');
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/users/${id}`),
      );
      await page.getByTestId('user-form-submit').click();
      const answer = await saved;
      expect(answer.status(), await answer.text()).toBe(200);
      await page.getByText('Done', { exact: true }).waitFor();
      await page.waitForURL(`**/users/${id}`);
      // The profile says it too.
      const said = page
        .getByTestId('user-profile')
        .locator('.ant-descriptions-item')
        .filter({ hasText: 'Reminders by e-mail' });
      await said.getByText('No', { exact: true }).waitFor();
      await shoot(page, 'profile-after-en-desktop', true);

      // What the server keeps: off, as the member's own profile reads it.
      const member = await callerFor(portal, ENGLISH.phone, ENGLISH.password);
      const me = await must<{ reminder_emails: boolean }>(member.call, 'GET', `/users/${id}`);
      expect(me.reminder_emails).toBe(false);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'the next morning: both are reminded in the bell; only the one who kept the e-mails gets mail',
    async () => {
      const before = { ar: (await mailTo(ARABIC)).length, en: (await mailTo(ENGLISH)).length };
      setClock(DAY_TWO);
      await runTheJob();

      // The English member, on a phone this time: two new in the bell (one of yesterday's was
      // opened), and no new e-mail.
      const english = await signIn(ENGLISH, 'en', 'phone', DAY_TWO);
      await openBell(english.page, 'Notifications, unread: 3', 380);
      const due = entry(english.page, 'Reminder: installment due on 14 April 2027');
      expect(readable(await due.locator('.notification-message').textContent())).toContain(
        'Due on 14 April 2027: EGP 200.00 (installments: 1).',
      );
      await entry(english.page, 'An installment is late')
        .locator('.notification-message', { hasText: '12 April 2027' })
        .waitFor();
      expect(await seriousViolations(english.page)).toEqual([]);
      await shoot(english.page, 'bell-en-phone-next-day');
      expect((await mailTo(ENGLISH)).length).toBe(before.en);
      expect(english.errors).toEqual([]);
      await english.context.close();

      // The Arabic member, on a desk: the bell and both e-mails.
      const arabic = await signIn(ARABIC, 'ar', 'desktop', DAY_TWO);
      await openBell(arabic.page, 'الإشعارات، غير المقروءة: 3');
      expect(
        readable(
          await entry(arabic.page, 'تذكير: قسط مستحق يوم 14 أبريل 2027').locator('.notification-message').textContent(),
        ),
      ).toContain('المطلوب سداده يوم 14 أبريل 2027: 100.00 ج.م. (عدد الأقساط: 1).');
      await entry(arabic.page, 'قسط متأخر').locator('.notification-message', { hasText: '12 أبريل 2027' }).waitFor();
      expect(await seriousViolations(arabic.page)).toEqual([]);
      await shoot(arabic.page, 'bell-ar-desktop-next-day');
      expect(arabic.errors).toEqual([]);
      await arabic.context.close();
      const mails = (await mailTo(ARABIC)).slice(before.ar);
      expect(mails.map((m) => m.subject)).toEqual([
        'تذكير بقسط مستحق يوم 14 أبريل 2027 - بوابة الجمعيات',
        'قسط متأخر منذ 12 أبريل 2027 - بوابة الجمعيات',
      ]);
    },
    SLOW,
  );
});
