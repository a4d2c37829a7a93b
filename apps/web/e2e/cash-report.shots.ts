import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { setClock } from '../../api/src/lib/clock';
import { type Caller, callerFor, login, must } from './helpers/api-calls';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/**
 * The cash report, an association's Ledger tab and a member's balance (issue 20 §4), in Arabic and
 * English, on a desk and a 390 px phone, written to SHOTS_DIR (default test-results/screens/cash)
 * for a person to judge. Today is 15 March 2027 in Cairo: a running association with payouts made
 * and due, late members, a withdrawal; one that started this month; one not started yet.
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/screens/cash/', import.meta.url).pathname;
const NOW = '2027-03-15T08:00:00Z';

const member = (name: string, n: number): Member => ({
  name,
  email: `shots${n}@example.com`,
  phone: `0104444000${n}`,
  password: `Shots@202${n}`,
});
const MEMBERS = [
  member('رانيا فوزي', 1),
  member('Omar Hany', 2),
  member('محمود السيد', 3),
  member('منى عادل', 4),
  member('Karim Nabil', 5),
];

type Payment = { id: number; dayNumber: number };

describe('cash report screens', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  let running = 0;
  const memberIds: number[] = [];

  async function pay(subscription: number, through: number) {
    const page = await must<{ data: Payment[] }>(admin, 'POST', '/subscriptions/payments', {
      subscription_id: subscription,
      sortBy: 'dueDate',
      sortOrder: 'asc',
      perPage: 100,
    });
    const ids = page.data.filter((p) => p.dayNumber <= through).map((p) => p.id);
    if (ids.length) await must(admin, 'POST', '/subscriptions/payments/receive', { ids, method: 'cash' });
  }

  async function subscribe(association: number, who: number, day: number): Promise<number> {
    return (
      await must<{ id: number }>(admin, 'PUT', '/subscriptions', {
        user_id: memberIds[who],
        association_id: association,
        day_number: day,
      })
    ).id;
  }

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    setClock(NOW);
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    for (const m of MEMBERS) memberIds.push(await createMember(portal, admin, m));
    running = await createAssociation(admin, { title: 'جمعية موظفي الكهرباء', cost: 100, from_date: '2027-01-10' });
    const recent = await createAssociation(admin, { title: 'جمعية النادي الرياضي', cost: 50, from_date: '2027-03-01' });
    await createAssociation(admin, { title: 'جمعية الخير', cost: 200, from_date: '2027-06-01' });
    // The running one: day 5's payout made (arrears deducted), day 20's due, later days to come.
    const early = await subscribe(running, 0, 5);
    await pay(early, 40);
    await must(admin, 'POST', `/subscriptions/${early}/transfer`, { reference: 'TRF-1001', date: '2027-03-15' });
    await pay(await subscribe(running, 1, 20), 64);
    await pay(await subscribe(running, 2, 90), 50);
    await pay(await subscribe(running, 0, 110), 60);
    const leaving = await subscribe(running, 3, 130);
    await pay(leaving, 30);
    await must(admin, 'POST', `/subscriptions/${leaving}/withdraw`, { reason: 'سافرت للعمل بالخارج' });
    await must(admin, 'POST', `/subscriptions/${leaving}/refund`, {
      amount: 2000,
      reference: 'RF-77',
      date: '2027-03-15',
    });
    // The recent one: paid up, its first payout in April.
    await pay(await subscribe(recent, 4, 40), 14);
    await pay(await subscribe(recent, 1, 70), 14);
  }, 300_000);

  afterAll(async () => {
    setClock(undefined);
    await browser?.close();
    await portal?.close();
  });

  /** The page's requests still waiting for an answer, but the live notification stream (it never ends). */
  function track(page: Page): Set<unknown> {
    const open = new Set<unknown>();
    page.on('request', (r) => {
      if (!r.url().includes('/notifications/stream')) open.add(r);
    });
    page.on('requestfinished', (r) => open.delete(r));
    page.on('requestfailed', (r) => open.delete(r));
    return open;
  }

  /** Waits until nothing loads: the network quiet for half a second, no placeholder, the chart drawn. */
  async function settled(page: Page, open: Set<unknown>) {
    await page.waitForLoadState('load');
    for (let quietSince = Date.now(); Date.now() - quietSince < 500; ) {
      if (open.size > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
    await page.waitForFunction(() => !document.querySelector('.ant-skeleton-active, [aria-busy="true"]'), undefined, {
      timeout: 30_000,
    });
    if (await page.getByTestId('cash-forecast').count()) {
      await page.getByTestId('forecast-chart').locator('svg.recharts-surface').first().waitFor();
    }
    await page.waitForTimeout(300);
  }

  async function shoot(who: { phone: string; password: string }, shots: [string, string][]) {
    const { token, id } = await login(portal.app, who.phone, who.password);
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        const { page, context } = await newPage(browser, portal.url, viewport);
        const open = track(page);
        page.setDefaultTimeout(60_000);
        await context.clock.setFixedTime(new Date(NOW));
        await presetStorage(context, lang, { token: token, id: id });
        for (const [name, path] of shots) {
          await page.goto(path.replace('{me}', String(id)));
          await page.getByRole('main').first().waitFor();
          await settled(page, open);
          const size = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: Math.min(document.documentElement.scrollHeight, 3200),
          }));
          await page.setViewportSize(size);
          await page.screenshot({ path: `${OUT}/${name}-${lang}-${viewport}.png` });
          // The forecast alone, at its size, to judge the chart.
          const forecast = page.getByTestId('cash-forecast');
          if (await forecast.count())
            await forecast.screenshot({ path: `${OUT}/${name}-forecast-${lang}-${viewport}.png` });
          await page.setViewportSize(viewport === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
        }
        await context.close();
      }
    }
  }

  it('staff: the report, the Ledger tab, a member’s balance', async () => {
    await shoot(ADMIN, [
      ['cash-report', '/reports/cash'],
      ['ledger-tab', `/associations/${running}?tab=ledger`],
      ['member-balance', `/users/${memberIds[0]}`],
    ]);
  }, 600_000);

  it('a member: their own balance on their profile', async () => {
    await shoot(MEMBERS[1] as Member, [['my-balance', '/users/{me}']]);
  }, 600_000);
});
