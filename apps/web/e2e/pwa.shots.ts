import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { cairoDayFromToday, callerFor, must } from './helpers/api-calls';
import { CHROMIUM, launchBrowser, loginThroughForm, newPage, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { type Portal, startPortal } from './helpers/portal';
import { settled } from './helpers/shots';

/**
 * The installable app's screens (issue 23, docs/decisions/0032-pwa.md), in Arabic and English, on a
 * desk and a 390 px phone, written to SHOTS_DIR (default test-results/pwa) for a person to judge:
 * the profile menu's "Install the app", the iPhone how-to, the offline banner over a statement and
 * over the member's associations (actions saying they need a connection), and the update toast.
 * `npm run shots -w @portal/web -- e2e/pwa.shots.ts`
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/pwa/', import.meta.url).pathname;
const MEMBER: Member = {
  name: 'أمل فتحي',
  email: 'amal.shots@example.com',
  phone: '01055550011',
  password: 'Amal@2026',
};
const TITLE = 'جمعية أمل للتجار';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

describe('the installable app, pictured', () => {
  let portal: Portal;
  let browser: Browser;
  let dist: string;
  let subscription: number;
  let version = 0;

  beforeAll(async () => {
    await mkdir(OUT, { recursive: true });
    dist = await mkdtemp(path.join(tmpdir(), 'portal-shots-pwa-'));
    await cp(inject('webDist'), dist, { recursive: true });
    portal = await startPortal({ WEB_DIST: dist, JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    const admin = (await callerFor(portal)).call;
    await createMember(portal, admin, MEMBER);
    const association = await createAssociation(admin, {
      title: TITLE,
      cost: 100,
      from_date: cairoDayFromToday(-10),
    });
    const member = (await callerFor(portal, MEMBER.phone, MEMBER.password)).call;
    subscription = (
      await must<{ id: number }>(member, 'POST', '/me/subscriptions', { association_id: association, day_number: 20 })
    ).id;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const shot = (page: Page, name: string, lang: string, viewport: Viewport) =>
    page.screenshot({ path: path.join(OUT, `${name}-${lang}-${viewport}.png`) });

  it('pictures the install entry, the offline banner and the update toast', async () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        // A profile of its own: Chromium offers to install only outside incognito.
        const profile = await mkdtemp(path.join(tmpdir(), 'portal-shots-profile-'));
        const context = await chromium.launchPersistentContext(profile, {
          ...CHROMIUM,
          baseURL: portal.url,
          viewport: SIZES[viewport],
          isMobile: viewport === 'phone',
          hasTouch: viewport === 'phone',
        });
        try {
          await presetStorage(context, lang);
          const page = context.pages()[0] ?? (await context.newPage());
          page.setDefaultTimeout(60_000);
          await loginThroughForm(page, MEMBER.phone, MEMBER.password);
          await page.evaluate(async () => {
            await navigator.serviceWorker.ready;
          });
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

          // The profile menu with "Install the app" (the browser's offer, kept since the login page).
          await page.getByTestId('profile-menu').click();
          await page.getByTestId('install-app').waitFor();
          await settled(page);
          await shot(page, 'install-entry', lang, viewport);
          await page.keyboard.press('Escape');

          // Read online once, then offline: the statement and the associations from their copies.
          const statement = `/my/subscriptions/${subscription}/statement`;
          await page.goto(statement);
          await page.locator('.statement-title').waitFor();
          await page.goto('/my/associations');
          await page.getByRole('article', { name: TITLE }).waitFor();
          await context.setOffline(true);
          await page.goto(statement);
          await page.locator('.statement-title').waitFor();
          await page.getByTestId('offline-banner').waitFor();
          await settled(page);
          await shot(page, 'offline-statement', lang, viewport);
          await page.goto('/my/associations');
          await page.locator('[data-offline="true"]').first().waitFor();
          await settled(page);
          await shot(page, 'offline-associations', lang, viewport);
          await context.setOffline(false);

          // A new version on the server: the toast, on the member's home.
          await page.goto('/dashboard');
          await page.getByRole('main').first().waitFor();
          await settled(page);
          version += 1;
          const worker = path.join(dist, 'sw.js');
          await writeFile(worker, `${await readFile(worker, 'utf8')}\n// shots ${version}\n`);
          await rm(`${worker}.br`, { force: true });
          await rm(`${worker}.gz`, { force: true });
          await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
          await page.getByTestId('update-toast').waitFor();
          await settled(page);
          await shot(page, 'update-toast', lang, viewport);
        } finally {
          await context.close();
          await rm(profile, { recursive: true, force: true });
        }
      }

      // An iPhone: no install prompt, the how-to instead.
      const { context, page } = await newPage(browser, portal.url, 'phone', { userAgent: IPHONE });
      try {
        await presetStorage(context, lang);
        page.setDefaultTimeout(60_000);
        await loginThroughForm(page, MEMBER.phone, MEMBER.password);
        await page.getByTestId('profile-menu').click();
        await page.getByTestId('install-app').click();
        await page.getByRole('dialog').waitFor();
        await settled(page);
        await shot(page, 'install-iphone', lang, 'phone');
      } finally {
        await context.close();
      }
    }
  });
});
