import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone } from './helpers/axe';
import { launchBrowser, loginThroughForm, newPage, presetStorage } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';
import { makeRequestsData, type RequestsData, receivePayments } from './helpers/requests-data';

/**
 * Issue 11, staff side: members ask (through /api/v1/me/…), staff decide on /move-turn/requests and
 * /card/requests in English, and the dashboard shows the figures, both charts and the latest
 * requests in both languages, following a payment recorded meanwhile.
 */
const SLOW = 240_000;

async function open(portal: Portal, browser: Browser, lang: 'ar' | 'en') {
  const opened = await newPage(browser, portal.url);
  opened.page.setDefaultTimeout(60_000);
  await presetStorage(opened.context, lang);
  return opened;
}

/** Waits for the answer to the API call the next action makes and checks it succeeded; returns its JSON body. */
async function answered(page: Page, method: string, path: string | RegExp): Promise<unknown> {
  const response = await page.waitForResponse((r) => {
    if (r.request().method() !== method) return false;
    const url = new URL(r.url()).pathname.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? url === path : path.test(url);
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.request().postDataJSON();
}

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The number a stat card shows (Latin digits: the default in both languages, decision 0016). */
async function figure(page: Page, card: string): Promise<number> {
  const text = (await page.getByTestId(`stat-payments-${card}-value`).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

describe('staff decide members’ requests and follow them on the dashboard', () => {
  let portal: Portal;
  let browser: Browser;
  let data: RequestsData;

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    data = await makeRequestsData(portal.app, { moves: [0, 1], cards: [0, 2] });
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'approves one turn move, rejects another with a note, issues a card and rejects one only with a reason',
    async () => {
      const { page, context, errors } = await open(portal, browser, 'en');
      await loginThroughForm(page, ADMIN.phone, ADMIN.password);
      const [approved, rejected] = data.turnMoves as [RequestsData['turnMoves'][0], RequestsData['turnMoves'][0]];

      // The Requests group of the sidebar leads to both screens.
      await page.getByRole('navigation').getByRole('link', { name: 'Turn-move requests' }).click();
      await page.waitForURL('**/move-turn/requests');
      await page.getByRole('heading', { name: 'Turn-move requests' }).waitFor();
      const first = rowWith(page, approved.member.name);
      await first.getByText(`Day ${approved.from}`).waitFor();
      await first.getByText(`Day ${approved.to}`).waitFor();
      expect(await page.getByTestId(`turn-move-status-${approved.id}`).textContent()).toBe('In review');

      // Approve: a confirmation saying what moves, then the decision; the row says "Moved", no more buttons.
      await first.getByRole('button', { name: `Approve the request of ${approved.member.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve this turn move?' });
      await dialog.getByText(`from day ${approved.from}`).waitFor();
      const decided = answered(page, 'POST', `/associations/change-turn/${approved.id}`);
      await dialog.getByRole('button', { name: 'Yes, move the turn' }).click();
      expect(await decided).toMatchObject({ id: approved.id, status: 1 });
      await page.getByText('The turn was moved').waitFor();
      await expect.poll(() => page.getByTestId(`turn-move-status-${approved.id}`).textContent()).toBe('Moved');
      expect(await first.getByRole('button', { name: /Approve|Reject/ }).count()).toBe(0);
      // Who decided is named in the row.
      await first.getByText(ADMIN.name).waitFor();

      // Reject the other with a note.
      const second = rowWith(page, rejected.member.name);
      await second.getByRole('button', { name: `Reject the request of ${rejected.member.name}` }).click();
      const rejectDialog = page.getByRole('dialog', { name: 'Reject this turn-move request?' });
      await rejectDialog.getByLabel('Note (optional)').fill('The day is kept for a family member');
      const rejection = answered(page, 'POST', `/associations/change-turn/${rejected.id}`);
      await rejectDialog.getByRole('button', { name: 'Yes, reject it' }).click();
      expect(await rejection).toMatchObject({ status: 2, note: 'The day is kept for a family member' });
      await expect.poll(() => page.getByTestId(`turn-move-status-${rejected.id}`).textContent()).toBe('Rejected');

      // The status filter asks the server for the moved ones only.
      await page.getByRole('button', { name: 'Filters' }).click();
      const filtered = page.waitForResponse(
        (r) => r.url().endsWith('/change-turn-requests') && r.request().postDataJSON()?.status === '1',
      );
      await page.getByLabel('Status').selectOption('1');
      await filtered;
      await expect.poll(() => page.getByRole('row').filter({ hasText: rejected.member.name }).count()).toBe(0);
      await rowWith(page, approved.member.name).waitFor();

      // Card requests: view one with its history, issue it from the drawer.
      const [issued, refused] = data.cardRequests as [RequestsData['cardRequests'][0], RequestsData['cardRequests'][0]];
      await page.getByRole('navigation').getByRole('link', { name: 'Card requests' }).click();
      await page.waitForURL('**/card/requests');
      const cardRow = rowWith(page, issued.national_id);
      await cardRow.getByRole('button', { name: `View the request of ${issued.member.name}` }).click();
      const drawer = page.getByRole('dialog', { name: `Card request No. ${issued.id}` });
      await drawer.getByText('Requested', { exact: false }).first().waitFor();
      await drawer.getByRole('button', { name: `Issue the card of ${issued.member.name}` }).click();
      const issueDialog = page.getByRole('dialog', { name: 'Mark this card as issued?' });
      // The dialog opens over the drawer: on a loaded machine a click during its opening
      // animation was lost (two CI runs); a person clicks once it has settled.
      await issueDialog.getByRole('button', { name: 'Yes, issued' }).waitFor();
      await animationsDone(page);
      const issuing = answered(page, 'POST', `/card-requests/${issued.id}/decision`);
      await issueDialog.getByRole('button', { name: 'Yes, issued' }).click();
      expect(await issuing).toMatchObject({ status: 1 });
      await page.getByText('The card was marked as issued').waitFor();
      await expect.poll(() => drawer.getByTestId('card-request-detail-status').textContent()).toBe('Issued');
      await drawer.getByText('Card issued', { exact: false }).waitFor();
      expect(await drawer.getByRole('button', { name: /Issue the card/ }).count()).toBe(0);
      await drawer.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => page.getByTestId(`card-request-status-${issued.id}`).textContent()).toBe('Issued');

      // Rejecting needs a reason: nothing is sent without one.
      const refusedRow = rowWith(page, refused.national_id);
      await refusedRow.getByRole('button', { name: `Reject the request of ${refused.member.name}` }).click();
      const refuseDialog = page.getByRole('dialog', { name: 'Reject this card request?' });
      let sent = false;
      const watch = (request: { url(): string }) => {
        if (request.url().endsWith(`/card-requests/${refused.id}/decision`)) sent = true;
      };
      page.on('request', watch);
      await refuseDialog.getByRole('button', { name: 'Yes, reject it' }).click();
      await refuseDialog.getByText('Please write why the request is rejected').waitFor();
      expect(sent).toBe(false);
      page.off('request', watch);
      await refuseDialog.getByLabel('Reason for rejection').fill('The national ID does not match the papers');
      const refusal = answered(page, 'POST', `/card-requests/${refused.id}/decision`);
      await refuseDialog.getByRole('button', { name: 'Yes, reject it' }).click();
      expect(await refusal).toMatchObject({ status: 2, note: 'The national ID does not match the papers' });
      await expect.poll(() => page.getByTestId(`card-request-status-${refused.id}`).textContent()).toBe('Rejected');

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'the dashboard shows the installments, both charts and the latest requests in both languages, and follows a payment',
    async () => {
      // English first.
      const en = await open(portal, browser, 'en');
      await loginThroughForm(en.page, ADMIN.phone, ADMIN.password);
      const page = en.page;
      for (const id of ['future', 'received', 'late', 'total']) await page.getByTestId(`stat-payments-${id}`).waitFor();
      await expect.poll(() => figure(page, 'late')).toBeGreaterThan(0);
      const before = {
        future: await figure(page, 'future'),
        received: await figure(page, 'received'),
        late: await figure(page, 'late'),
        total: await figure(page, 'total'),
      };
      expect(before.total).toBe(before.future + before.received + before.late);
      // Four subscriptions of 1,200 installments each.
      expect(before.total).toBe(4 * 1200);

      // Both charts drawn (recharts arrives lazily), each with its figures as a table for screen readers.
      const costs = page.getByTestId('chart-associations');
      await costs.getByTestId('count-bar-chart').locator('svg').first().waitFor();
      await costs
        .getByRole('table', { name: 'Chart data: Associations by installment' })
        .waitFor({ state: 'attached' });
      const subscriptions = page.getByTestId('chart-subscriptions');
      await subscriptions.getByTestId('count-bar-chart').locator('svg').first().waitFor();
      expect(await subscriptions.getByRole('row').allTextContents()).toEqual(
        expect.arrayContaining(['جمعية الأمل3', 'جمعية النور1']),
      );

      // The latest requests, decided in the first test: a card request leads to the member's profile.
      const cards = page.getByTestId('latest-card-requests');
      await cards.getByText('Issued').waitFor();
      await cards.getByText('Rejected').waitFor();
      const moves = page.getByTestId('latest-turn-moves');
      await moves.getByText('Moved').waitFor();
      await moves.getByText('Rejected').waitFor();
      const issued = data.cardRequests[0] as RequestsData['cardRequests'][0];
      await cards
        .getByRole('link', { name: new RegExp(issued.member.name) })
        .first()
        .click();
      await page.waitForURL(`**/users/${issued.member.id}`);

      // A payment recorded meanwhile (through the API) shows after a reload.
      await receivePayments(data, 3);
      await page.goto('/dashboard');
      await page.getByTestId('stat-payments-received').waitFor();
      await expect.poll(() => figure(page, 'received')).toBe(before.received + 3);
      expect(await figure(page, 'late')).toBe(before.late - 3);
      expect(await figure(page, 'total')).toBe(before.total);
      expect(en.errors).toEqual([]);
      await en.context.close();

      // Arabic: the same parts, the charts mirrored (first bar at the right, value axis on the right).
      const ar = await open(portal, browser, 'ar');
      await loginThroughForm(ar.page, ADMIN.phone, ADMIN.password);
      await ar.page.getByTestId('stat-payments-future').getByText('أقساط قادمة').waitFor();
      await ar.page.getByText('الجمعيات حسب قيمة القسط', { exact: true }).waitFor();
      await ar.page.getByText('أحدث طلبات البطاقات', { exact: true }).waitFor();
      await ar.page.getByTestId('latest-turn-moves').getByText('تم النقل').waitFor();
      const chart = ar.page.getByTestId('chart-associations').getByTestId('count-bar-chart');
      await chart.locator('svg').first().waitFor();
      const layout = await chart.evaluate((root) => {
        const box = root.getBoundingClientRect();
        const valueAxis = root.querySelector('.recharts-yAxis')?.getBoundingClientRect();
        const ticks = [...root.querySelectorAll('.chart-category-tick')].map((t) => ({
          text: t.textContent,
          x: t.getBoundingClientRect().x,
        }));
        return { mid: box.x + box.width / 2, valueAxis: valueAxis?.x ?? 0, ticks };
      });
      expect(layout.valueAxis).toBeGreaterThan(layout.mid);
      // The cheapest installment (50 EGP, the first bar) stands right of the dearer one.
      const [cheap, dear] = layout.ticks;
      expect(cheap?.text).toContain('50');
      expect(cheap?.x ?? 0).toBeGreaterThan(dear?.x ?? 0);
      expect(ar.errors).toEqual([]);
      await ar.context.close();
    },
    SLOW,
  );
});
