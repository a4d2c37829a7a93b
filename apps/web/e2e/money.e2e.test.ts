import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../api/src/lib/clock';
import { type Caller, callerFor, must } from './helpers/api-calls';
import {
  chooseOption,
  launchBrowser,
  loginThroughForm,
  newPage,
  presetStorage,
  type Viewport,
} from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 300_000;

/**
 * "Today" for the server (its clock module: the API runs in this process) and the browser
 * (Playwright's clock): 10:00 in Cairo on 15 March 2027. The association started on 1 March, so a
 * member who subscribed today owes the 14 installments due before today at once (late) and
 * today's; a payout whose day (3 March) has come is due.
 */
const NOW = '2027-03-15T08:00:00Z';
const FROM = '2027-03-01';
const TITLE = 'جمعية موظفي المرور';

const member = (name: string, n: number): Member => ({
  name,
  email: `money${n}@example.com`,
  phone: `0102222000${n}`,
  password: `Money@202${n}`,
});
/** Owes 15 installments (1,500) by the payout of day 3: the payout is 120,000, the net 118,500. */
const ARREARS = member('هبة سامي عبد الحميد', 1);
/** Pays by bank transfer; the receipt was a mistake and is reversed. */
const PAYER = member('Karim Nabil', 2);
/** Paid three installments and leaves: 300 owed back. */
const LEAVER = member('منى عادل', 3);
/** Hands the subscription to NEWCOMER. */
const HOLDER = member('Salma Fathy', 4);
const NEWCOMER = member('Youssef Adel', 5);

type Subscription = { id: number };
type Payment = { id: number; dueDate: string; status: string; receipt: { id: number; number: string } | null };

/** Waits for the answer to the API call the next action makes, checks it succeeded, gives its data. Start it before the click. */
async function answered<T = unknown>(page: Page, method: string, path: string | RegExp): Promise<T> {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method) return false;
    const url = new URL(r.url()).pathname.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? url === path : path.test(url);
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data as T;
}

/** An amount as the page writes it, with its spaces as Playwright reads text (no-break spaces as plain ones). */
function egp(amount: number, lang: 'ar' | 'en'): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG-u-nu-latn', {
    style: 'currency',
    currency: 'EGP',
    maximumFractionDigits: 2,
  })
    .format(amount)
    .replace(/[\s\u200f\u200e\u061c]+/g, ' ')
    .trim();
}

/**
 * A text as a pattern that reads it on the page whatever direction marks and isolates the money and
 * the dates carry, and whatever spaces (no-break or not) separate its words.
 */
function shown(text: string): RegExp {
  const mark = '\\u200e\\u200f\\u061c\\u2068\\u2069';
  const pattern = [...text]
    .map((c) => (/\s/.test(c) ? `[\\s${mark}]+` : `${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[${mark}]*`))
    .join('');
  return new RegExp(`[${mark}]*${pattern}`);
}

/** The first page's size of a PDF, in whole millimetres (from its MediaBox, in points). */
function pageSize(pdf: Buffer): { width: number; height: number } {
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('the PDF names no page size');
  const mm = (points: string) => Math.round((Number(points) * 25.4) / 72);
  return { width: mm(box[1] ?? '0'), height: mm(box[2] ?? '0') };
}

/** The text of a locator as a person reads it: isolation and direction marks dropped, spaces collapsed. */
async function readable(locator: ReturnType<Page['getByTestId']>): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/[\u2068\u2069\u200f\u200e\u061c]/g, '').replace(/\s+/g, ' ');
}

describe('money in the browser: payouts against arrears, receipts, reversals, withdrawals and replacements', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  let associationId: number;
  const subscriptions = new Map<string, number>();

  async function open(
    lang: 'ar' | 'en',
    viewport: Viewport,
  ): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const opened = await newPage(browser, portal.url, viewport);
    opened.page.setDefaultTimeout(60_000);
    // The whole context: a receipt opened in a new tab reads the same day.
    await opened.context.clock.setFixedTime(new Date(NOW));
    await presetStorage(opened.context, lang);
    await loginThroughForm(opened.page, ADMIN.phone, ADMIN.password);
    return opened;
  }

  const installmentsOf = async (subscription: number) =>
    (
      await must<{ data: Payment[] }>(admin, 'POST', '/subscriptions/payments', {
        subscription_id: subscription,
        sortBy: 'dueDate',
        sortOrder: 'asc',
        perPage: 20,
      })
    ).data;

  beforeAll(async () => {
    setClock(NOW);
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    associationId = await createAssociation(admin, { title: TITLE, cost: 100, from_date: FROM });
    for (const [who, day] of [
      [ARREARS, 3],
      [PAYER, 40],
      [LEAVER, 50],
      [HOLDER, 60],
    ] as const) {
      const userId = await createMember(portal, admin, who);
      const created = await must<Subscription>(admin, 'PUT', '/subscriptions', {
        user_id: userId,
        association_id: associationId,
        day_number: day,
      });
      subscriptions.set(who.name, created.id);
    }
    await createMember(portal, admin, NEWCOMER);
    // The member who leaves paid three installments, in cash, at the counter.
    const leaverDue = await installmentsOf(subscriptions.get(LEAVER.name) ?? 0);
    await must(admin, 'POST', '/subscriptions/payments/receive', { ids: leaverDue.slice(0, 3).map((p) => p.id) });
  }, SLOW);

  afterAll(async () => {
    setClock(undefined);
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'in Arabic on a desk: pays out a member in arrears and sees the net after the deduction, then reverses the wrong payout',
    async () => {
      const { page, context, errors } = await open('ar', 'desktop');
      const id = subscriptions.get(ARREARS.name) ?? 0;

      await page.locator('.sidebar').getByRole('link', { name: 'الاشتراكات' }).click();
      await page.waitForURL('**/subscriptions');
      const quoted = answered(page, 'POST', `/subscriptions/${id}/payout-quote`);
      await page.getByTestId(`payout-${id}`).click();
      const dialog = page.getByRole('dialog', { name: 'تسجيل تحويل مبلغ القبض' });
      await quoted;
      // The server's figures: 15 installments owed by today, all deducted; the net is what leaves.
      await dialog.getByTestId('payout-net').waitFor();
      expect(await readable(dialog.getByTestId('payout-gross'))).toBe(egp(120_000, 'ar'));
      expect(await readable(dialog.getByTestId('payout-arrears'))).toContain('15 قسطًا مستحقة حتى 15 مارس 2027');
      expect(await readable(dialog.getByTestId('payout-late'))).toContain(
        `منها 14 قسطًا فات موعدها (${egp(1400, 'ar')})`,
      );
      expect(await readable(dialog.getByTestId('payout-arrears-days'))).toContain('الأيام 1–15');
      expect(await readable(dialog.getByTestId('payout-deducted'))).toBe(egp(-1500, 'ar'));
      expect(await readable(dialog.getByTestId('payout-net'))).toBe(egp(118_500, 'ar'));
      await dialog.getByLabel('مرجع التحويل').fill('BM-TRX-7781');
      const submit = dialog.getByTestId('payout-submit');
      expect(await readable(submit)).toContain(`تسجيل تحويل ${egp(118_500, 'ar')}`);
      const transferred = answered<{ payout: { net: number; deducted: number } }>(
        page,
        'POST',
        `/subscriptions/${id}/transfer`,
      );
      await submit.click();
      const payout = await transferred;
      expect([payout.payout.deducted, payout.payout.net]).toEqual([1500, 118_500]);
      await page.getByText(shown(`تم تسجيل تحويل ${egp(118_500, 'ar')} إلى ${ARREARS.name}`)).waitFor();
      await page.getByTestId(`transfer-status-${id}`).getByText('تم التحويل').waitFor();

      // Its page: paid out, the history names who received it, with the deduction and the net.
      await page.getByRole('link', { name: `عرض اشتراك ${ARREARS.name} في ${TITLE}` }).click();
      await page.waitForURL(`**/subscriptions/${id}`);
      await page.getByRole('tab', { name: 'السجل المالي' }).click();
      const history = page.getByTestId('ledger-history');
      const payoutLine = history.locator('li[data-testid^="ledger-payout-"]');
      await payoutLine.getByText(`استلمه:`).waitFor();
      expect(await readable(payoutLine)).toContain(ARREARS.name);
      await payoutLine.locator('[data-testid^="ledger-payout-net-"]').waitFor();
      expect(await readable(payoutLine.locator('[data-testid^="ledger-payout-net-"]'))).toBe(egp(118_500, 'ar'));
      expect(await readable(history)).toContain('خصم من مبلغ القبض');

      // The payout was a mistake: reversed with its reason; it is due again and the arrears are owed again.
      await page.getByTestId('subscription-reverse-payout').click();
      const reverse = page.getByRole('dialog', { name: 'إلغاء قيد مبلغ القبض' });
      await reverse
        .getByTestId('reverse-effect')
        .getByText('يعود مبلغ القبض إلى «لم يتم التحويل»', { exact: false })
        .waitFor();
      await reverse.getByTestId('reverse-submit').click();
      await reverse.getByText('من فضلك أدخل السبب').waitFor();
      await reverse.getByLabel('سبب إلغاء القيد').fill('حُوّل إلى حساب غير حساب المشترك');
      const reversed = answered(page, 'POST', /^\/payouts\/\d+\/reverse$/);
      await reverse.getByTestId('reverse-submit').click();
      await reversed;
      await page.getByText('تم تسجيل إلغاء القيد').waitFor();
      await page.getByTestId('subscription-transfer-status').getByText('لم يتم التحويل').waitFor();
      await page.getByTestId('subscription-payout').waitFor();
      await history.getByText('حُوّل إلى حساب غير حساب المشترك').first().waitFor();
      const after = await must<{ transferStatus: string; balance: { paid: number; late_count: number } }>(
        admin,
        'GET',
        `/subscriptions/${id}`,
      );
      expect([after.transferStatus, after.balance.paid, after.balance.late_count]).toEqual(['unpaid', 0, 14]);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'in English on a phone: records a payment by bank transfer, prints its receipt (A4 and an 80 mm slip), then reverses the wrong receipt',
    async () => {
      const { page, context, errors } = await open('en', 'phone');
      const id = subscriptions.get(PAYER.name) ?? 0;
      const first = (await installmentsOf(id))[0] as Payment;

      // The installments in the order they fall due: the first (late since 1 March) on top.
      await page.goto(`/subscriptions/${id}?tab=payments&payments.sortBy=dueDate&payments.sortOrder=asc`);
      await page.getByRole('heading', { name: shown(`${PAYER.name} in ${TITLE} — day 40`) }).waitFor();
      await page.getByTestId(`payment-receive-${first.id}`).click();
      const dialog = page.getByRole('dialog', { name: 'Record installments as received' });
      await dialog.getByText('Bank transfer', { exact: true }).click();
      await dialog.getByTestId('receive-submit').click();
      await dialog.getByText('Please enter the reference number (required unless paid in cash)').waitFor();
      await dialog.getByLabel('Reference').fill('CIB-99120045');
      const received = answered<Payment[]>(page, 'POST', '/subscriptions/payments/receive');
      await dialog.getByTestId('receive-submit').click();
      const [row] = await received;
      const receipt = row?.receipt;
      if (!receipt) throw new Error('the answer names no receipt');
      expect(receipt.number).toMatch(/^R-2027-\d{6}$/);
      await page.getByText('1 installment recorded as received').waitFor();
      const done = dialog.getByTestId('receive-done');
      await done.getByText(receipt.number).waitFor();

      // Print: the receipt opens beside the list, as a document.
      const opening = context.waitForEvent('page');
      await done.getByRole('link', { name: `Print receipt ${receipt.number}` }).click();
      const print = await opening;
      await print.waitForLoadState();
      await print.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      const doc = print.getByTestId('receipt-document');
      await doc.waitFor();
      expect(await readable(print.getByTestId('receipt-number'))).toBe(receipt.number);
      expect(await readable(print.getByTestId('receipt-member'))).toContain(PAYER.name);
      expect(await readable(print.getByTestId('receipt-method'))).toContain('Bank transfer');
      expect(await readable(print.getByTestId('receipt-reference'))).toContain('CIB-99120045');
      expect(await readable(print.getByTestId('receipt-amount'))).toBe(egp(100, 'en'));
      // The installment it pays, with its due date.
      expect(await readable(doc)).toContain('Day 40 — Apr 9, 2027');
      expect(await readable(doc)).toContain('Mar 1, 2027');
      await print.getByTestId('receipt-print').click();
      expect(await print.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      // Printed, only the receipt shows, on A4; the slip prints on its own 80 mm page.
      await print.emulateMedia({ media: 'print' });
      expect(await print.locator('.app-header').isVisible()).toBe(false);
      expect(await doc.isVisible()).toBe(true);
      expect(pageSize(await print.pdf({ preferCSSPageSize: true }))).toEqual({ width: 210, height: 297 });
      await print.emulateMedia({ media: 'screen' });
      await print.getByText('80 mm slip').click();
      await print.waitForURL(/format=slip/);
      // The address changes first; the slip is drawn a moment later (printing before it gave A4).
      await print.locator('[data-testid="receipt-document"].receipt-slip').waitFor();
      await print.emulateMedia({ media: 'print' });
      expect(pageSize(await print.pdf({ preferCSSPageSize: true }))).toEqual({ width: 80, height: 200 });
      await print.close();

      // The receipt was recorded on the wrong member: reversed with its reason; the installment is late again.
      await dialog.getByTestId('receive-close').click();
      await page.getByTestId(`payment-reverse-${first.id}`).click();
      const reverse = page.getByRole('dialog', { name: 'Reverse a receipt' });
      await reverse.getByTestId('reverse-effect').getByText('goes back to unpaid', { exact: false }).waitFor();
      await reverse.getByLabel('Reason for the reversal').fill('The transfer was from another member');
      const reversed = answered(page, 'POST', `/receipts/${receipt.id}/reverse`);
      await reverse.getByTestId('reverse-submit').click();
      await reversed;
      await page.getByText('The reversal was recorded').waitFor();
      await page.getByTestId(`payment-status-${first.id}`).getByText('Late').waitFor();

      // Its print now says it proves no payment.
      await page.goto(`/receipts/${receipt.id}/print`);
      await page
        .getByTestId('receipt-reversed')
        .getByText('This receipt was reversed: it is not proof of payment')
        .waitFor();
      expect(await readable(page.getByTestId('receipt-reversed'))).toContain('The transfer was from another member');

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'in Arabic on a phone: withdraws a member who paid three installments and records the refund owed back',
    async () => {
      const { page, context, errors } = await open('ar', 'phone');
      const id = subscriptions.get(LEAVER.name) ?? 0;
      await page.goto(`/subscriptions/${id}`);
      await page.getByTestId('subscription-withdraw').click();
      const dialog = page.getByRole('dialog', { name: 'انسحاب المشترك من الجمعية' });
      const quote = dialog.getByTestId('withdraw-quote');
      await quote.waitFor();
      expect(await readable(quote.getByTestId('balance-paid'))).toBe(egp(300, 'ar'));
      expect(await readable(quote.getByTestId('balance-owed-back'))).toBe(egp(300, 'ar'));
      // Everything not paid is cancelled: 1,200 − 3.
      expect(await readable(quote.getByTestId('withdraw-cancels'))).toContain(
        `1,197 قسطًا بإجمالي ${egp(119_700, 'ar')}`,
      );
      await dialog.getByLabel('سبب الانسحاب').fill('سافر للعمل بالخارج');
      const withdrawn = answered(page, 'POST', `/subscriptions/${id}/withdraw`);
      await dialog.getByTestId('withdraw-submit').click();
      await withdrawn;
      const done = dialog.getByTestId('withdraw-done');
      await done.getByText(shown(`المستحق رده للمشترك: ${egp(300, 'ar')}`)).waitFor();
      await done.getByTestId('withdraw-refund').click();

      const refund = page.getByRole('dialog', { name: 'تسجيل استرداد للمشترك' });
      const amount = refund.getByLabel('مبلغ الاسترداد (ج.م)');
      await expect.poll(() => amount.inputValue()).toBe('300');
      // More than is owed back is refused before anything is sent.
      await amount.fill('350');
      await refund.getByLabel('مرجع التحويل').fill('INSTA-4471');
      await refund.getByTestId('refund-submit').click();
      await refund.getByText('مبلغ الاسترداد أكبر من المستحق رده للمشترك (300.00 ج.م)').waitFor();
      await amount.fill('٣٠٠');
      const refunded = answered<{ kind: string; net: number }>(page, 'POST', `/subscriptions/${id}/refund`);
      await refund.getByTestId('refund-submit').click();
      expect(await refunded).toMatchObject({ kind: 'refund', net: 300 });
      await page.getByText(shown(`تم تسجيل استرداد ${egp(300, 'ar')} إلى ${LEAVER.name}`)).waitFor();

      await page.getByTestId('subscription-state').getByText('منسحب').waitFor();
      await page.getByRole('tab', { name: 'السجل المالي' }).click();
      const history = page.getByTestId('ledger-history');
      await history.locator('li[data-testid^="ledger-withdrawal-"]').getByText('سافر للعمل بالخارج').waitFor();
      await history.locator('li[data-testid^="ledger-refund-"]').waitFor();
      const balance = await must<{ balance: { owed_back: number; refunded: number } }>(
        admin,
        'GET',
        `/subscriptions/${id}`,
      );
      expect([balance.balance.refunded, balance.balance.owed_back]).toEqual([300, 0]);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'in English on a desk: hands a subscription to another member, with the reason, and the history names both',
    async () => {
      const { page, context, errors } = await open('en', 'desktop');
      const id = subscriptions.get(HOLDER.name) ?? 0;
      await page.goto(`/subscriptions/${id}`);
      await page.getByTestId('subscription-replace').click();
      const dialog = page.getByRole('dialog', { name: 'Replace the member' });
      await dialog
        .getByTestId('replace-effect')
        .getByText(`the installments already paid stay on their receipts in the name of`, { exact: false })
        .waitFor();
      const picker = dialog.getByRole('combobox');
      await chooseOption(page, picker, 'Youssef', new RegExp(NEWCOMER.name));
      await dialog.getByLabel('Reason for the replacement').fill('Transferred to a colleague');
      const replaced = answered(page, 'POST', `/subscriptions/${id}/replace`);
      await dialog.getByTestId('replace-submit').click();
      await replaced;
      await page.getByText(shown(`The subscription now belongs to ${NEWCOMER.name}`)).waitFor();
      await page.getByRole('heading', { name: shown(`${NEWCOMER.name} in ${TITLE} — day 60`) }).waitFor();
      await page.getByRole('tab', { name: 'Money history' }).click();
      const line = page.getByTestId('ledger-history').locator('li[data-testid^="ledger-replacement-"]');
      await line.getByText('Transferred to a colleague').waitFor();
      expect(await readable(line)).toContain(`From:${HOLDER.name}`);
      expect(await readable(line)).toContain(`To:${NEWCOMER.name}`);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
