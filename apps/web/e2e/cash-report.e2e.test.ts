import type { TStatement } from '@portal/shared/schemas/members';
import type { TAssociationCash, TCashReport, TMemberBalance } from '@portal/shared/schemas/reports';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../api/src/lib/clock';
import { type Caller, callerFor, must } from './helpers/api-calls';
import { seriousViolations } from './helpers/axe';
import { launchBrowser, loginThroughForm, newPage, openInApp, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 300_000;

/**
 * The cash report and an association's Ledger tab (issue 20 §4) in Arabic and English, on a desk
 * and on a phone, each figure checked against the API's own answer; a member's balance on their
 * profile. Today is 15 March 2027 in Cairo (the server's clock module and Playwright's clock). The
 * association started on 1 March; two members hold days 40 and 60 and paid part of their
 * installments: the pool holds 2,400 EGP today, collects 200 a day, and goes below zero on 9 April,
 * day 40's payout of 120,000.
 */
const NOW = '2027-03-15T08:00:00Z';
const FROM = '2027-03-01';
const TITLE = 'جمعية موظفي الكهرباء';
const OTHER = 'جمعية النادي';
const NEGATIVE_ON = '2027-04-09';

const member = (name: string, n: number): Member => ({
  name,
  email: `cash${n}@example.com`,
  phone: `0103333000${n}`,
  password: `Cash@202${n}`,
});
const EARLY = member('رانيا فوزي', 1);
const LATER = member('Omar Hany', 2);

type Payment = { id: number; dayNumber: number };

/** An amount as the page writes it (no-break spaces as plain ones, direction marks dropped). */
function egp(amount: number, lang: 'ar' | 'en'): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG-u-nu-latn', {
    style: 'currency',
    currency: 'EGP',
    maximumFractionDigits: 2,
  })
    .format(amount)
    .replace(/[\s\u200f\u200e\u061c]+/g, ' ')
    .trim();
}

/** A day as the page writes it. */
function day(date: string, lang: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG-u-nu-latn', {
    timeZone: 'Africa/Cairo',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(/[\s\u200f\u200e\u061c]+/g, ' ');
}

/** The text of a locator as a person reads it: isolation and direction marks dropped, spaces collapsed. */
async function readable(locator: ReturnType<Page['getByTestId']>): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/[\u2068\u2069\u200f\u200e\u061c]/g, '').replace(/\s+/g, ' ');
}

const TEXTS = {
  ar: { nav: 'التقرير النقدي', menu: 'فتح القائمة', tab: 'الموقف المالي', below: 'سيصبح الرصيد النقدي بالسالب يوم' },
  en: { nav: 'Cash report', menu: 'Open menu', tab: 'Ledger', below: 'The cash position goes below zero on' },
} as const;

describe('the cash report and the Ledger tab in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  let associationId: number;
  let earlyId: number;

  async function open(lang: 'ar' | 'en', viewport: Viewport, who: Member | null = null) {
    const opened = await newPage(browser, portal.url, viewport);
    opened.page.setDefaultTimeout(60_000);
    await opened.context.clock.setFixedTime(new Date(NOW));
    await presetStorage(opened.context, lang);
    await loginThroughForm(opened.page, who?.phone ?? ADMIN.phone, who?.password ?? ADMIN.password);
    return opened;
  }

  beforeAll(async () => {
    setClock(NOW);
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    associationId = await createAssociation(admin, { title: TITLE, cost: 100, from_date: FROM });
    await createAssociation(admin, { title: OTHER, cost: 50, from_date: '2027-06-01' });
    for (const [who, turn, paidThrough] of [
      [EARLY, 40, 10],
      [LATER, 60, 14],
    ] as const) {
      const userId = await createMember(portal, admin, who);
      if (who === EARLY) earlyId = userId;
      const created = await must<{ id: number }>(admin, 'PUT', '/subscriptions', {
        user_id: userId,
        association_id: associationId,
        day_number: turn,
      });
      const page = await must<{ data: Payment[] }>(admin, 'POST', '/subscriptions/payments', {
        subscription_id: created.id,
        sortBy: 'dueDate',
        sortOrder: 'asc',
        perPage: 20,
      });
      const ids = page.data.filter((p) => p.dayNumber <= paidThrough).map((p) => p.id);
      await must(admin, 'POST', '/subscriptions/payments/receive', { ids, method: 'cash' });
    }
  }, SLOW);

  afterAll(async () => {
    setClock(undefined);
    await browser?.close();
    await portal?.close();
  }, SLOW);

  for (const [lang, viewport] of [
    ['ar', 'desktop'],
    ['en', 'phone'],
    ['ar', 'phone'],
    ['en', 'desktop'],
  ] as const) {
    it(
      `in ${lang === 'ar' ? 'Arabic' : 'English'} on a ${viewport === 'phone' ? 'phone' : 'desk'}: the report and the Ledger tab say what the API says, and when the pool goes below zero`,
      async () => {
        const report = await must<TCashReport>(admin, 'GET', '/reports/cash');
        const tab = await must<TAssociationCash>(admin, 'GET', `/reports/cash/associations/${associationId}`);
        expect(tab.forecast.negative_on).toBe(NEGATIVE_ON);
        expect(tab.figures.collected).toBe(2400);
        const { page, context, errors } = await open(lang, viewport);
        const texts = TEXTS[lang];

        // The report, from the sidebar (on a phone, from its menu).
        if (viewport === 'phone') await page.getByRole('button', { name: texts.menu }).click();
        await page.locator('.sidebar').getByRole('link', { name: texts.nav }).click();
        await page.waitForURL('**/reports/cash');
        await page.getByRole('heading', { level: 1, name: texts.nav }).waitFor();
        await page.getByTestId('figure-cash-value').waitFor();
        expect(await readable(page.getByTestId('figure-collected-value'))).toBe(egp(report.figures.collected, lang));
        expect(await readable(page.getByTestId('figure-cash-value'))).toContain(
          egp(report.figures.cash_position, lang),
        );
        const verdict = await readable(page.getByTestId('forecast-negative'));
        expect(verdict).toContain(texts.below);
        expect(verdict).toContain(day(NEGATIVE_ON, lang));
        await page.getByTestId('forecast-chart').locator('svg.recharts-surface').first().waitFor();
        // Its line: the association's own first day below zero; the one not started has none.
        const line = page.getByTestId(`cash-line-negative-${associationId}`);
        expect(await readable(line)).toBe(day(NEGATIVE_ON, lang));

        // The association's Ledger tab, from its line.
        await page.getByTestId(`cash-line-${associationId}`).click();
        await page.waitForURL(`**/associations/${associationId}?tab=ledger`);
        const ledger = page.getByTestId('association-ledger');
        await ledger.waitFor();
        expect(await page.getByRole('tab', { name: texts.tab }).getAttribute('aria-selected')).toBe('true');
        expect(await readable(ledger.getByTestId('figure-collected-value'))).toBe(egp(tab.figures.collected, lang));
        expect(await readable(ledger.getByTestId('figure-members-value'))).toBe(String(tab.figures.members));
        expect(await readable(ledger.getByTestId('forecast-negative'))).toContain(day(NEGATIVE_ON, lang));
        await ledger.getByTestId('forecast-chart').locator('svg.recharts-surface').first().waitFor();
        // The page fits a phone's width: nothing scrolls sideways but the tables meant to.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        expect(errors).toEqual([]);
        await context.close();
      },
      SLOW,
    );
  }

  it(
    'axe finds nothing serious or critical on the report, the Ledger tab and a balance, in ar and en, desk and phone',
    async () => {
      const found: string[] = [];
      for (const lang of ['ar', 'en'] as const) {
        for (const viewport of ['desktop', 'phone'] as const) {
          const { page, context } = await open(lang, viewport);
          for (const [path, ready] of [
            ['/reports/cash', 'cash-line-negative-'],
            [`/associations/${associationId}?tab=ledger`, 'forecast-negative'],
            [`/users/${earlyId}`, 'balance-paid-value'],
          ] as const) {
            // Opened as their links open them, without reloading the app (issue 21 §5).
            await openInApp(page, path);
            await page.locator(`[data-testid^="${ready}"]`).first().waitFor();
            // The forecast's day-by-day table open too, as a reader would open it.
            const details = page.locator('details.forecast-table summary');
            if (await details.count()) await details.first().click();
            for (const v of await seriousViolations(page)) {
              found.push(`${lang} ${viewport} ${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
            }
          }
          await context.close();
        }
      }
      expect(found).toEqual([]);
    },
    SLOW,
  );

  it(
    'a member sees their own balance on their profile, as the API gives it to them, their subscription in its tabs, and how each installment was paid on its statement',
    async () => {
      const { call } = await callerFor(portal, EARLY.phone, EARLY.password);
      const mine = await must<TMemberBalance>(call, 'GET', '/me/balance');
      expect(mine.user_id).toBe(earlyId);
      const [subscription] = await must<{ id: number }[]>(call, 'GET', '/me/subscriptions');
      const { page, context, errors } = await open('ar', 'phone', EARLY);
      await page.goto(`/users/${earlyId}`);
      const card = page.getByTestId('balance-card');
      await card.getByTestId('balance-paid-value').waitFor();
      expect(await readable(card.getByTestId('balance-paid-value'))).toBe(egp(mine.paid, 'ar'));
      expect(await readable(card.getByTestId('balance-late-value'))).toBe(egp(mine.late.sum, 'ar'));
      expect(await readable(card.getByTestId('balance-owed-value'))).toBe(egp(mine.owed.sum, 'ar'));
      // The tabs hold their own subscription (GET /me/subscriptions), not "nothing yet".
      await page.getByTestId(`subscription-${subscription?.id}`).waitFor();
      await page.getByRole('tab', { name: 'الأقساط' }).click();
      const receiptsAsked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/me/receipts/')) receiptsAsked.push(r.url());
      });
      await page.getByTestId(`my-statement-${subscription?.id}`).click();
      await page.waitForURL(`**/my/subscriptions/${subscription?.id}/statement`);
      // Each paid installment says how it was paid, from the statement itself (no request per receipt).
      const statement = await must<TStatement>(call, 'GET', `/me/subscriptions/${subscription?.id}/statement`);
      const [first] = statement.rows;
      expect(first?.receipt?.method).toBe('cash');
      expect(await readable(page.getByTestId(`statement-method-${first?.id}`))).toBe('نقدًا');
      expect(await readable(page.getByTestId(`statement-receipt-${first?.id}`))).toBe(first?.receipt?.number);
      expect(receiptsAsked).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
