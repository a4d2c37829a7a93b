import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, cairoDayFromToday, callerFor } from './helpers/api-calls';
import { chooseOption, launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { createAssociation, createMember } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 300_000;

const MEMBER = { name: 'منى حسن', email: 'mona.member@example.com', phone: '01044445555', password: 'Mona@2026' };
const TITLE = 'جمعية موظفي الشركة';
/** The association began 10 days ago: days 1–10 are past (owed at once), 11 on are free. */
const STARTED_DAYS_AGO = 10;
const JOIN_DAY = 20;
const MOVE_DAY = 30;

/**
 * Waits for the answer to an API call the next action makes, and checks it succeeded.
 * Start it before the click: `const joined = answered(page, 'POST', '/me/subscriptions')`.
 */
async function answered(page: Page, method: string, path: string | RegExp): Promise<unknown> {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method) return false;
    const url = new URL(r.url()).pathname.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? url === path : path.test(url);
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data;
}

/** Picks a day in the dialog's day picker by typing its number, as a person would on a phone. */
async function pickDay(page: Page, dialog: ReturnType<Page['getByRole']>, day: number) {
  await chooseOption(page, dialog.getByRole('combobox'), String(day), new RegExp(`^اليوم ${day} — `));
}

describe("a customer's associations in the browser", () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    await createMember(portal, admin, MEMBER);
    await createAssociation(admin, { title: TITLE, cost: 100, from_date: cairoDayFromToday(-STARTED_DAYS_AGO) });
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'joins on a phone in Arabic, reads the statement, asks to move the turn; staff approve on a desk in English; the customer sees the new day and the notification',
    async () => {
      // ---- The customer, on a 390 × 844 phone, in Arabic (the default).
      const customer = await newPage(browser, portal.url, 'phone');
      const page = customer.page;
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, MEMBER.phone, MEMBER.password);
      // Their own home, not the back office.
      await page.getByRole('heading', { name: `أهلًا، ${MEMBER.name}` }).waitFor();
      await page.getByText('لم تشترك في أي جمعية بعد').waitFor();
      await page.getByRole('navigation', { name: 'اختصارات' }).getByRole('link', { name: 'الاشتراك في جمعية' }).click();
      await page.waitForURL('**/my/associations/open');

      // Join: the open association, a free day, what it means, confirm.
      await page.getByRole('button', { name: `اشترك في ${TITLE}` }).click();
      const joinDialog = page.getByRole('dialog', { name: `الاشتراك في ${TITLE}` });
      await joinDialog.waitFor();
      const quoted = answered(page, 'POST', '/me/subscriptions/quote');
      await pickDay(page, joinDialog, JOIN_DAY);
      await quoted;
      // Days 1–10 are past: their installments are owed at once.
      await joinDialog.getByText(`عدد الأقساط: ${STARTED_DAYS_AGO}،`, { exact: false }).waitFor();
      const joined = answered(page, 'POST', '/me/subscriptions');
      await joinDialog.getByRole('button', { name: 'تأكيد الاشتراك' }).click();
      const subscription = (await joined) as { id: number };
      await page.getByText(`تم اشتراكك في الجمعية، ويوم دورك ${JOIN_DAY}`).waitFor();
      await page.waitForURL('**/my/associations');
      const card = page.getByRole('article', { name: TITLE });
      await card.getByText(`اليوم ${JOIN_DAY} — `, { exact: false }).waitFor();
      expect(await card.getByTestId(`subscription-${subscription.id}-late`).textContent()).toBe(
        String(STARTED_DAYS_AGO),
      );

      // The statement: totals and a page of the installments; the print view sums them by month.
      await card.getByRole('link', { name: 'كشف الحساب' }).click();
      await page.waitForURL(`**/my/subscriptions/${subscription.id}/statement`);
      await page.getByRole('heading', { name: `كشف حساب: ${TITLE}` }).waitFor();
      await page.getByText(`عدد الأقساط: ${STARTED_DAYS_AGO}`, { exact: true }).waitFor();
      await page.getByRole('list', { name: 'أقساط الاشتراك' }).getByRole('listitem').first().waitFor();
      expect(await page.getByRole('list', { name: 'أقساط الاشتراك' }).getByRole('listitem').count()).toBe(10);
      await page.getByRole('button', { name: 'عرض للطباعة' }).click();
      // 1,200 daily installments print one line a month, about 40 (issue 22 item 13), with the total.
      const months = page.getByRole('table', { name: 'الأقساط حسب الشهر' });
      await months.waitFor();
      const lines = await months.locator('tbody tr').count();
      expect(lines).toBeGreaterThanOrEqual(39);
      expect(lines).toBeLessThanOrEqual(41);
      expect(await months.locator('tfoot').textContent()).toContain('1,200');
      await page.getByRole('button', { name: 'العودة إلى الكشف' }).click();
      await page.getByRole('list', { name: 'أقساط الاشتراك' }).waitFor();

      // Ask to move the turn to another free day.
      await page.goto('/my/associations');
      await card.getByRole('button', { name: `طلب تغيير الدور في ${TITLE}` }).click();
      const moveDialog = page.getByRole('dialog', { name: 'طلب تغيير الدور' });
      await moveDialog.waitFor();
      await pickDay(page, moveDialog, MOVE_DAY);
      const asked = answered(page, 'POST', '/me/turn-moves');
      await moveDialog.getByRole('button', { name: 'إرسال الطلب' }).click();
      const request = (await asked) as { id: number };
      await page.getByText('تم إرسال طلب تغيير الدور').waitFor();
      await card.getByText('طلب تغيير الدور قيد المراجعة').waitFor();
      await card.getByRole('button', { name: `إلغاء الطلب: النقل إلى اليوم ${MOVE_DAY}` }).waitFor();
      expect(await card.getByRole('button', { name: `طلب تغيير الدور في ${TITLE}` }).count()).toBe(0);

      // ---- Staff approve it, on a desk, in English.
      const staff = await newPage(browser, portal.url, 'desktop');
      staff.page.setDefaultTimeout(60_000);
      await staff.context.addInitScript(() => window.localStorage.setItem('lang', 'en'));
      await loginThroughForm(staff.page, ADMIN.phone, ADMIN.password);
      await staff.page.goto('/move-turn/requests');
      const row = staff.page.getByRole('row').filter({ hasText: MEMBER.name });
      await row.getByRole('button', { name: `Approve the request of ${MEMBER.name}` }).click();
      const decision = staff.page.getByRole('dialog', { name: 'Approve this turn move?' });
      await decision.waitFor();
      const approved = answered(staff.page, 'POST', `/associations/change-turn/${request.id}`);
      await decision.getByRole('button', { name: 'Yes, move the turn' }).click();
      await approved;
      await staff.page.getByText('The turn was moved').first().waitFor();
      expect(staff.errors).toEqual([]);
      await staff.context.close();

      // ---- The customer sees the new day, the request decided, and the notification in the bell.
      await page.goto('/my/associations');
      await card.getByText(`اليوم ${MOVE_DAY} — `, { exact: false }).waitFor();
      expect(await card.getByText('طلب تغيير الدور قيد المراجعة').count()).toBe(0);
      // The request, decided, in the customer's list.
      await page.goto('/my/turn-moves');
      await page.getByText('تم النقل', { exact: true }).first().waitFor();
      // The bell: one unread, saying which days; it opens the member's associations.
      await page.getByRole('button', { name: 'الإشعارات، غير المقروءة: 1' }).click();
      const told = page.getByRole('button', { name: /^تم نقل دورك/ });
      await told.waitFor();
      expect(await told.textContent()).toContain(`من اليوم ${JOIN_DAY} إلى اليوم ${MOVE_DAY}`);
      await told.click();
      await page.waitForURL('**/my/associations');
      expect(customer.errors).toEqual([]);
      await customer.context.close();
    },
    SLOW,
  );

  it(
    'tells a customer whose email is not confirmed to activate it, with the way to the activation page',
    async () => {
      const unconfirmed = {
        name: 'كريم سامي',
        email: 'karim.unconfirmed@example.com',
        phone: '01566667777',
        password: 'Karim@2026',
      };
      await createMember(portal, admin, unconfirmed, false);
      const { page, context, errors } = await newPage(browser, portal.url, 'phone');
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, unconfirmed.phone, unconfirmed.password);
      await page.goto('/my/associations/open');
      await page.getByRole('button', { name: `اشترك في ${TITLE}` }).click();
      const dialog = page.getByRole('dialog', { name: `الاشتراك في ${TITLE}` });
      await dialog.getByText('فعّل بريدك الإلكتروني أولًا، ثم يمكنك الاشتراك في جمعية').waitFor();
      await dialog.getByRole('link', { name: 'تفعيل البريد الإلكتروني' }).click();
      await page.waitForURL('**/message');
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
