import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from './helpers/api-calls';
import { animationsDone, seriousViolations } from './helpers/axe';
import { documentLanguage, launchBrowser, loginThroughForm, newPage, presetStorage } from './helpers/browser';
import { latestMailTo } from './helpers/mail';
import { createMember } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/**
 * Help desk end to end (docs/decisions/0022-staff-tools.md): a customer on a phone, in Arabic, opens
 * a ticket from the member menu with a picture attached; staff on a desk, in English, find it in
 * the help-desk list, read the attachment's name and answer; the customer sees the answer in the
 * conversation and in the bell, follows the bell to the ticket and closes it after a confirmation.
 * And a guest's contact message from the login page, answered by staff and mailed in Arabic.
 */
const SLOW = 300_000;
const CUSTOMER = {
  name: 'منى عبد الله',
  email: 'mona.support@example.com',
  phone: '01066667777',
  password: 'Mona@2026',
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SUBJECT = 'لم يصلني إشعار سداد القسط';

/** Waits for the answer to the API call the next step makes and checks it succeeded; returns its JSON. */
async function answered(page: Page, method: string, path: RegExp): Promise<{ data: { id: number } }> {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method) return false;
    return path.test(new URL(r.url()).pathname.replace(/^\/api\/v1/, ''));
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

describe('help-desk tickets in the browser', () => {
  let portal: Portal;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    const admin = await callerFor(portal);
    await createMember(portal, admin.call, CUSTOMER);
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'a customer opens a ticket with a picture on a phone in Arabic; staff answer in English; the customer reads it and closes it',
    async () => {
      // ---- The customer, on a phone, in Arabic: the member menu's "Support".
      const customer = await newPage(browser, portal.url, 'phone');
      const page = customer.page;
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, CUSTOMER.phone, CUSTOMER.password);
      expect(await documentLanguage(page)).toMatchObject({ dir: 'rtl', lang: 'ar' });
      await page.getByRole('button', { name: 'فتح القائمة' }).click();
      await page.locator('.app-drawer').getByRole('link', { name: 'الدعم الفني' }).click();
      await page.waitForURL('**/tickets/me');
      await page.getByRole('heading', { name: 'الدعم الفني' }).waitFor();
      await page.getByText('لا توجد بيانات').first().waitFor();
      await page.getByRole('button', { name: 'تذكرة جديدة' }).click();
      await page.waitForURL('**/tickets/new');

      // Sending without a subject or a message says what is missing and sends nothing.
      await page.getByTestId('ticket-submit').click();
      await page.getByText('من فضلك أدخل عنوان التذكرة').waitFor();

      await page.getByLabel('عنوان التذكرة').fill(SUBJECT);
      await page.getByLabel('الرسالة').fill('دفعت قسط هذا الشهر يوم الأحد ولم يصلني أي إشعار.\nمرفق صورة الإيصال.');
      await page
        .getByTestId('ticket-file')
        .locator('input[type=file]')
        .setInputFiles({ name: 'إيصال.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('ticket-file').getByText('إيصال.png').waitFor();
      const opened = answered(page, 'PUT', /^\/ticket\/tickets$/);
      await page.getByTestId('ticket-submit').click();
      const ticketId = (await opened).data.id;
      await page.waitForURL(`**/tickets/${ticketId}`);
      await page.getByRole('heading', { name: SUBJECT }).waitFor();
      await page.getByText('تم إرسال تذكرتك، وسيرد عليك فريق الدعم في أقرب وقت').waitFor();
      expect(await page.getByTestId('ticket-status').textContent()).toBe('بانتظار الرد');
      await page.getByTestId('ticket-messages').getByText('إيصال.png').waitFor();
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await animationsDone(page);
      expect(await seriousViolations(page)).toEqual([]);

      // ---- Staff, on a desk, in English: the help-desk list, then the conversation.
      const staff = await newPage(browser, portal.url);
      await presetStorage(staff.context, 'en');
      const desk = staff.page;
      desk.setDefaultTimeout(60_000);
      await loginThroughForm(desk, ADMIN.phone, ADMIN.password);
      await desk.getByRole('link', { name: 'Help-desk tickets' }).click();
      await desk.waitForURL('**/tickets');
      await desk.getByRole('heading', { name: 'Help-desk tickets' }).waitFor();
      await desk.getByTestId(`ticket-status-${ticketId}`).getByText('Awaiting reply').waitFor();
      await animationsDone(desk);
      expect(await seriousViolations(desk)).toEqual([]);
      await desk.getByTestId(`ticket-link-${ticketId}`).click();
      await desk.waitForURL(`**/tickets/${ticketId}`);
      await desk.getByRole('heading', { name: SUBJECT }).waitFor();
      await desk.getByText(CUSTOMER.name, { exact: false }).first().waitFor();
      await desk.getByTestId('ticket-messages').getByText('إيصال.png').waitFor();
      await desk.getByLabel('Your reply').fill('We found your payment of Sunday; the notice is sent again today.');
      const reply = answered(desk, 'POST', new RegExp(`^/ticket/add/${ticketId}$`));
      await desk.getByTestId('ticket-reply-submit').click();
      await reply;
      await desk.getByText('Your reply was sent').waitFor();
      await expect.poll(() => desk.getByTestId('ticket-status').textContent()).toBe('Answered');
      expect(staff.errors).toEqual([]);

      // ---- The customer reads the answer, and the bell says so.
      await page.reload();
      await page
        .getByTestId('ticket-messages')
        .getByText('We found your payment of Sunday; the notice is sent again today.')
        .waitFor();
      await page.getByTestId('ticket-messages').getByText('فريق الدعم').waitFor();
      expect(await page.getByTestId('ticket-status').textContent()).toBe('تم الرد');
      const bell = page.getByTestId('notification-bell');
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 60_000 }).toBe('الإشعارات، غير المقروءة: 1');
      await bell.click();
      const item = page.getByTestId('notifications-panel').locator('.notification-item').first();
      await expect.poll(() => item.locator('.notification-title').textContent()).toContain('رد فريق الدعم على تذكرتك');
      await item.locator('.notification-open').click();
      await page.waitForURL(`**/tickets/${ticketId}`);

      // Closing asks first; a closed ticket takes no reply.
      await page.getByTestId('ticket-close').click();
      await page.getByText('هل تريد إغلاق هذه التذكرة؟').waitFor();
      const closed = answered(page, 'POST', new RegExp(`^/ticket/close/${ticketId}$`));
      await page.locator('.ant-popover:visible').getByRole('button', { name: 'إغلاق التذكرة' }).click();
      await closed;
      await expect.poll(() => page.getByTestId('ticket-status').textContent()).toBe('مغلقة');
      await page.getByTestId('ticket-closed').waitFor();
      expect(await page.getByTestId('ticket-reply-form').count()).toBe(0);
      expect(customer.errors).toEqual([]);

      await staff.context.close();
      await customer.context.close();
    },
    SLOW,
  );

  it(
    'a guest writes from the login page in Arabic; staff answer in English; the answer is mailed in Arabic',
    async () => {
      const guest = await newPage(browser, portal.url, 'phone');
      const page = guest.page;
      page.setDefaultTimeout(60_000);
      await page.goto('/login');
      await page.getByRole('link', { name: 'تواصل معنا' }).click();
      await page.waitForURL('**/contact');
      await page.getByRole('heading', { name: 'تواصل معنا' }).waitFor();
      await animationsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('الاسم').fill('سامح فؤاد');
      await page.getByLabel('البريد الإلكتروني').fill('sameh.guest@example.com');
      await page.getByLabel('الموضوع').fill('الاشتراك في جمعية');
      await page.getByLabel('الرسالة').fill('كيف أشترك في جمعية بقسط 100 جنيه؟');
      const sent = answered(page, 'PUT', /^\/contact$/);
      await page.getByTestId('contact-submit').click();
      await sent;
      await page.getByTestId('contact-sent').waitFor();
      expect(guest.errors).toEqual([]);

      const staff = await newPage(browser, portal.url);
      await presetStorage(staff.context, 'en');
      const desk = staff.page;
      desk.setDefaultTimeout(60_000);
      await loginThroughForm(desk, ADMIN.phone, ADMIN.password);
      await desk.getByRole('link', { name: 'Contact messages' }).click();
      await desk.waitForURL('**/contacts');
      await desk.getByText('سامح فؤاد').waitFor();
      await desk.getByRole('button', { name: 'Answer the message of سامح فؤاد' }).click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByText('كيف أشترك في جمعية بقسط 100 جنيه؟').waitFor();
      await dialog.getByLabel('Your answer').fill('اختر الجمعية من صفحة الجمعيات المتاحة بعد إنشاء حساب.');
      const answer = answered(desk, 'POST', /^\/contact\/\d+$/);
      await dialog.getByTestId('contact-dialog-ok').click();
      await answer;
      await desk.getByText('The answer was emailed to the sender').waitFor();
      await desk.getByText('Answered', { exact: true }).first().waitFor();

      const mail = await latestMailTo(portal, 'sameh.guest@example.com');
      expect(mail.subject).toContain('ردنا على رسالتك');
      expect(mail.text).toContain('شكرًا لتواصلك معنا بخصوص «الاشتراك في جمعية»، وهذا ردنا:');
      expect(mail.text).toContain('اختر الجمعية من صفحة الجمعيات المتاحة بعد إنشاء حساب.');
      expect(staff.errors).toEqual([]);
      await staff.context.close();
      await guest.context.close();
    },
    SLOW,
  );
});
