import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createCustomerRequest } from '../../api/test/factories/customer-requests';
import { type Caller, cairoDayFromToday, callerFor, must } from './helpers/api-calls';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember } from './helpers/members';
import { type Portal, startPortal } from './helpers/portal';
import { pending, settled } from './helpers/shots';

/**
 * The screens issue 22 items 1 and 3 changed, in Arabic and English, on a desk and a 390 px phone,
 * for a person to judge: the turn-day box found by Arabic-Indic digits, the accept dialog's fee and
 * reference typed in Arabic digits (and a fee refused under its field), and the pager with an exact
 * total and with a lower bound. `SHOTS_DIR=/work/shots/ux2 npm run shots -w @portal/web -- digits-totals`.
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/screens/', import.meta.url).pathname;

type Shot = {
  name: string;
  path: string;
  act?: (page: Page) => Promise<unknown>;
  dialog?: boolean;
  /** The picture is of this element only (a pager below a long list of cards on a phone). */
  element?: string;
};

describe('digits and totals screens', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  let association = 0;
  let request = 0;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    association = await createAssociation(admin, { title: 'جمعية الخير', cost: 100, from_date: cairoDayFromToday(-5) });
    const who = { name: 'منى حسن', email: 'mona.shots@example.com', phone: '01044448888', password: 'Mona@2026' };
    const member = await createMember(portal, admin, who);
    await must(admin, 'PUT', '/subscriptions', { user_id: member, association_id: association, day_number: 20 });
    request = (await createCustomerRequest(portal.app.db, { createdBy: member, status: 3 })).id;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  async function shoot(shots: Shot[]) {
    const staff = await callerFor(portal);
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        const { page, context } = await newPage(browser, portal.url, viewport);
        pending(page);
        page.setDefaultTimeout(60_000);
        await presetStorage(context, lang, { token: staff.token, id: staff.id });
        for (const shot of shots) {
          await page.goto(shot.path);
          await page.getByRole('main').first().waitFor();
          await settled(page);
          if (shot.act) {
            await shot.act(page);
            await settled(page);
          }
          const path = `${OUT}/${shot.name}-${lang}-${viewport}.png`;
          if (shot.dialog || shot.element) {
            await page
              .locator(shot.element ?? '.ant-modal-container')
              .last()
              .screenshot({ path });
            continue;
          }
          const size = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: Math.min(document.documentElement.scrollHeight, 2600),
          }));
          await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, ...size } });
        }
        await context.close();
      }
    }
  }

  const acceptDialog = (fee: string) => async (page: Page) => {
    await page
      .getByTestId('request-actions')
      .getByRole('button')
      .filter({ hasText: /^(قبول|Accept)$/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').first().fill(fee);
    await dialog.locator('input').nth(1).fill('TRX-٢٠٢٦-001');
    if (fee !== '٣٥٠') {
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    }
  };

  it('the changed screens', async () => {
    await shoot([
      {
        name: 'ux2-subscription-day',
        path: `/subscriptions/create?association=${association}`,
        act: async (page) => {
          const day = page.getByTestId('subscription-day').locator('input');
          await day.click();
          await day.fill('١٠');
          await page.locator('.ant-select-item-option').first().waitFor();
        },
      },
      { name: 'ux2-accept-fee', path: `/requests/${request}`, dialog: true, act: acceptDialog('٣٥٠') },
      { name: 'ux2-accept-fee-refused', path: `/requests/${request}`, dialog: true, act: acceptDialog('١٢٬٥٠') },
      {
        name: 'ux2-payments-exact',
        path: '/payments',
        act: (page) => page.getByTestId('table-total').waitFor(),
      },
      {
        name: 'ux2-payments-more-than',
        path: `/payments?association_id=${association}`,
        act: (page) => page.getByTestId('table-pages-more').waitFor(),
      },
      {
        name: 'ux2-pager-exact',
        path: '/payments?page=120',
        element: '.dt-pager',
        act: (page) => page.getByTestId('table-total').waitFor(),
      },
      {
        name: 'ux2-pager-more-than',
        path: `/payments?association_id=${association}`,
        element: '.dt-pager',
        act: (page) => page.getByTestId('table-pages-more').waitFor(),
      },
      {
        name: 'ux2-pager-more-than-deep',
        path: `/payments?association_id=${association}&page=101`,
        element: '.dt-pager',
        act: (page) => page.getByTestId('table-pages-more').waitFor(),
      },
    ]);
  });
});
