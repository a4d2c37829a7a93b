import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLanguage, launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

describe('walking skeleton in the browser', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('sends a visitor without a session from / to the Arabic, right-to-left login page', async () => {
    const { page, context, errors } = await newPage(browser, portal.url);
    await page.goto('/');
    // What the visitor waits for: the login form (the redirect happens inside the page).
    await page.getByRole('heading', { name: 'تسجيل الدخول إلى حسابك' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await documentLanguage(page)).toEqual({ dir: 'rtl', lang: 'ar', bodyClass: 'ar' });
    // The bundled Arabic web font is loaded, not a CDN one.
    const cairo = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((f) => f.family.replaceAll('"', '') === 'Cairo' && f.status === 'loaded');
    });
    expect(cairo).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a wrong password with the invalid-data toast and stays on the login page', async () => {
    const { page, context } = await newPage(browser, portal.url);
    await page.goto('/login');
    await page.locator('#phone').fill(ADMIN.phone);
    await page.locator('#password').fill('Wrong@12345');
    await page.locator('#password').press('Enter');
    await expect(page.getByText('البيانات غير صحيحة').waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('logs in in Arabic, switches to English across a reload, sees the audit log, and logs out', async () => {
    const { page, context, errors } = await newPage(browser, portal.url);
    await loginThroughForm(page, ` ${ADMIN.phone.slice(0, 3)} ${ADMIN.phone.slice(3)} `, ADMIN.password);
    const card = page.getByTestId('my-account-card');
    await card.waitFor();
    expect(await card.textContent()).toContain(ADMIN.name);
    expect(await card.textContent()).toContain('مفعّل');

    await page.getByTestId('language-toggle').click();
    // The English texts are downloaded first, then the page flips: wait for it.
    await expect.poll(() => documentLanguage(page)).toEqual({ dir: 'ltr', lang: 'en', bodyClass: 'en' });
    await page.reload();
    await page.getByText('My account').waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'ltr', lang: 'en', bodyClass: 'en' });
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    const footer = await page.locator('footer').textContent();
    expect(footer).toContain(String(new Date().getFullYear()));

    // The login just made is in the audit log, with the acting user linked.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/logs');
    // The first data row (row 0 is the header).
    const firstRow = page.getByRole('region', { name: 'Audit log' }).getByRole('row').nth(1);
    await firstRow.getByRole('link', { name: /View entry/ }).waitFor();
    expect(await firstRow.textContent()).toContain('Logged in');
    await firstRow.getByRole('link', { name: /View entry/ }).click();
    await page.waitForURL(/\/logs\/\d+$/);
    // What changed, field by field; the stored record itself on request.
    // The user column names the person, linked to their record (issue 22 item 7).
    const changes = page.getByRole('table', { name: 'What changed' });
    await changes.getByRole('rowheader', { name: 'User', exact: true }).waitFor();
    await changes.getByRole('link', { name: ADMIN.name }).first().waitFor();
    await page.getByRole('button', { name: 'Show raw data' }).click();
    await page.getByTestId('new-value').waitFor();
    expect(await page.getByTestId('new-value').textContent()).toContain('"user_id"');
    expect(await page.getByTestId('new-value').textContent()).not.toContain('token_hash');
    await page.getByTestId('log-user-link').waitFor();

    // Filters live in the URL, so Back restores them.
    await page.goto('/logs?action=login');
    await firstRow.getByRole('link', { name: /View entry/ }).waitFor();
    expect(await page.getByTestId('table-total').textContent()).toBe('Total: 1');

    await page.getByTestId('profile-menu').click();
    await page.getByText('Log out').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('revokes the token on the server at logout', async () => {
    const { page, context } = await newPage(browser, portal.url);
    await loginThroughForm(page, ADMIN.phone, ADMIN.password);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByTestId('profile-menu').click();
    await page.getByText('تسجيل الخروج').click();
    await page.waitForURL('**/login');
    const res = await fetch(`${portal.url}/api/v1/users/1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await context.close();
  });

  it('returns a guest to the page they asked for once they have logged in', async () => {
    const { page, context } = await newPage(browser, portal.url);
    await page.goto('/logs?action=login');
    await page.waitForURL('**/login');
    await page.locator('#phone').fill(ADMIN.phone);
    await page.locator('#password').fill(ADMIN.password);
    await page.locator('#password').press('Enter');
    await page.waitForURL('**/logs?action=login');
    await page.getByRole('region', { name: 'سجل العمليات' }).getByRole('row').nth(1).waitFor();
    await context.close();
  });

  it('shows the 404 page for an unknown route, with a way home', async () => {
    const { page, context } = await newPage(browser, portal.url);
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('الصفحة غير موجودة').waitFor();
    // A link (issue 22 item 15): it opens in a new tab too.
    await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sends a signed-in user away from the login page, and shows 401 and 500 pages', async () => {
    const { page, context } = await newPage(browser, portal.url);
    await loginThroughForm(page, ADMIN.phone, ADMIN.password);
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/401');
    await page.getByRole('button', { name: 'العودة إلى ملفي الشخصي' }).waitFor();
    await page.goto('/500');
    await page.getByText('الخدمة غير متاحة مؤقتًا').waitFor();
    await page.getByRole('searchbox').fill('سجل');
    await page.getByRole('link', { name: 'سجل العمليات' }).waitFor();
    // Labels of the signed-in screens too (their texts are downloaded for the search), and a word when nothing matches.
    await page.getByRole('searchbox').fill('الصلاحيات');
    await page.getByRole('link', { name: 'الأدوار والصلاحيات' }).waitFor();
    await page.getByRole('searchbox').fill('فواتير');
    await page.getByRole('status').filter({ hasText: 'لا توجد صفحة بهذا الاسم' }).waitFor();
    // The 401 page's "Log in" ends the session and opens the login page.
    await page.goto('/401');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'تسجيل الدخول إلى حسابك' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('names every page in the tab, and goes back inside the app, to the parent page when opened directly', async () => {
    const { page, context, errors } = await newPage(browser, portal.url);
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe('تسجيل الدخول — بوابة الجمعيات');
    await loginThroughForm(page, ADMIN.phone, ADMIN.password);
    await expect.poll(() => page.title()).toBe('لوحة التحكم — بوابة الجمعيات');
    // Opened directly (a bookmark, a new tab): back goes up to the administrators, not off the app.
    await page.goto('/users/admins/create');
    await page.getByTestId('user-form').waitFor();
    await expect.poll(() => page.title()).toBe('إضافة مسؤول — بوابة الجمعيات');
    await page.getByTestId('back-button').click();
    await page.waitForURL(/\/users\/admins$/);
    // With a page of the app before it, back returns there.
    await page.locator('.sidebar').getByRole('link', { name: 'سجل العمليات' }).click();
    await page.waitForURL('**/logs');
    await page.getByTestId('back-button').click();
    await page.waitForURL(/\/users\/admins$/);
    await page.getByTestId('language-toggle').click();
    await expect.poll(() => page.title()).toBe('Administrators — Associations Portal');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the menu as a drawer on a phone', async () => {
    const { page, context } = await newPage(browser, portal.url, 'phone');
    await loginThroughForm(page, ADMIN.phone, ADMIN.password);
    expect(await page.locator('.app-sider').count()).toBe(0);
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.locator('.app-drawer').getByRole('link', { name: 'سجل العمليات' }).click();
    await page.waitForURL('**/logs');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
