import { mkdirSync } from 'node:fs';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { type Portal, startPortal } from './helpers/portal';
import { settled } from './helpers/shots';

/**
 * The guest pages as they first paint (the prerendered HTML, the app's code held back) and once
 * hydrated, in Arabic and English, on a desk and a 390 px phone (docs/decisions/0033): the two
 * should look the same. Written to SHOTS_DIR (default test-results/first-screen).
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/first-screen/', import.meta.url).pathname;
const PAGES = ['login', 'register', 'reset', 'contact'] as const;

describe('the first screen', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('shoots each guest page before and after hydration', async () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        for (const name of PAGES) {
          const { page, context } = await newPage(browser, portal.url, viewport);
          if (lang === 'en') await context.addCookies([{ name: 'lang', value: 'en', url: portal.url }]);
          if (lang === 'en') await presetStorage(context, 'en');
          let release = () => {};
          const gate = new Promise<void>((resolve) => {
            release = resolve;
          });
          await page.route('**/assets/index-*.js', async (route: Route) => {
            await gate;
            await route.continue();
          });
          await page.goto(`/${name}`, { waitUntil: 'commit' });
          await page.locator('h1').waitFor();
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({ path: `${OUT}${name}-${lang}-${viewport}-1-prerendered.png`, fullPage: true });
          release();
          await page.waitForFunction(() =>
            Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactFiber')),
          );
          await settled(page);
          await page.screenshot({ path: `${OUT}${name}-${lang}-${viewport}-2-hydrated.png`, fullPage: true });
          await context.close();
        }
      }
    }
  });
});
