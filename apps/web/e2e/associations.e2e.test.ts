import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../packages/shared/src/clock';
import { setClock } from '../../api/src/lib/clock';
import { chooseOption, launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 300_000;

/**
 * "Today" for the server (apps/api/src/lib/clock.ts, the API runs in this process) and for the
 * browser (Playwright's clock): 10:00 in Cairo on 15 March 2027. Installments due before it are
 * late, the one due on it is future, and a payout whose day came before it is due.
 */
const NOW = '2027-03-15T08:00:00Z';
const FROM = '2027-03-01';
const TITLE = 'جمعية موظفي البريد';
const MEMBER = { name: 'هبة سامي عبد الحميد', email: 'heba.member@example.com', phone: '01099887766' };

/** Waits for the answer to the API call the next action makes, and checks it succeeded. Start it before the click. */
async function answered(page: Page, method: string, path: string | RegExp): Promise<void> {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method) return false;
    const url = new URL(r.url()).pathname.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? url === path : path.test(url);
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The data rows of the table on screen (its header row left out). */
const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

describe('the associations area in the browser, in Arabic', () => {
  let portal: Portal;
  let browser: Browser;
  let token: string;

  /** Calls the API as the administrator, beside the browser (to check what the screens did). */
  async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
    const res = await portal.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as T;
  }

  beforeAll(async () => {
    setClock(NOW);
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: ADMIN.phone, password: ADMIN.password },
    });
    token = login.json().data.access_token;
    await api('PUT', '/users', { ...MEMBER, password: 'Heba@2027', type: 'user' });
  }, SLOW);

  afterAll(async () => {
    setClock(undefined);
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'staff create an association, import its days, subscribe a member, record payments and the payout, and export',
    async () => {
      const { page, context, errors } = await newPage(browser, portal.url);
      page.setDefaultTimeout(60_000);
      await page.clock.setFixedTime(new Date(NOW));
      await loginThroughForm(page, ADMIN.phone, ADMIN.password);

      // 1. A new association, from the sidebar's entry; the end date follows the start date as it is typed.
      await page.locator('.sidebar').getByRole('link', { name: 'الجمعيات' }).click();
      await page.waitForURL('**/associations');
      await page.getByTestId('association-add').click();
      await page.waitForURL('**/associations/create');
      await page.getByLabel('اسم الجمعية').fill(TITLE);
      // antd draws its own radio over the hidden input: a person clicks the label.
      const cost = page.getByRole('radio', { name: /100\.00/ });
      await page.locator('label').filter({ has: cost }).click();
      expect(await cost.isChecked()).toBe(true);
      const fromDate = page.getByLabel('تاريخ البدء');
      await fromDate.click();
      await fromDate.fill(FROM);
      await fromDate.press('Tab');
      const toDate = page.getByTestId('association-to-date');
      await expect.poll(() => toDate.getAttribute('data-value')).toBe(addDays(FROM, 1200));
      expect(await toDate.inputValue()).toContain('2030');
      const created = answered(page, 'PUT', '/associations');
      await page.getByTestId('association-form-submit').click();
      await created;
      await page.waitForURL(/\/associations\/\d+$/);
      const associationId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { name: TITLE }).waitFor();
      expect(await page.getByTestId('association-available').textContent()).toBe('1,200');

      // 2. A days file with one bad row: the preview names it and nothing changes. The days stay in
      // order on their own dates (DESIGN §2), so the file moves the last two days to the period's end.
      const LAST = addDays(FROM, 1199);
      const END = addDays(FROM, 1200);
      await page.getByTestId('association-import-days').click();
      await page.waitForURL(`**/associations/${associationId}/days-import`);
      const file = page.getByTestId('days-file').locator('input[type=file]');
      await file.setInputFiles({
        name: 'days.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`day_number,date\n1200,${END}\n6,2031-01-01\n`),
      });
      const refused = page.waitForResponse((r) => r.url().endsWith('/associations/days/import'));
      await page.getByTestId('days-import-check').click();
      expect((await refused).status()).toBe(422);
      const problems = page.getByTestId('days-import-errors');
      await problems.getByText('السطر 3: التاريخ خارج فترة الجمعية', { exact: false }).waitFor();
      expect(await problems.getByRole('listitem').count()).toBe(1);
      expect(await page.getByTestId('days-import-apply').isDisabled()).toBe(true);
      type Day = { day_number: number; date: string };
      const firstDays = await api<{ data: Day[] }>('POST', `/associations/${associationId}/days`, { perPage: 10 });
      expect(firstDays.data.find((d) => d.day_number === 6)?.date).toBe('2027-03-06');
      const lastDays = async () =>
        (await api<{ data: Day[] }>('POST', `/associations/${associationId}/days`, { perPage: 10, page: 120 })).data
          .filter((d) => d.day_number >= 1199)
          .map((d) => d.date);
      expect(await lastDays()).toEqual([addDays(FROM, 1198), LAST]);

      // 3. Fixed: checked clean, then applied; the result says how many days changed.
      await file.setInputFiles({
        name: 'days.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`day_number,date\n1199,${LAST}\n1200,${END}\n`),
      });
      const checked = answered(page, 'POST', '/associations/days/import');
      await page.getByTestId('days-import-check').click();
      await checked;
      await page.getByTestId('days-import-preview').getByText('عند التطبيق: 2').waitFor();
      const applied = answered(page, 'POST', '/associations/days/import');
      await page.getByTestId('days-import-apply').click();
      await applied;
      await page.getByTestId('days-import-result').getByText('عدد الأيام التي تغيّر تاريخها: 2').waitFor();
      expect(await lastDays()).toEqual([LAST, END]);

      // 4. The member subscribes to day 3; the quote shows the payout and the 14 past installments owed at once.
      await page.goto(`/associations/${associationId}`);
      await page.getByTestId('association-subscribe').click();
      await page.waitForURL('**/subscriptions/create?association=*');
      const member = page.getByRole('combobox', { name: 'المشترك' });
      await chooseOption(page, member, 'هبة', new RegExp(MEMBER.name));
      await chooseOption(page, page.getByRole('combobox', { name: 'يوم الدور' }), '3', /^اليوم 3 —/);
      const quote = page.getByTestId('subscription-quote');
      await quote.waitFor();
      expect(await page.getByTestId('quote-amount').textContent()).toContain('120,000.00');
      // Days 1–14 fell before today.
      expect(await page.getByTestId('quote-past-due').textContent()).toContain('وعددها 14 بإجمالي');
      const subscribed = answered(page, 'PUT', '/subscriptions');
      await page.getByTestId('subscription-form-submit').click();
      await subscribed;
      await page.waitForURL('**/subscriptions');

      // 5. Two installments received at once: the first (14 days late) and today's (future).
      await page.locator('.sidebar').getByRole('link', { name: 'الأقساط' }).click();
      await page.waitForURL('**/payments');
      await page.getByTestId('table-total').waitFor();
      await page.getByRole('button', { name: 'تاريخ الاستحقاق' }).click();
      await page.waitForURL(/sortOrder=asc/);
      const lateRow = dataRows(page).first();
      await lateRow.getByText('1 مارس 2027', { exact: true }).waitFor();
      expect(await lateRow.textContent()).toContain('متأخرة');
      expect(await lateRow.textContent()).toContain('منذ 14 يومًا');
      await lateRow.getByRole('checkbox').check();
      await page.getByRole('button', { name: /^التصفية/ }).click();
      await page.getByLabel('حالة القسط').selectOption({ label: 'قادمة' });
      const futureRow = dataRows(page).first();
      await futureRow.getByText('15 مارس 2027', { exact: true }).waitFor();
      await futureRow.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'تسجيل المختار كمدفوع (2)' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('receive-summary').getByText('عدد الأقساط المختارة: 2').waitFor();
      expect(await dialog.getByRole('listitem').count()).toBe(2);
      await dialog.getByText('منذ 14 يومًا').waitFor();
      // Paid at Fawry: the reference is required, unless cash.
      await dialog.getByText('فوري', { exact: true }).click();
      await dialog.getByLabel('الرقم المرجعي').fill('FAWRY-55102');
      const received = answered(page, 'POST', '/subscriptions/payments/receive');
      await dialog.getByTestId('receive-submit').click();
      await received;
      await page.getByText('تم تسجيل استلام قسطين').waitFor();
      // One subscription, one receipt, to print; then the list.
      await dialog
        .getByTestId('receive-done')
        .getByText(/^R-2027-\d{6}$/)
        .waitFor();
      await dialog.getByTestId('receive-close').click();
      await page.getByLabel('حالة القسط').selectOption({ label: 'مدفوعة' });
      await page.getByTestId('table-total').getByText('الإجمالي: 2').waitFor();

      // 6. The payout of day 3, which has come: the server quotes the member's 13 late installments
      //    (days 2–14), deducted from the payout; the net is what is transferred.
      await page.locator('.sidebar').getByRole('link', { name: 'الاشتراكات' }).click();
      await page.waitForURL('**/subscriptions');
      const subscriptionRow = dataRows(page).filter({ hasText: MEMBER.name });
      await subscriptionRow.getByText('لم يتم التحويل').waitFor();
      await subscriptionRow.getByRole('button', { name: 'تسجيل التحويل' }).click();
      const payout = page.getByRole('dialog');
      await payout.getByTestId('payout-late').getByText('منها 13 قسطًا فات موعدها', { exact: false }).waitFor();
      expect(await payout.getByTestId('payout-net').textContent()).toContain('118,700.00');
      await payout.getByLabel('مرجع التحويل').fill('BM-TRX-7781');
      const transferred = answered(page, 'POST', /^\/subscriptions\/\d+\/transfer$/);
      await payout.getByTestId('payout-submit').click();
      await transferred;
      await subscriptionRow.getByText('تم التحويل').waitFor();

      // 7. The payments list as XLSX: every installment the filters match (not the page), Arabic headers,
      //    amounts as numbers and due dates as dates (decision 0026).
      await page.goto('/payments');
      await page.getByTestId('table-total').waitFor();
      await page.getByTestId('table-export').click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'ملف Excel بصيغة XLSX' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('payments.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('the export has no worksheet');
      const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
      expect(cells(1)).toEqual(
        expect.arrayContaining(['المشترك', 'الجمعية', 'تاريخ الاستحقاق', 'حالة القسط', 'المبلغ (ج.م)', 'أيام التأخير']),
      );
      const amount = cells(1).indexOf('المبلغ (ج.م)') + 1;
      const dueDate = cells(1).indexOf('تاريخ الاستحقاق') + 1;
      expect(sheet.getRow(2).getCell(amount).value).toBe(100);
      expect(sheet.getRow(2).getCell(dueDate).value).toBeInstanceOf(Date);
      const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2));
      expect(rows).toHaveLength(1200);
      const status = cells(1).indexOf('حالة القسط');
      const count = (label: string) => rows.filter((row) => row[status] === label).length;
      // The payout settled the 13 late ones by deduction: they are received now.
      expect([count('مدفوعة'), count('متأخرة'), count('قادمة')]).toEqual([15, 0, 1185]);
      expect(rows.every((row) => row.includes(MEMBER.name) && row.includes(TITLE))).toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
