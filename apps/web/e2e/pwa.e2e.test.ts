import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Caller, cairoDayFromToday, callerFor, must } from './helpers/api-calls';
import { CHROMIUM, launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { type Portal, startPortal } from './helpers/portal';

/**
 * The members' app on the phone (issue 23, docs/decisions/0032-pwa.md), in Chromium at 390 × 844
 * with its service worker: installable, controlled after the first visit, a statement opened once
 * read again offline under the offline banner, nothing of one member's left for the next, and a new
 * version announced, never forced.
 */

const SLOW = 300_000;
const OFFLINE_CACHE = 'portal-offline-copies';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

const AMAL: Member = { name: 'أمل فتحي', email: 'amal.pwa@example.com', phone: '01055550001', password: 'Amal@2026' };
const BASSEM: Member = {
  name: 'باسم نبيل',
  email: 'bassem.pwa@example.com',
  phone: '01055550002',
  password: 'Bassem@2026',
};
const AMAL_TITLE = 'جمعية أمل للتجار';
const BASSEM_TITLE = 'جمعية باسم للمعلمين';
/** The associations began 10 days ago: a member joining on day 20 owes 10 installments at once. */
const STARTED_DAYS_AGO = 10;

/** The page's own service worker state, as the page sees it. */
function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** The URLs of the offline copies the browser holds now (none when the cache is gone). */
function offlineCopies(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => request.url);
  }, OFFLINE_CACHE);
}

/** Joins `member` to the association on day 20 through the API, as the member: the subscription's id. */
async function join(portal: Portal, member: Member, associationId: number): Promise<number> {
  const { call } = await callerFor(portal, member.phone, member.password);
  const joined = await must<{ id: number }>(call, 'POST', '/me/subscriptions', {
    association_id: associationId,
    day_number: 20,
  });
  return joined.id;
}

describe('the installable app on a phone', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  /** This file's own copy of the build: the update test changes its service worker. */
  let dist: string;
  let amalSubscription: number;
  let bassemSubscription: number;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'portal-e2e-pwa-'));
    await cp(inject('webDist'), dist, { recursive: true });
    portal = await startPortal({ WEB_DIST: dist, JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    await createMember(portal, admin, AMAL);
    await createMember(portal, admin, BASSEM);
    const from = cairoDayFromToday(-STARTED_DAYS_AGO);
    const amalAssociation = await createAssociation(admin, { title: AMAL_TITLE, cost: 100, from_date: from });
    const bassemAssociation = await createAssociation(admin, { title: BASSEM_TITLE, cost: 200, from_date: from });
    amalSubscription = await join(portal, AMAL, amalAssociation);
    bassemSubscription = await join(portal, BASSEM, bassemAssociation);
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  }, SLOW);

  it(
    'is installable: a valid manifest per language, Chromium offers to install it, the profile menu too; the worker controls the next visit',
    async () => {
      // A browser profile of its own: Chromium never offers to install from an incognito context.
      const profile = await mkdtemp(path.join(tmpdir(), 'portal-e2e-pwa-profile-'));
      const context = await chromium.launchPersistentContext(profile, {
        ...CHROMIUM,
        baseURL: portal.url,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const errors: string[] = [];
      try {
        await context.addInitScript(() => {
          window.addEventListener('beforeinstallprompt', () => {
            (window as Window & { offered?: boolean }).offered = true;
          });
        });
        const page = context.pages()[0] ?? (await context.newPage());
        page.on('pageerror', (error) => errors.push(error.message));
        page.setDefaultTimeout(60_000);
        await page.goto('/login');
        await page.locator('#phone').waitFor();
        const href = await page.locator('link[rel="manifest"]').getAttribute('href');
        expect(href).toBe('/manifest-ar.webmanifest');
        const served = await page.request.get(href ?? '');
        expect(served.headers()['content-type']).toMatch(/^application\/manifest\+json/);
        expect(served.headers()['cache-control']).toBe('no-cache');
        const manifest = await served.json();
        expect(manifest).toMatchObject({
          name: 'بوابة الجمعيات',
          short_name: 'الجمعيات',
          lang: 'ar',
          dir: 'rtl',
          start_url: '/dashboard',
          display: 'standalone',
          theme_color: '#0b6e4f',
        });
        for (const size of ['192x192', '512x512']) {
          const icon = manifest.icons.find(
            (i: { sizes: string; purpose: string }) => i.sizes === size && i.purpose === 'maskable',
          );
          expect(icon, size).toBeDefined();
          const png = await page.request.get(icon.src);
          expect(png.status(), icon.src).toBe(200);
          expect(png.headers()['content-type']).toBe('image/png');
        }

        // Chromium's own installability check (the one Lighthouse's "installable" audit read):
        // nothing missing, and the browser offers to install (the app keeps the offer).
        const cdp = await context.newCDPSession(page);
        const parsed = await cdp.send('Page.getAppManifest');
        expect(parsed.errors).toEqual([]);
        await expect
          .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 30_000 })
          .toEqual([]);
        await page.waitForFunction(() => (window as Window & { offered?: boolean }).offered === true);

        // The service worker controls the page from the next visit on.
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.reload();
        await page.locator('#phone').waitFor();
        expect(await controlled(page)).toBe(true);
        const worker = await page.request.get('/sw.js');
        expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(worker.headers()['cache-control']).toBe('no-cache');

        // Signed in: "Install the app" in the profile menu, the browser's offer kept since the login page.
        await page.locator('#phone').fill(AMAL.phone);
        await page.locator('#password').fill(AMAL.password);
        await page.locator('#password').press('Enter');
        await page.waitForURL('**/dashboard');
        await page.getByTestId('profile-menu').click();
        await page.getByRole('menuitem', { name: 'تثبيت التطبيق' }).waitFor();
        await page.keyboard.press('Escape');

        // English: the page points at the English manifest (its name, lang and dir).
        await page.getByTestId('language-toggle').click();
        await expect
          .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
          .toBe('/manifest-en.webmanifest');
        expect(await (await page.request.get('/manifest-en.webmanifest')).json()).toMatchObject({
          name: 'Associations Portal',
          lang: 'en',
          dir: 'ltr',
          start_url: '/dashboard',
        });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it(
    'shows an iPhone, which has no install prompt, how to add the app to its Home Screen',
    async () => {
      const { context, page, errors } = await newPage(browser, portal.url, 'phone', { userAgent: IPHONE });
      page.setDefaultTimeout(60_000);
      try {
        await loginThroughForm(page, AMAL.phone, AMAL.password);
        await page.getByTestId('profile-menu').click();
        await page.getByRole('menuitem', { name: 'تثبيت التطبيق' }).click();
        const howTo = page.getByRole('dialog', { name: 'تثبيت التطبيق على iPhone' });
        await howTo.waitFor();
        expect(await howTo.textContent()).toContain('«إضافة إلى الشاشة الرئيسية»');
        await howTo.getByRole('button', { name: 'حسنًا' }).click();
        await howTo.waitFor({ state: 'hidden' });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    SLOW,
  );

  it(
    "reads a statement opened before, offline, under the banner; the next member on the browser sees none of the first's",
    async () => {
      const { context, page, errors } = await newPage(browser, portal.url, 'phone', { serviceWorkers: 'allow' });
      page.setDefaultTimeout(60_000);
      try {
        await loginThroughForm(page, AMAL.phone, AMAL.password);
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

        // Online: the statement, through the service worker (network first: the server answers).
        const statementUrl = `/my/subscriptions/${amalSubscription}/statement`;
        const answered = page.waitForResponse((r) =>
          r.url().endsWith(`/api/v1/me/subscriptions/${amalSubscription}/statement`),
        );
        await page.goto(statementUrl);
        const fromWorker = await answered;
        expect(fromWorker.status()).toBe(200);
        expect(fromWorker.fromServiceWorker()).toBe(true);
        await page.getByRole('heading', { name: `كشف حساب: ${AMAL_TITLE}` }).waitFor();
        await page.getByText(`عدد الأقساط: ${STARTED_DAYS_AGO}`, { exact: true }).waitFor();
        expect(await page.getByTestId('offline-banner').count()).toBe(0);
        await page.goto('/my/associations');
        await page.getByRole('article', { name: AMAL_TITLE }).waitFor();
        await expect.poll(async () => (await offlineCopies(page)).length).toBeGreaterThan(0);

        // Offline: the page itself and the statement come from the worker's copies, under the banner.
        await context.setOffline(true);
        await page.goto(statementUrl);
        await page.getByRole('heading', { name: `كشف حساب: ${AMAL_TITLE}` }).waitFor();
        await page.getByText(`عدد الأقساط: ${STARTED_DAYS_AGO}`, { exact: true }).waitFor();
        const banner = page.getByTestId('offline-banner');
        await banner.waitFor();
        expect(await banner.textContent()).toMatch(/غير متصل — آخر نسخة محفوظة بتاريخ .*\d/);
        // Actions say they need a connection instead of failing.
        await page.goto('/my/associations');
        const card = page.getByRole('article', { name: AMAL_TITLE });
        await card.waitFor();
        const move = card.getByTestId(`subscription-${amalSubscription}-move`);
        await expect.poll(() => move.textContent()).toContain('يحتاج إلى اتصال');
        expect(await move.isDisabled()).toBe(true);
        // A page never opened has no copy: its own error, no data, no crash.
        await page.goto('/my/cards');
        await page.getByTestId('offline-banner').waitFor();

        // Online again: the server's figures, and the banner goes.
        await context.setOffline(false);
        await page.goto(statementUrl);
        await page.getByRole('heading', { name: `كشف حساب: ${AMAL_TITLE}` }).waitFor();
        await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

        // Logout: every copy goes with the session.
        await page.getByTestId('profile-menu').click();
        await page.getByText('تسجيل الخروج').click();
        await page.waitForURL('**/login');
        // …and the login that follows does not send the next person back to Amal's statement.
        expect(
          await page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from),
        ).toBeUndefined();
        await expect.poll(() => offlineCopies(page)).toEqual([]);

        // The next member on this browser: their own, then offline nothing of Amal's.
        await loginThroughForm(page, BASSEM.phone, BASSEM.password);
        await page.goto(`/my/subscriptions/${bassemSubscription}/statement`);
        await page.getByRole('heading', { name: `كشف حساب: ${BASSEM_TITLE}` }).waitFor();
        await page.goto('/my/associations');
        await page.getByRole('article', { name: BASSEM_TITLE }).waitFor();
        await context.setOffline(true);
        await page.goto(statementUrl);
        await page.getByTestId('offline-banner').waitFor();
        await page.getByText('تعذّر تحميل كشف الحساب').waitFor();
        await page.goto('/my/associations');
        await page.getByRole('article', { name: BASSEM_TITLE }).waitFor();
        expect(await page.getByText(AMAL_TITLE).count()).toBe(0);
        const copies = await offlineCopies(page);
        expect(copies.length).toBeGreaterThan(0);
        expect(copies.some((url) => url.includes(`/me/subscriptions/${amalSubscription}/`))).toBe(false);

        // A 401 (the session revoked elsewhere) empties the copies too.
        await context.setOffline(false);
        const token = await page.evaluate(() => localStorage.getItem('token'));
        const revoked = await portal.app.inject({
          method: 'POST',
          url: '/api/v1/logout',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(revoked.statusCode).toBeLessThan(300);
        await page.goto(`/my/subscriptions/${bassemSubscription}/statement`);
        await page.waitForURL('**/login');
        await expect.poll(() => offlineCopies(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    SLOW,
  );

  it(
    'announces a new version without reloading, and opens it on the next open or when asked',
    async () => {
      const opened = await newPage(browser, portal.url, 'phone', { serviceWorkers: 'allow' });
      const context: BrowserContext = opened.context;
      try {
        let page = opened.page;
        page.setDefaultTimeout(60_000);
        await page.goto('/login');
        await page.locator('#phone').waitFor();
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

        // A new build's worker on the server (any byte changed is a new version).
        const newVersion = async (mark: string) => {
          const file = path.join(dist, 'sw.js');
          await writeFile(file, `${await readFile(file, 'utf8')}\n// ${mark}\n`);
          await rm(`${file}.br`, { force: true });
          await rm(`${file}.gz`, { force: true });
        };
        await newVersion('v2');
        // Typing in the form meanwhile: nothing may reload under the person's fingers.
        await page.locator('#phone').fill('0105');
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
        const toast = page.getByTestId('update-toast');
        await toast.waitFor();
        expect(await toast.textContent()).toContain('نسخة جديدة من التطبيق جاهزة');
        expect(await page.locator('#phone').inputValue()).toBe('0105');
        expect(
          await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting !== null)),
        ).toBe(true);

        // The next open: every page of the old version closed, the new one is what opens.
        await page.close();
        page = await context.newPage();
        await page.goto('/login');
        await page.locator('#phone').waitFor();
        await expect
          .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)))
          .toBeNull();
        expect(await controlled(page)).toBe(true);
        expect(await page.getByTestId('update-toast').count()).toBe(0);

        // Or at once, when the person asks: "Open it now" reloads that tab into the new version; another
        // tab of the app, taken over meanwhile, is not reloaded under the person's fingers.
        const other = await context.newPage();
        await other.goto('/login');
        await other.locator('#phone').fill('0106');
        const mark = (p: Page) =>
          p.evaluate(() => {
            (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
          });
        const marked = (p: Page) => p.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate);
        await mark(page);
        await mark(other);
        await newVersion('v3');
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
        await page.getByTestId('update-toast').waitFor();
        await other.getByTestId('update-toast').waitFor();
        const reloaded = page.waitForEvent('load');
        await page.getByTestId('update-now').click();
        await reloaded;
        await page.locator('#phone').waitFor();
        expect(await marked(page)).toBeUndefined();
        expect(
          await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
        ).toBeNull();
        expect(await page.getByTestId('update-toast').count()).toBe(0);
        // The other tab: now run by the new version, still as it was, the toast offering to reload.
        await other.waitForFunction(() =>
          navigator.serviceWorker.getRegistration().then((r) => r?.waiting === null && r.active?.state === 'activated'),
        );
        expect(await marked(other)).toBe(true);
        expect(await other.locator('#phone').inputValue()).toBe('0106');
        await other.getByTestId('update-toast').waitFor();
      } finally {
        await context.close();
      }
    },
    SLOW,
  );
});
