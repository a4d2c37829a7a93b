import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { setClock } from '../../api/src/lib/clock';
import { type Caller, callerFor, login, must } from './helpers/api-calls';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { type Portal, startPortal } from './helpers/portal';
import { pending, settled } from './helpers/shots';

/**
 * The money screens and dialogs of issue 20 (payout against arrears, receipts and their print,
 * reversals, withdrawal, refund, replacement, a subscription's page, a member's statement), in
 * Arabic and English, on a desk and a 390 px phone, written to SHOTS_DIR (default
 * test-results/screens) for a person to judge: `SHOTS_DIR=/tmp/shots-20 npm run shots -w @portal/web -- money`.
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/screens/', import.meta.url).pathname;
/** 10:00 in Cairo on 15 March 2027: the association started on 1 March. */
const NOW = '2027-03-15T08:00:00Z';

const member = (name: string, n: number): Member => ({
  name,
  email: `shots${n}@example.com`,
  phone: `0103333000${n}`,
  password: `Shots@202${n}`,
});
const ARREARS = member('هبة سامي عبد الحميد', 1);
const PAYER = member('كريم نبيل', 2);
const HISTORY = member('منى عادل', 3);
const LEAVING = member('سلمى فتحي', 4);
const LEFT = member('يوسف عادل', 5);

type Payment = { id: number; receipt: { id: number; number: string } | null };

/** What a shot shows: a page, or a dialog opened on it. */
type Shot = {
  name: string;
  path: string;
  /** Done on the page before the picture (open a dialog, fill a field). */
  act?: (page: Page) => Promise<unknown>;
  /** The picture is of the open dialog, not of the page. */
  dialog?: boolean;
};

describe('money screens', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  const subscription = new Map<string, number>();
  let memberToken = { token: '', id: 0 };
  let receiptId = 0;
  let reversedReceiptId = 0;
  let closedAssociation = 0;

  const installmentsOf = async (id: number, status?: string) =>
    (
      await must<{ data: Payment[] }>(admin, 'POST', '/subscriptions/payments', {
        subscription_id: id,
        ...(status ? { status } : {}),
        sortBy: 'dueDate',
        sortOrder: 'asc',
        perPage: 20,
      })
    ).data;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    setClock(NOW);
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    const association = await createAssociation(admin, {
      title: 'جمعية موظفي المرور',
      cost: 100,
      from_date: '2027-03-01',
    });
    for (const [who, day] of [
      [ARREARS, 3],
      [PAYER, 40],
      [HISTORY, 2],
      [LEAVING, 60],
      [LEFT, 70],
    ] as const) {
      const userId = await createMember(portal, admin, who);
      const created = await must<{ id: number }>(admin, 'PUT', '/subscriptions', {
        user_id: userId,
        association_id: association,
        day_number: day,
      });
      subscription.set(who.name, created.id);
    }
    // A history: three receipts (one by Fawry), one reversed, then the payout settling the rest by deduction.
    const history = subscription.get(HISTORY.name) ?? 0;
    const due = await installmentsOf(history);
    await must(admin, 'POST', '/subscriptions/payments/receive', { ids: [due[0]?.id] });
    await must(admin, 'POST', '/subscriptions/payments/receive', {
      ids: [due[1]?.id, due[2]?.id],
      method: 'fawry',
      reference: 'FAWRY-55102',
    });
    const wrong = await must<Payment[]>(admin, 'POST', '/subscriptions/payments/receive', {
      ids: [due[3]?.id],
      method: 'instapay',
      reference: 'IPN-7781',
    });
    reversedReceiptId = wrong[0]?.receipt?.id ?? 0;
    await must(admin, 'POST', `/receipts/${reversedReceiptId}/reverse`, { reason: 'سُجّل على المشترك الخطأ' });
    await must(admin, 'POST', `/subscriptions/${history}/transfer`, { reference: 'BM-TRX-7781', date: '2027-03-15' });
    receiptId = (await installmentsOf(history, 'received'))[1]?.receipt?.id ?? 0;
    memberToken = await login(portal.app, HISTORY.phone, HISTORY.password);
    // Paid three installments, then left: 300 owed back.
    const left = subscription.get(LEFT.name) ?? 0;
    const leftDue = await installmentsOf(left);
    await must(admin, 'POST', '/subscriptions/payments/receive', { ids: leftDue.slice(0, 3).map((p) => p.id) });
    await must(admin, 'POST', `/subscriptions/${left}/withdraw`, { reason: 'سافر للعمل بالخارج' });
    // An association whose end date has passed: closed.
    closedAssociation = await createAssociation(admin, {
      title: 'جمعية الأمل ٢٠٢٣',
      cost: 50,
      from_date: '2023-01-01',
    });
  }, 300_000);

  afterAll(async () => {
    setClock(undefined);
    await browser?.close();
    await portal?.close();
  });

  async function shoot(who: { token: string; id: number }, shots: Shot[]) {
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        const { page, context } = await newPage(browser, portal.url, viewport);
        pending(page);
        page.setDefaultTimeout(60_000);
        await context.clock.setFixedTime(new Date(NOW));
        await presetStorage(context, lang, { token: who.token, id: who.id });
        for (const shot of shots) {
          await page.goto(shot.path);
          await page.getByRole('main').first().waitFor();
          await settled(page);
          if (shot.act) {
            await shot.act(page);
            await settled(page);
          }
          const path = `${OUT}/${shot.name}-${lang}-${viewport}.png`;
          if (shot.dialog) {
            await page.locator('.ant-modal-container').last().screenshot({ path });
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

  it('staff: the payout, receipts, reversals, withdrawal, refund, replacement, a subscription, the prints', async () => {
    const staff = await callerFor(portal);
    const arrears = subscription.get(ARREARS.name);
    const payer = subscription.get(PAYER.name);
    const history = subscription.get(HISTORY.name);
    const leaving = subscription.get(LEAVING.name);
    const left = subscription.get(LEFT.name);
    const byDueDate = 'tab=payments&payments.sortBy=dueDate&payments.sortOrder=asc';
    await shoot({ token: staff.token, id: staff.id }, [
      { name: 'money-subscriptions', path: '/subscriptions' },
      { name: 'money-payments', path: '/payments' },
      { name: 'money-subscription', path: `/subscriptions/${arrears}` },
      { name: 'money-subscription-history', path: `/subscriptions/${history}?tab=history` },
      { name: 'money-subscription-installments', path: `/subscriptions/${history}?${byDueDate}` },
      { name: 'money-subscription-withdrawn', path: `/subscriptions/${left}?tab=history` },
      {
        name: 'money-payout',
        path: `/subscriptions/${arrears}`,
        dialog: true,
        act: async (page) => {
          await page.getByTestId('subscription-payout').click();
          await page.getByTestId('payout-net').waitFor();
        },
      },
      {
        name: 'money-payout-refused',
        path: `/subscriptions/${arrears}`,
        dialog: true,
        act: async (page) => {
          await must(admin, 'POST', '/setting/change/payout_arrears_policy', { value: 'refuse' });
          await page.getByTestId('subscription-payout').click();
          await page.getByTestId('payout-refusal').waitFor();
          await must(admin, 'POST', '/setting/change/payout_arrears_policy', { value: 'net' });
        },
      },
      {
        name: 'money-receive',
        path: `/subscriptions/${payer}?${byDueDate}`,
        dialog: true,
        act: async (page) => {
          await page.locator('[data-testid^="payment-receive-"]').first().click();
          const dialog = page.getByTestId('receive-form');
          await dialog.locator('.ant-radio-button-wrapper').nth(1).click();
          await page.getByTestId('receive-submit').click();
          await dialog.locator('.ant-form-item-explain-error').first().waitFor();
        },
      },
      {
        name: 'money-receive-done',
        path: `/subscriptions/${payer}?${byDueDate}`,
        dialog: true,
        act: async (page) => {
          await page.locator('[data-testid^="payment-receive-"]').first().click();
          await page.getByTestId('receive-submit').click();
          await page.getByTestId('receive-done').waitFor();
        },
      },
      {
        name: 'money-reverse-receipt',
        path: `/subscriptions/${payer}?${byDueDate}`,
        dialog: true,
        act: async (page) => {
          await page.locator('[data-testid^="payment-reverse-"]').first().click();
          await page.getByTestId('reverse-effect').waitFor();
        },
      },
      {
        name: 'money-reverse-payout',
        path: `/subscriptions/${history}`,
        dialog: true,
        act: async (page) => {
          await page.getByTestId('subscription-reverse-payout').click();
          await page.getByTestId('reverse-effect').waitFor();
        },
      },
      {
        name: 'money-withdraw',
        path: `/subscriptions/${leaving}`,
        dialog: true,
        act: async (page) => {
          await page.getByTestId('subscription-withdraw').click();
          await page.getByTestId('withdraw-quote').waitFor();
        },
      },
      {
        name: 'money-refund',
        path: `/subscriptions/${left}`,
        dialog: true,
        act: async (page) => {
          await page.getByTestId('subscription-refund').click();
          await page.getByTestId('refund-form').waitFor();
        },
      },
      {
        name: 'money-replace',
        path: `/subscriptions/${leaving}`,
        dialog: true,
        act: async (page) => {
          await page.getByTestId('subscription-replace').click();
          await page.getByTestId('replace-effect').waitFor();
        },
      },
      { name: 'money-receipt-a4', path: `/receipts/${receiptId}/print` },
      { name: 'money-receipt-slip', path: `/receipts/${receiptId}/print?format=slip` },
      { name: 'money-receipt-reversed', path: `/receipts/${reversedReceiptId}/print` },
      { name: 'money-association-closed', path: `/associations/${closedAssociation}` },
    ]);
  });

  it("a member: the statement's receipts and payout, their own receipt to print", async () => {
    const history = subscription.get(HISTORY.name);
    await shoot(memberToken, [
      { name: 'money-my-statement', path: `/my/subscriptions/${history}/statement` },
      { name: 'money-my-receipt', path: `/my/receipts/${receiptId}/print` },
      { name: 'money-my-receipt-reversed', path: `/my/receipts/${reversedReceiptId}/print` },
    ]);
  });
});
