import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 240_000;

const ROLE = 'موظف متابعة العملاء';
const CLERK = { name: 'سارة إبراهيم', email: 'sara.clerk@example.com', phone: '01544444444', password: 'Clerk@2026' };
const CUSTOMER = {
  name: 'Karim Hassan',
  email: 'karim.customer@example.com',
  phone: '01233333333',
  password: 'Karim@2026',
};
/** What the new role holds: the users list and profiles, and the audit log. */
const ROLE_PERMISSIONS = ['users.index', 'users.view', 'logs.index'];

async function open(portal: Portal, browser: Browser, lang: 'ar' | 'en' = 'ar') {
  const opened = await newPage(browser, portal.url);
  opened.page.setDefaultTimeout(60_000);
  if (lang === 'en') await opened.context.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  return opened;
}

async function toastText(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).waitFor();
}

/** The sidebar's links, by their visible text. */
async function sidebarLinks(page: Page): Promise<string[]> {
  await page.locator('.sidebar .ant-menu-root').waitFor();
  return (await page.locator('.sidebar .ant-menu a').allTextContents()).map((s) => s.trim());
}

describe('users, administrators, roles and permissions in the browser', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'an administrator makes a role, an administrator account and a customer, and gives the role',
    async () => {
      const { page, context, errors } = await open(portal, browser);
      await loginThroughForm(page, ADMIN.phone, ADMIN.password);

      // A role with three permissions.
      await page.locator('.sidebar').getByRole('link', { name: 'الأدوار والصلاحيات' }).click();
      await page.waitForURL('**/roles');
      await page.getByTestId('role-add').click();
      await page.getByTestId('role-name-submit').click();
      await page.getByText('من فضلك أدخل اسم الدور').waitFor();
      await page.locator('.ant-modal').getByLabel('اسم الدور').fill(ROLE);
      await page.locator('.ant-modal').getByLabel('اسم الدور').press('Enter');
      await toastText(page, 'تمت إضافة الدور');
      // The new role's permissions open next, grouped with translated titles.
      const drawer = page.locator('.role-permissions-drawer');
      await drawer.getByText(`صلاحيات الدور: ${ROLE}`).waitFor();
      await drawer.locator('.permission-group-title', { hasText: 'المستخدمون' }).waitFor();
      for (const permission of ROLE_PERMISSIONS) {
        await drawer.locator(`.permission-item[data-permission="${permission}"]`).locator('input').check();
      }
      await page.getByTestId('role-permissions-save').click();
      await toastText(page, 'تم تعديل الدور بنجاح');
      const roleRow = page.locator('.ant-table-row', { hasText: ROLE });
      await roleRow.waitFor();
      expect(await roleRow.locator('td').nth(3).textContent()).toBe('٣');

      // An administrator account, from the administration screen.
      await page.locator('.sidebar').getByRole('link', { name: 'الإدارة' }).click();
      await page.waitForURL('**/users/admins');
      await page.getByTestId('user-add').click();
      await page.waitForURL('**/users/admins/create');
      await page.locator('#user_name').fill(CLERK.name);
      await page.locator('#user_email').fill(CLERK.email);
      await page
        .locator('#user_phone')
        .fill(CLERK.phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))));
      await page.locator('#user_password').fill(CLERK.password);
      await page.locator('#user_confirm').fill(CLERK.password);
      await page.getByTestId('user-form-submit').click();
      await page.waitForURL('**/users/admins');
      await toastText(page, 'تمت العملية بنجاح');
      const clerkRow = page.locator('.ant-table-row', { hasText: CLERK.name });
      await clerkRow.waitFor();
      expect(await clerkRow.textContent()).toContain(CLERK.phone);
      expect(await clerkRow.textContent()).toContain('مسؤول');

      // The role, from the row's roles action: role permissions checked and locked, nothing extra sent.
      await clerkRow.getByRole('link', { name: `أدوار ${CLERK.name} وصلاحياته` }).click();
      await page.waitForURL(/\/users\/user\/roles\/\d+$/);
      const clerkId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByTestId('user-access-form').waitFor();
      await page.locator('#user-access-roles').click();
      await page.locator('.ant-select-item-option', { hasText: ROLE }).click();
      await page.keyboard.press('Escape');
      const usersIndex = page.locator('.permission-item[data-permission="users.index"]').locator('input');
      await expect.poll(() => usersIndex.isDisabled()).toBe(true);
      expect(await usersIndex.isChecked()).toBe(true);
      const sent = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith(`/api/v1/user/roles/${clerkId}`),
      );
      await page.getByTestId('user-access-save').click();
      const body = (await sent).postDataJSON() as { roles: number[]; permissions: string[] };
      expect(body.roles).toHaveLength(1);
      expect(body.permissions).toEqual([]);
      await toastText(page, 'تم حفظ الأدوار والصلاحيات');

      // A customer, from the users screen.
      await page.goto('/users/create');
      await page.locator('#user_name').fill(CUSTOMER.name);
      await page.locator('#user_email').fill(CUSTOMER.email);
      await page.locator('#user_phone').fill(CUSTOMER.phone);
      await page.locator('#user_password').fill(CUSTOMER.password);
      await page.locator('#user_confirm').fill(CUSTOMER.password);
      await page.locator('#user_confirm').press('Enter');
      await page.waitForURL(/\/users$/);
      await page.locator('.ant-table-row', { hasText: CUSTOMER.name }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'the new administrator, in English, sees exactly what the role allows',
    async () => {
      const { page, context, errors } = await open(portal, browser, 'en');
      await loginThroughForm(page, CLERK.phone, CLERK.password);
      // users.index: the users entry, the administration entry and the dashboard's user counts; logs.index: the audit log.
      const links = await sidebarLinks(page);
      expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Administration', 'Audit log']));
      expect(links).not.toContain('Roles and permissions');
      await page.getByTestId('stat-total-users').waitFor();
      expect(await page.getByTestId('stat-total-users').textContent()).toContain('Total users');

      await page.locator('.sidebar').getByRole('link', { name: 'Users', exact: true }).click();
      await page.waitForURL('**/users');
      const row = page.locator('.ant-table-row', { hasText: CUSTOMER.name });
      await row.waitFor();
      // users.view: the view button; no users.put or users.delete: no add, edit or delete.
      await row.getByRole('link', { name: `View ${CUSTOMER.name}` }).waitFor();
      expect(await row.getByRole('link', { name: `Edit ${CUSTOMER.name}` }).count()).toBe(0);
      expect(await row.getByRole('button', { name: `Delete ${CUSTOMER.name}` }).count()).toBe(0);
      expect(await page.getByTestId('user-add').count()).toBe(0);
      expect(await page.locator('thead th', { hasText: 'Deleted' }).count()).toBe(0);

      // The customer's profile: no edit or password icon for someone else.
      await row.getByRole('link', { name: `View ${CUSTOMER.name}` }).click();
      await page.getByTestId('user-profile').waitFor();
      await page.getByText('No associations yet').waitFor();
      expect(await page.getByTestId('profile-edit').count()).toBe(0);
      expect(await page.getByTestId('profile-password').count()).toBe(0);
      // Editing someone else without users.put leads to one's own profile.
      const customerId = new URL(page.url()).pathname.split('/').pop();
      await page.goto(`/users/${customerId}/edit`);
      await page.waitForURL(/\/users\/\d+$/);
      expect(await page.locator('.user-profile-name').textContent()).toBe(CLERK.name);
      await page.getByTestId('profile-edit').waitFor();

      // No roles.index: the roles screen says access is denied.
      await page.goto('/roles');
      await page.getByText('Not allowed').waitFor();
      await page.goto('/users/admins/create');
      await page.getByText('Not allowed').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'a customer cannot open the users list',
    async () => {
      const { page, context, errors } = await open(portal, browser, 'en');
      await loginThroughForm(page, CUSTOMER.phone, CUSTOMER.password);
      const links = await sidebarLinks(page);
      expect(links).toContain('Dashboard');
      for (const hidden of ['Users', 'Administration', 'Roles and permissions', 'Audit log'])
        expect(links).not.toContain(hidden);
      expect(await page.getByTestId('stat-total-users').count()).toBe(0);
      await page.goto('/users');
      await page.getByText('Not allowed').waitFor();
      expect(await page.locator('.ant-table').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
