import type { Page } from 'playwright-core';
import { animationsDone } from './axe';

/**
 * Waiting for a screen to be still before its picture is taken (the shots: screens.shots.ts,
 * money.shots.ts): the network quiet and nothing on screen loading.
 */

const pendingOf = new WeakMap<Page, Set<unknown>>();

/**
 * The page's requests still waiting for an answer, not counting the live notification stream
 * (it stays open for as long as the page does, so "networkidle" would never come).
 */
export function pending(page: Page): Set<unknown> {
  let open = pendingOf.get(page);
  if (!open) {
    const set = new Set<unknown>();
    open = set;
    pendingOf.set(page, set);
    page.on('request', (r) => {
      if (!r.url().includes('/notifications/stream')) set.add(r);
    });
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
  }
  return open;
}

/** Quiet: no request but the live stream open for half a second. */
export async function quietNetwork(page: Page): Promise<void> {
  const open = pending(page);
  await page.waitForLoadState('load');
  for (let quietSince = Date.now(); Date.now() - quietSince < 500; ) {
    if (open.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** Settled: the network is quiet and nothing on screen is loading. */
export async function settled(page: Page): Promise<void> {
  await quietNetwork(page);
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active'),
    undefined,
    { timeout: 30_000 },
  );
  await animationsDone(page);
}
