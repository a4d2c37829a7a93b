import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium and the flags this machine needs (no downloaded browser, no background traffic). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

export type Viewport = 'desktop' | 'phone';

/**
 * A fresh context (empty storage) at a desktop or a 390 px phone size. Without the service worker
 * (docs/decisions/0032-pwa.md) unless `serviceWorkers: 'allow'`: a test of the screens then never
 * races the worker's download of the whole app, nor its taking over the page half-way; the
 * installable app's own test (pwa.e2e.test.ts) allows it. `userAgent`: another device's (an iPhone).
 * `motion`: by default the visitor's system asks for less motion, so dialogs, drawers and menus
 * open without their animation (antd follows the setting, app/antd-providers.tsx): a click a test
 * makes lands where the element is, not where a half-opened dialog was a frame before (with two
 * browser files at once, a confirm button clicked mid zoom could miss; docs/decisions/0038).
 * `'full'` for a test that needs the animations.
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = 'desktop',
  options: { serviceWorkers?: 'allow' | 'block'; userAgent?: string; motion?: 'reduced' | 'full' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: viewport === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  // Uncaught errors in the page are collected so a test can assert there were none.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Before any page of the context loads: the language, and the session the app keeps in
 * localStorage (src/lib/session-store.ts), as if the visitor had chosen and signed in already.
 */
export async function presetStorage(
  context: BrowserContext,
  lang: 'ar' | 'en',
  session?: { token: string; id: number },
): Promise<void> {
  await context.addInitScript(
    ([language, token, id]) => {
      window.localStorage.setItem('lang', language);
      if (token) {
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user_id', id);
        window.localStorage.setItem('logged', '1');
      }
    },
    [lang, session?.token ?? '', String(session?.id ?? 0)] as const,
  );
}

/**
 * Opens a sidebar group and clicks one of its entries, as a person would: the group is opened only
 * while the entry is hidden, and a click that lands while the group is still folding (a re-render can
 * close it again on a loaded machine) is tried once more, instead of waiting on an entry now hidden.
 */
export async function openFromSidebar(page: Page, group: string, entry: Locator, timeoutMs = 60_000): Promise<void> {
  await untilItTakes(async () => {
    if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: group }).click();
    await entry.click({ timeout: 5_000 });
  }, timeoutMs);
}

/**
 * Runs a person's action again while it fails (each try bounded by its own short timeouts), until
 * `timeoutMs` has passed: for a click a re-render on a loaded machine can undo, where waiting on
 * the first try's outcome would wait on something that never comes.
 */
export async function untilItTakes(attempt: () => Promise<void>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Logs in through the login form, as a person would, and waits for the dashboard. */
export async function loginThroughForm(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#phone').fill(phone);
  await page.locator('#password').fill(password);
  await page.locator('#password').press('Enter');
  await page.waitForURL('**/dashboard');
}

export async function documentLanguage(page: Page) {
  return page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    bodyClass: document.body.className,
  }));
}

/**
 * Chooses an option of a searchable select as a person does: types, waits for the option to be
 * shown, clicks it, and sees it in the field. Enter would take whichever option is active when it
 * lands, and on a loaded machine the search's answer may not have come yet (the field stays empty).
 */
export async function chooseOption(page: Page, combobox: Locator, typed: string, option: RegExp): Promise<void> {
  const field = combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await untilItTakes(async () => {
    await combobox.click({ timeout: 5_000 });
    await combobox.fill(typed, { timeout: 5_000 });
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 5_000 });
    await field.getByTitle(option).first().waitFor({ timeout: 5_000 });
  });
}

/**
 * Opens a screen of the signed-in shell without reloading the app, as a link inside it does (the
 * router follows the history's popstate), and waits until the shell's content shows that location
 * (`data-location`, set in the same render as the screen: components/layout/app-layout.tsx). Loads
 * the page instead when the shell is not up yet or the location is the one shown.
 */
export async function openInApp(page: Page, to: string): Promise<void> {
  const content = page.locator('.app-content[data-location]');
  const shown = (await content.count()) > 0 ? await content.getAttribute('data-location') : null;
  if (shown === null || shown === to) {
    await page.goto(to);
    return;
  }
  await page.evaluate((location) => {
    window.history.pushState(null, '', location);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
  await page.locator(`.app-content[data-location="${to.replaceAll('"', '\\"')}"]`).waitFor();
}
