import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairoDayFromToday, callerFor } from './helpers/api-calls';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/**
 * Issue 22 (UX round 2), what only a browser shows: the way from the login to the dashboard,
 * left-to-right values in Arabic inputs, touch targets on a phone, and the dashboard's
 * subscriptions widget in English. Screenshots of what is checked go to SHOTS_DIR when it is set.
 */
const SHOTS = process.env.SHOTS_DIR;

describe('issue 22 in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: { token: string; id: number };
  let association = 0;

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    const staff = await callerFor(portal);
    admin = { token: staff.token, id: staff.id };
    // A member with a subscription: a row in the dashboard's subscriptions widget, installments to select.
    const who = { name: 'منى حسن', email: 'mona.ux22@example.com', phone: '01044447777', password: 'Mona@2026' };
    await createMember(portal, staff.call, who);
    const associationId = await createAssociation(staff.call, {
      title: 'جمعية الخير',
      cost: 100,
      from_date: cairoDayFromToday(-5),
    });
    const me = await callerFor(portal, who.phone, who.password);
    const joined = await me.call('POST', '/me/subscriptions', { association_id: associationId, day_number: 20 });
    expect(joined.status, JSON.stringify(joined.data)).toBe(201);
    association = associationId;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  async function signedInPage(lang: 'ar' | 'en', viewport: Viewport) {
    const opened = await newPage(browser, portal.url, viewport);
    opened.page.setDefaultTimeout(60_000);
    await presetStorage(opened.context, lang, admin);
    return opened;
  }

  const shoot = async (page: Page, name: string, fullPage = true) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
  };

  it('item 1: the turn-day box of /subscriptions/create finds day 10 typed as ١٠, with Latin digits shown', async () => {
    const { page, context } = await signedInPage('ar', 'desktop');
    await page.goto(`/subscriptions/create?association=${association}`);
    const day = page.getByRole('combobox', { name: 'يوم الدور' });
    await day.click();
    await day.fill('١٠');
    const ten = page.locator('.ant-select-item-option').filter({ hasText: /^اليوم 10 —/ });
    await ten.waitFor();
    expect(await page.getByText('لا توجد أيام متاحة').count()).toBe(0);
    await shoot(page, 'subscription-day-arabic-digits-ar-desktop');
    await ten.click();
    await page.getByTestId('subscription-quote').waitFor();
    await context.close();
  });

  it('item 3: /payments says its exact total and its last page is the last; a lower bound says "more than"', async () => {
    const { page, context } = await signedInPage('ar', 'desktop');
    // One subscription: 1,200 installments, past the exact-count cap, counted from the day rollups.
    await page.goto('/payments');
    const total = page.getByTestId('table-total');
    await total.getByText('الإجمالي: 1,200', { exact: true }).waitFor();
    const pager = page.getByRole('navigation', { name: 'صفحات القائمة' });
    await pager.getByRole('button', { name: 'الصفحة 120' }).click();
    await page.waitForURL(/page=120/);
    await pager.getByRole('button', { name: 'الصفحة 120' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.locator('tbody tr.dt-row').first().waitFor();
    expect(await pager.getByRole('button', { name: 'الصفحة التالية' }).isDisabled()).toBe(true);
    // Filtered by its association: no rollup holds all states of one association, so a lower bound.
    await page.goto(`/payments?association_id=${association}`);
    await total.getByText('الإجمالي: أكثر من 1,000', { exact: true }).waitFor();
    await pager.getByTestId('table-pages-more').waitFor();
    await shoot(page, 'payments-more-than-ar-desktop');
    expect(await pager.getByRole('button', { name: 'الصفحة التالية' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('item 6: after the login the shell shows at once with a skeleton, never a blank page', async () => {
    const { page, context, errors } = await newPage(browser, portal.url);
    await page.goto('/login');
    await page.locator('#phone').fill(ADMIN.phone);
    await page.locator('#password').fill(ADMIN.password);
    // A slow connection, as on a phone: the shell's chunks take a while.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 250_000,
      uploadThroughput: 100_000,
    });
    // What the page shows, recorded in the page at every change of the DOM and every frame until the dashboard is there.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const state = () =>
        document.querySelector('.app-shell [data-testid="my-account-card"]')
          ? 'dashboard'
          : document.querySelector('.app-shell')
            ? 'shell'
            : document.querySelector('[data-testid="shell-skeleton"]')
              ? 'skeleton'
              : document.querySelector('form.lean-form')
                ? 'login'
                : document.querySelector('.page-loader')
                  ? 'spinner'
                  : 'blank';
      const record = () => {
        const now = state();
        if (seen.at(-1) !== now) seen.push(now);
      };
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
      const frame = () => {
        record();
        if (seen.at(-1) !== 'dashboard') requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.locator('#password').press('Enter');
    await page.getByTestId('shell-skeleton').waitFor();
    await shoot(page, 'login-skeleton-ar-desktop');
    await page.getByTestId('my-account-card').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // The login form, then the shell's skeleton, then the shell: no blank page, no lone spinner.
    expect(seen).not.toContain('blank');
    expect(seen).not.toContain('spinner');
    expect(seen[0]).toBe('login');
    expect(seen[1]).toBe('skeleton');
    expect(seen.at(-1)).toBe('dashboard');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('item 6: a fresh load of a screen of the shell shows the skeleton, not a spinner, on a phone too', async () => {
    const { page, context } = await signedInPage('ar', 'phone');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 250_000,
      uploadThroughput: 100_000,
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.getByTestId('shell-skeleton').waitFor();
    // On a phone: no sidebar, the header with the menu button's place.
    expect(await page.locator('.shell-skeleton-sider').isVisible()).toBe(false);
    await shoot(page, 'reload-skeleton-ar-phone');
    await page.getByTestId('my-account-card').waitFor();
    await context.close();
  }, 120_000);

  it('item 9: a link, an email and a phone typed in an Arabic form stay left to right', async () => {
    const { page, context } = await signedInPage('ar', 'desktop');
    await page.goto('/settings');
    const link = page.getByLabel('رابط صفحة العقود');
    await link.waitFor();
    expect(await link.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
    expect(await link.getAttribute('placeholder')).toBe('https://');
    await page.goto('/users/create');
    for (const label of ['البريد الإلكتروني', 'رقم الهاتف', 'كلمة المرور']) {
      const input = page.getByLabel(label, { exact: true });
      await input.waitFor();
      expect(await input.evaluate((el) => getComputedStyle(el).direction), label).toBe('ltr');
    }
    // A name stays right to left.
    expect(await page.getByLabel('الاسم', { exact: true }).evaluate((el) => getComputedStyle(el).direction)).toBe(
      'rtl',
    );
    await shoot(page, 'user-create-ar-desktop');
    await context.close();
  });

  it('item 12: on a phone, row checkboxes are 24 px and the header, pager and submit buttons 44 px', async () => {
    const { page, context } = await signedInPage('ar', 'phone');
    const size = async (selector: string) => {
      const box = await page.locator(selector).first().boundingBox();
      if (!box) throw new Error(`${selector} is not on screen`);
      return box;
    };
    await page.goto('/payments');
    await page.locator('.dt-card .dt-check').first().waitFor();
    const check = await size('.dt-card .dt-check');
    expect(Math.min(check.width, check.height)).toBeGreaterThanOrEqual(24);
    for (const button of await page.locator('.header-bar .ant-btn').all()) {
      const box = await button.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0), await button.innerText()).toBeGreaterThanOrEqual(44);
    }
    const page1 = await size('.dt-page');
    expect(page1.height).toBeGreaterThanOrEqual(44);
    await shoot(page, 'payments-ar-phone', false);
    await page.goto('/users/create');
    const submit = await size('[data-testid="user-form-submit"]');
    expect(submit.height).toBeGreaterThanOrEqual(44);
    await page.locator('[data-testid="user-form-submit"]').scrollIntoViewIfNeeded();
    await shoot(page, 'user-create-ar-phone', false);
    await context.close();
  });

  it('item 15: the 404 page’s way home is a link, readable in the button’s colours', async () => {
    for (const lang of ['ar', 'en'] as const) {
      const { page, context } = await newPage(browser, portal.url);
      await presetStorage(context, lang);
      await page.goto('/no/such/page');
      const home = page.getByRole('link', { name: lang === 'ar' ? 'العودة إلى الرئيسية' : 'Back to home' });
      await home.waitFor();
      expect(await home.getAttribute('href')).toBe('/');
      const [color, background] = await home.evaluate((el) => [
        getComputedStyle(el).color,
        getComputedStyle(el).backgroundColor,
      ]);
      expect(color, lang).toBe('rgb(255, 255, 255)');
      expect(background, lang).not.toBe(color);
      await shoot(page, `not-found-${lang}-desktop`, false);
      await context.close();
    }
  });

  it('item 14: the dashboard’s subscriptions widget shows every column in English, nothing hidden or cut', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const { page, context } = await signedInPage(lang, 'desktop');
      await page.goto('/dashboard');
      const widget = page.getByTestId('dashboard-subscriptions');
      await widget.getByTestId('table-total').waitFor();
      const status = widget.getByText(lang === 'en' ? 'Not transferred' : 'لم يتم التحويل', { exact: true });
      await status.waitFor();
      await shoot(page, `dashboard-${lang}-desktop`);
      // The table fits its card: it does not scroll sideways, so the actions column covers nothing.
      const scroller = widget.locator('.dt-scroll');
      const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scrollWidth, lang).toBeLessThanOrEqual(clientWidth);
      // The badge's text is whole.
      expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await context.close();
    }
  });
});
