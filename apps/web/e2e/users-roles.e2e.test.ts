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

/**
 * Waits for the answer to an API call the next action makes (not for a toast that comes and goes),
 * and checks it succeeded. Start it before the click: `const saved = answered(page, 'PUT', '/roles')`.
 */
async function answered(page: Page, method: string, path: string | RegExp): Promise<void> {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method) return false;
    const url = new URL(r.url()).pathname.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? url === path : path.test(url);
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The sidebar menu's links, by their visible text. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation').getByRole('menu').first();
  await menu.waitFor();
  return (await menu.getByRole('link').allTextContents()).map((s) => s.trim());
}

/** A row of the list, by a text in it. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

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
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('اسم الدور').fill(ROLE);
      const created = answered(page, 'PUT', '/roles');
      await dialog.getByLabel('اسم الدور').press('Enter');
      await created;
      // The new role's permissions open next, grouped with translated titles.
      const drawer = page.locator('.role-permissions-drawer');
      await drawer.getByText(`صلاحيات الدور: ${ROLE}`).waitFor();
      await drawer.locator('.permission-group-title', { hasText: 'المستخدمون' }).waitFor();
      for (const permission of ROLE_PERMISSIONS) {
        await drawer.locator(`.permission-item[data-permission="${permission}"]`).locator('input').check();
      }
      const updated = answered(page, 'PUT', /^\/roles\/\d+$/);
      await page.getByTestId('role-permissions-save').click();
      await updated;
      const roleRow = rowWith(page, ROLE);
      // Latin digits, the Arabic interface's default (docs/decisions/0016-digits.md).
      await roleRow.getByRole('cell').nth(3).filter({ hasText: '3' }).waitFor();

      // An administrator account, from the administrators' screen (the sidebar names it as the page does).
      await page.locator('.sidebar').getByRole('link', { name: 'المسؤولون' }).click();
      await page.waitForURL('**/users/admins');
      await page.getByTestId('user-add').click();
      await page.waitForURL('**/users/admins/create');
      const clerkForm = page.getByTestId('user-form');
      await clerkForm.getByLabel('الاسم', { exact: true }).fill(CLERK.name);
      await clerkForm.getByLabel('البريد الإلكتروني', { exact: true }).fill(CLERK.email);
      await clerkForm
        .getByLabel('رقم الهاتف', { exact: true })
        .fill(CLERK.phone.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))));
      await clerkForm.getByLabel('كلمة المرور', { exact: true }).fill(CLERK.password);
      await clerkForm.getByLabel('تأكيد كلمة المرور', { exact: true }).fill(CLERK.password);
      const clerkCreated = answered(page, 'PUT', '/users');
      await page.getByTestId('user-form-submit').click();
      await clerkCreated;
      await page.waitForURL('**/users/admins');
      const clerkRow = rowWith(page, CLERK.name);
      await clerkRow.waitFor();
      expect(await clerkRow.textContent()).toContain(CLERK.phone);
      expect(await clerkRow.textContent()).toContain('مفعّل');

      // The role, from the row's roles action: role permissions checked and locked, nothing extra sent.
      await clerkRow.getByRole('link', { name: `أدوار ${CLERK.name} وصلاحياته` }).click();
      await page.waitForURL(/\/users\/user\/roles\/\d+$/);
      const clerkId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByTestId('user-access-form').waitFor();
      // The roles picker: type to filter, Enter picks the highlighted role.
      const rolesPicker = page.getByRole('combobox', { name: 'الأدوار', exact: true });
      await rolesPicker.click();
      await rolesPicker.fill(ROLE);
      await page.getByRole('option', { name: ROLE }).waitFor({ state: 'attached' });
      await rolesPicker.press('Enter');
      await page.keyboard.press('Escape');
      const usersIndex = page.locator('.permission-item[data-permission="users.index"]').locator('input');
      await expect.poll(() => usersIndex.isDisabled()).toBe(true);
      expect(await usersIndex.isChecked()).toBe(true);
      const sent = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/user/roles/${clerkId}`),
      );
      await page.getByTestId('user-access-save').click();
      const response = await sent;
      expect(response.status()).toBe(200);
      const body = response.request().postDataJSON() as { roles: number[]; permissions: string[] };
      expect(body.roles).toHaveLength(1);
      expect(body.permissions).toEqual([]);

      // A customer, from the users screen.
      await page.goto('/users/create');
      const customerForm = page.getByTestId('user-form');
      await customerForm.getByLabel('الاسم', { exact: true }).fill(CUSTOMER.name);
      await customerForm.getByLabel('البريد الإلكتروني', { exact: true }).fill(CUSTOMER.email);
      await customerForm.getByLabel('رقم الهاتف', { exact: true }).fill(CUSTOMER.phone);
      await customerForm.getByLabel('كلمة المرور', { exact: true }).fill(CUSTOMER.password);
      const confirm = customerForm.getByLabel('تأكيد كلمة المرور', { exact: true });
      await confirm.fill(CUSTOMER.password);
      const customerCreated = answered(page, 'PUT', '/users');
      await confirm.press('Enter');
      await customerCreated;
      await page.waitForURL(/\/users$/);
      await rowWith(page, CUSTOMER.name).waitFor();
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
      // users.index: the users entry, the administrators entry and the dashboard's user counts; logs.index: the audit log.
      const links = await sidebarLinks(page);
      expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Administrators', 'Audit log']));
      expect(links).not.toContain('Roles and permissions');
      await page.getByTestId('stat-total-users').waitFor();
      expect(await page.getByTestId('stat-total-users').textContent()).toContain('Total users');

      await page.locator('.sidebar').getByRole('link', { name: 'Users', exact: true }).click();
      await page.waitForURL('**/users');
      const row = rowWith(page, CUSTOMER.name);
      await row.waitFor();
      // users.view: the view button; no users.put or users.delete: no add, edit or delete.
      await row.getByRole('link', { name: `View ${CUSTOMER.name}` }).waitFor();
      expect(await row.getByRole('link', { name: `Edit ${CUSTOMER.name}` }).count()).toBe(0);
      expect(await row.getByRole('button', { name: `Delete ${CUSTOMER.name}` }).count()).toBe(0);
      expect(await page.getByTestId('user-add').count()).toBe(0);
      // No admin_users: no way to list deleted users.
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Status').waitFor();
      expect(await page.getByRole('checkbox', { name: 'Show deleted users' }).count()).toBe(0);

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
      for (const hidden of ['Users', 'Administrators', 'Roles and permissions', 'Audit log'])
        expect(links).not.toContain(hidden);
      expect(await page.getByTestId('stat-total-users').count()).toBe(0);
      await page.goto('/users');
      await page.getByText('Not allowed').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
