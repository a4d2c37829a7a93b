import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLanguage, launchBrowser, loginThroughForm, newPage, presetStorage } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/**
 * The first screen (issue 21 §4, docs/decisions/0033): the guest pages arrive as HTML prerendered
 * at build time, in the visitor's language, with the form in it; React hydrates them once its code
 * is in, without a warning, and nothing typed meanwhile is lost.
 */

/** Each page: its heading in each language, and a field with something to type into it. */
const GUEST_PAGES = [
  { path: '/login', ar: 'تسجيل الدخول إلى حسابك', en: 'Log in to your account', field: 'phone', typed: '01012345678' },
  { path: '/register', ar: 'إنشاء حساب جديد', en: 'Create an account', field: 'first_name', typed: 'منى' },
  { path: '/reset', ar: 'نسيت كلمة المرور', en: 'Forgot password', field: 'email', typed: 'mona@' },
  { path: '/contact', ar: 'تواصل معنا', en: 'Contact us', field: 'name', typed: 'Mona Adel' },
] as const;

/** What the console said that a person should not see: errors and warnings (React's hydration ones among them). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Playwright's own notice for the service worker these contexts block (helpers/browser.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Holds the files matching `glob` until `release()`: the page shows, its code waits. */
async function holdBack(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** React has taken over this very element (hydrated it) instead of drawing a new one. */
function hydrated(page: Page, selector: string): Promise<unknown> {
  return page.waitForFunction(
    (s) => {
      const element = document.querySelector(s);
      return (
        element !== null &&
        element === (window as { prerendered?: Element }).prerendered &&
        Object.keys(element).some((key) => key.startsWith('__reactFiber'))
      );
    },
    selector,
    { timeout: 30_000 },
  );
}

/** Remembers the prerendered element, so hydrated() can tell it was kept. */
function rememberPrerendered(page: Page, selector: string): Promise<void> {
  return page.evaluate((s) => {
    (window as { prerendered?: Element | null }).prerendered = document.querySelector(s);
  }, selector);
}

/** The app's entry has run: it writes the language cookie first thing (lib/language.ts). */
function entryRan(page: Page): Promise<unknown> {
  return page.waitForFunction(() => /(?:^|;\s*)lang=/.test(document.cookie), undefined, { timeout: 30_000 });
}

describe('the guest pages, prerendered', () => {
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

  it('arrive as HTML with the form in it: Arabic right to left by default, English left to right by the cookie', async () => {
    for (const page of GUEST_PAGES) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await fetch(`${portal.url}${page.path}`, { headers: lang === 'en' ? { cookie: 'lang=en' } : {} });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html, `${page.path} ${lang}`).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(html).toContain(`<body class="${lang}">`);
        expect(html).toContain(`<div id="root" data-prerendered="${lang}">`);
        expect(html).toMatch(/<form class="lean-form[^"]*"[^>]* method="post"/);
        expect(html).toContain(`id="${page.field}"`);
        expect(html).toContain(`>${page[lang]}</h1>`);
      }
    }
    // The app's page for every other path: not prerendered.
    const dashboard = await (await fetch(`${portal.url}/dashboard`)).text();
    expect(dashboard).toContain('<div id="root"></div>');
  });

  it('show the page before the app’s code runs, hydrate it without a warning, and keep what was typed', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const lang of ['ar', 'en'] as const) {
        for (const guestPage of GUEST_PAGES) {
          const { page, context } = await newPage(browser, portal.url, viewport);
          if (lang === 'en') {
            await context.addCookies([{ name: 'lang', value: 'en', url: portal.url }]);
            await presetStorage(context, 'en');
          }
          const problems = consoleProblems(page);
          const release = await holdBack(page, '**/assets/index-*.js');
          await page.goto(guestPage.path, { waitUntil: 'commit' });
          const heading = page.getByRole('heading', { level: 1, name: guestPage[lang] });
          await heading.waitFor();
          expect(await documentLanguage(page)).toEqual({
            dir: lang === 'ar' ? 'rtl' : 'ltr',
            lang,
            bodyClass: lang,
          });
          const field = page.locator(`#${guestPage.field}`);
          await field.fill(guestPage.typed);
          await rememberPrerendered(page, 'form');
          release();
          await hydrated(page, 'form');
          // Sent with a field missing: the errors show, and the typed text is still there (in React's
          // state, not only on screen: a render from a state without it would have emptied the field).
          await page.locator('form button[type=submit]').click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          expect(await field.inputValue(), `${guestPage.path} ${lang} ${viewport}`).toBe(guestPage.typed);
          await heading.waitFor();
          expect(problems, `${guestPage.path} ${lang} ${viewport}`).toEqual([]);
          await context.close();
        }
      }
    }
  });

  it('log in with what was typed, and a submit pressed before hydration, once the page is live', async () => {
    const { page, context } = await newPage(browser, portal.url, 'phone');
    const problems = consoleProblems(page);
    // The entry runs, the login screen's code is held: the form shows, React has not taken it yet.
    const release = await holdBack(page, '**/assets/login-*.js');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#phone').fill(ADMIN.phone);
    await page.locator('#password').fill(ADMIN.password);
    await entryRan(page);
    await rememberPrerendered(page, 'form');
    await page.locator('#password').press('Enter');
    // Held, not sent by the browser: still the same page, same form.
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('my-account-card').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a form typed into before the app’s code arrived to the server only once the page is live', async () => {
    const { page, context } = await newPage(browser, portal.url);
    const problems = consoleProblems(page);
    const release = await holdBack(page, '**/assets/index-*.js');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#phone').fill(ADMIN.phone);
    await page.locator('#password').fill(ADMIN.password);
    await rememberPrerendered(page, 'form');
    release();
    await hydrated(page, 'form');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs the login as an island that switches language, follows its links and signs in without a reload', async () => {
    /** The login page, hydrated as the island (app/login-island.tsx), with a mark that a reload would wipe. */
    const openIsland = async () => {
      const opened = await newPage(browser, portal.url);
      const problems = consoleProblems(opened.page);
      await opened.page.goto('/login');
      await opened.page.waitForFunction(() => {
        const form = document.querySelector('form');
        return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
      });
      const files = await opened.page.evaluate(() =>
        performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname),
      );
      expect(files.some((file) => file.startsWith('/assets/login-island-'))).toBe(true);
      await opened.page.evaluate(() => {
        (window as { stayed?: boolean }).stayed = true;
      });
      const stayed = () => opened.page.evaluate(() => (window as { stayed?: boolean }).stayed === true);
      return { ...opened, problems, stayed };
    };

    const first = await openIsland();
    await first.page.getByTestId('language-toggle').click();
    await first.page.getByRole('heading', { level: 1, name: 'Log in to your account' }).waitFor();
    expect(await documentLanguage(first.page)).toEqual({ dir: 'ltr', lang: 'en', bodyClass: 'en' });
    expect(await first.page.title()).toMatch(/^Log in — /);
    await first.page.getByRole('link', { name: 'Register' }).click();
    await first.page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/register');
    await first.page.goBack();
    await first.page.getByRole('heading', { level: 1, name: 'Log in to your account' }).waitFor();
    expect(await first.stayed()).toBe(true);
    expect(first.problems).toEqual([]);
    await first.context.close();

    const second = await openIsland();
    await second.page.locator('#phone').fill(ADMIN.phone);
    await second.page.locator('#password').fill(ADMIN.password);
    await second.page.getByTestId('login-submit').click();
    await second.page.waitForURL('**/dashboard');
    await second.page.getByTestId('my-account-card').waitFor();
    expect(await second.stayed()).toBe(true);
    expect(second.problems).toEqual([]);
    await second.context.close();
  });

  it('sends a signed-in user who opens /login to the dashboard', async () => {
    const { page, context, errors } = await newPage(browser, portal.url);
    await loginThroughForm(page, ADMIN.phone, ADMIN.password);
    await page.getByTestId('my-account-card').waitFor();
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('my-account-card').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a language chosen before the cookie existed, and from then on is sent in it', async () => {
    const { page, context } = await newPage(browser, portal.url);
    const problems = consoleProblems(page);
    // English in localStorage only (chosen before this version): the server sends the Arabic page.
    await context.addInitScript(() => {
      if (!document.cookie.includes('lang=')) localStorage.setItem('lang', 'en');
    });
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in to your account' }).waitFor();
    expect(await documentLanguage(page)).toEqual({ dir: 'ltr', lang: 'en', bodyClass: 'en' });
    expect(problems).toEqual([]);
    // The cookie now says English: the next page comes in English from the server.
    const next = await page.request.get('/register');
    const nextHtml = await next.text();
    expect(nextHtml).toContain('<html lang="en" dir="ltr">');
    // Its install name is English too before any code runs (the manifest of its language).
    expect(nextHtml).toContain('<link rel="manifest" href="/manifest-en.webmanifest">');

    // Switched back on the page: the server follows.
    await page.getByTestId('language-toggle').click();
    await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول إلى حسابك' }).waitFor();
    const arabic = await page.request.get('/login');
    const arabicHtml = await arabic.text();
    expect(arabicHtml).toContain('<html lang="ar" dir="rtl">');
    expect(arabicHtml).toContain('<link rel="manifest" href="/manifest-ar.webmanifest">');
    await context.close();
  });
});
