import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 240_000;

const STAFF = { name: 'هالة مصطفى', email: 'hala.staff@example.com', phone: '01566666666', password: 'Hala@2026' };

/** Calls the real API as the seeded administrator (the event that creates the notifications). */
async function asAdmin(portal: Portal) {
  const login = await portal.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { phone: ADMIN.phone, password: ADMIN.password },
  });
  const token = login.json().data.access_token as string;
  return (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    portal.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: payload as object,
      headers: { authorization: `Bearer ${token}` },
    });
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const panel = (page: Page) => page.getByTestId('notifications-panel');
const items = (page: Page) => panel(page).locator('.notification-item');

describe('notifications in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let staffId: number;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const admin = await asAdmin(portal);
    const created = await admin('PUT', '/users', { ...STAFF, type: 'admin' });
    expect(created.statusCode, created.body).toBe(201);
    staffId = created.json().data.id;
    const roles = (await admin('POST', '/roles', { perPage: -1 })).json().data.data as { id: number; name: string }[];
    const roleId = (name: string) => roles.find((r) => r.name === name)?.id;
    // Two real changes of the staff member's access by the administrator: two notifications.
    for (const role of ['visitor', 'editor']) {
      const res = await admin('PUT', `/user/roles/${staffId}`, { roles: [roleId(role)], permissions: [] });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'the staff member sees the count, opens the bell, marks one seen, reads it in English, deletes one and then all',
    async () => {
      const { page, context, errors } = await newPage(browser, portal.url);
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, STAFF.phone, STAFF.password);

      // The badge counts the two unseen notifications.
      await expect
        .poll(() => bell(page).getAttribute('aria-label'), { timeout: 60_000 })
        .toBe('الإشعارات، غير المقروءة: 2');
      expect((await bell(page).locator('.ant-badge').textContent())?.trim()).toBe('2');

      // Opened from the keyboard: both listed, newest first, highlighted as unread.
      await bell(page).focus();
      await page.keyboard.press('Enter');
      await items(page).nth(1).waitFor();
      expect(await items(page).count()).toBe(2);
      expect(await panel(page).locator('.notification-item-unseen').count()).toBe(2);
      await expect
        .poll(() => items(page).first().locator('.notification-title').textContent())
        .toContain('تم تحديث صلاحياتك');
      // When, in Arabic words or an Arabic date, with the exact moment in the markup.
      expect(await items(page).first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await items(page).first().locator('time').textContent()).toMatch(/[\u0600-\u06FF]/);

      // Opening one marks it seen and follows its link (the staff member's own profile).
      const seen = page.waitForResponse((r) => r.url().includes('/api/v1/user/notifications/see/'));
      await items(page).first().locator('.notification-open').click();
      expect((await seen).status()).toBe(200);
      await page.waitForURL(`**/users/${staffId}`);
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('الإشعارات، غير المقروءة: 1');

      // The same notifications read in English after switching the language.
      await page.getByTestId('language-toggle').click();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, unread: 1');
      await bell(page).click();
      await panel(page).getByText('Your permissions were updated').first().waitFor();
      expect(await panel(page).locator('.notification-item-unseen').count()).toBe(1);

      // Delete one with its own button.
      await items(page)
        .first()
        .getByRole('button', { name: /^Delete notification/ })
        .click();
      // The toast, in whichever toaster shows it (antd's joins once the screen is up: app/antd-providers.tsx).
      await page.getByText('The notification was deleted').waitFor();
      await expect.poll(() => items(page).count()).toBe(1);

      // Delete all asks first; "No" keeps them, "Yes" empties the list and the badge.
      await page.getByTestId('notifications-delete-all').click();
      await page.getByText('Delete all notifications?').waitFor();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'No' }).click();
      expect(await items(page).count()).toBe(1);
      await page.getByTestId('notifications-delete-all').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
      await page.getByText('All notifications were deleted').waitFor();
      await panel(page).getByText('You have no notifications').waitFor();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, unread: 0');

      // Escape closes the panel and gives the focus back to the bell.
      await page.keyboard.press('Escape');
      await expect.poll(() => bell(page).getAttribute('aria-expanded')).toBe('false');
      expect(await bell(page).evaluate((el) => el === document.activeElement)).toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'on a 390 px phone the panel fits the screen, right to left',
    async () => {
      const admin = await asAdmin(portal);
      const roles = (await admin('POST', '/roles', { perPage: -1 })).json().data.data as { id: number; name: string }[];
      const visitor = roles.find((r) => r.name === 'visitor')?.id;
      await admin('POST', '/roles/sync', { user_id: staffId, roles: [visitor], permissions: [] });

      const { page, context, errors } = await newPage(browser, portal.url, 'phone');
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, STAFF.phone, STAFF.password);
      await expect
        .poll(() => bell(page).getAttribute('aria-label'), { timeout: 60_000 })
        .toBe('الإشعارات، غير المقروءة: 1');
      await bell(page).click();
      await items(page).first().waitFor();
      // A full-width sheet once its opening animation settles: nothing cut off at either edge.
      const sheet = page.locator('.notification-popover .ant-popover-container');
      await expect
        .poll(async () => {
          const box = await sheet.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390.5 && box.width >= 380;
        })
        .toBe(true);
      expect(await items(page).first().locator('.notification-title').textContent()).toContain('تم تحديث صلاحياتك');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
  it(
    'the bell counts a new notification as it is created, without a reload (the live stream)',
    async () => {
      const { page, context, errors } = await newPage(browser, portal.url);
      page.setDefaultTimeout(60_000);
      const streaming = page.waitForResponse((r) => r.url().endsWith('/api/v1/notifications/stream'));
      const listed = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/notifications'));
      await loginThroughForm(page, STAFF.phone, STAFF.password);
      expect((await streaming).status()).toBe(200);
      const before = ((await (await listed).json()) as { data: { unseen: number } }).data.unseen;
      const unseen = async () => Number((await bell(page).getAttribute('aria-label'))?.replace(/\D+/g, '') || 0);
      await expect.poll(unseen).toBe(before);
      // Marks this document: a reload would lose it.
      await page.evaluate(() => {
        (window as unknown as { before?: boolean }).before = true;
      });
      // The staff member has a ticket of their own; the administrator answers it: a new notification.
      const staffLogin = await portal.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { phone: STAFF.phone, password: STAFF.password },
      });
      const opened = await portal.app.inject({
        method: 'PUT',
        url: '/api/v1/ticket/tickets',
        headers: { authorization: `Bearer ${staffLogin.json().data.access_token}` },
        payload: { subject: 'طلب جهاز جديد', message: 'الجهاز الحالي بطيء جدًا.' },
      });
      expect(opened.statusCode, opened.body).toBeLessThan(300);
      const admin = await asAdmin(portal);
      const answered = await admin('POST', `/ticket/add/${opened.json().data.id}`, { message: 'تم طلب جهاز جديد لك.' });
      expect(answered.statusCode, answered.body).toBe(200);
      // Well inside the minute the bell would wait to poll: the stream brought it.
      await expect.poll(unseen, { timeout: 20_000 }).toBe(before + 1);
      expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
