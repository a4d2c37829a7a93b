import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachDocument, createCustomerRequest } from '../../api/test/factories/customer-requests';
import { cairoDayFromToday, callerFor } from './helpers/api-calls';
import { seriousViolations, type Violation } from './helpers/axe';
import { launchBrowser, newPage, openInApp, presetStorage } from './helpers/browser';
import { createAssociation, createMember } from './helpers/members';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/**
 * Issue 9 (20): axe-core on every screen, in Arabic and English, as a visitor would open it
 * (guest pages) or as the administrator (the signed-in screens); any serious or critical
 * violation fails, naming the screen, the rule and where.
 */
const SLOW = 300_000;

/** `outsideShell`: a page a signed-in user opens that is not drawn in the shell (it is loaded, not navigated to). */
type Screen = { path: string; ready: (page: Page) => Promise<unknown>; phone?: boolean; outsideShell?: boolean };

const main = (page: Page) => page.getByRole('main').first().waitFor();
/** A list is ready once its first page is there (a table on a desk, cards on a phone): its total, or "no data". */
const list = (page: Page) =>
  page
    .getByTestId('table-total')
    .or(page.getByText(/^(No data|لا توجد بيانات)$/))
    .first()
    .waitFor();

/** A form is ready once its own buttons are there (the shell's header has buttons of its own). */
const form = (page: Page) => page.getByRole('main').getByRole('button').first().waitFor();

/** The days import with a file checked: its preview, or its refusal with the bad rows. */
async function checkDaysFile(page: Page, csv: string, outcome: 'days-import-preview' | 'days-import-errors') {
  await page
    .getByTestId('days-file')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'days.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
  await page.getByTestId('days-import-check').click();
  await page.getByTestId(outcome).waitFor();
}

const GUEST: Screen[] = [
  { path: '/login', ready: (p) => p.getByRole('button').first().waitFor(), phone: true },
  { path: '/register', ready: (p) => p.getByRole('button').first().waitFor(), phone: true },
  { path: '/reset', ready: (p) => p.getByRole('button').first().waitFor() },
  { path: '/resetmessage', ready: (p) => p.getByRole('heading').first().waitFor() },
  { path: '/newpassword/not-a-real-token', ready: (p) => p.getByRole('button').first().waitFor() },
  { path: '/recovarymessage', ready: (p) => p.getByRole('heading').first().waitFor() },
  { path: '/contact', ready: (p) => p.getByTestId('contact-submit').waitFor(), phone: true },
  { path: '/404', ready: (p) => p.getByRole('heading').first().waitFor() },
  { path: '/500', ready: (p) => p.getByRole('heading').first().waitFor() },
];

describe('accessibility of every screen (axe-core, serious and critical)', () => {
  let portal: Portal;
  let browser: Browser;
  let token: string;
  let userId: number;
  let staffId: number;
  let logId: number;
  let signedIn: Screen[];
  // A customer with a subscription, a turn move in review and a card request (issue 11's screens).
  let member: { token: string; id: number };
  let memberScreens: Screen[];

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: ADMIN.phone, password: ADMIN.password },
    });
    token = login.json().data.access_token;
    userId = login.json().data.user.id;
    const headers = { authorization: `Bearer ${token}` };
    const staff = await portal.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers,
      payload: {
        name: 'منى فتحي',
        email: 'mona.a11y@example.com',
        phone: '01511112222',
        password: 'Mona@2026',
        type: 'admin',
      },
    });
    staffId = staff.json().data.id;
    const logs = await portal.app.inject({ method: 'POST', url: '/api/v1/logs', headers, payload: { perPage: 5 } });
    logId = logs.json().data.data[0].id;
    signedIn = [
      { path: '/dashboard', ready: main, phone: true },
      { path: '/users', ready: list, phone: true },
      { path: '/users/create', ready: form },
      { path: `/users/${userId}`, ready: main, phone: true },
      { path: `/users/${staffId}`, ready: main },
      { path: '/users/admins', ready: list },
      { path: '/users/admins/create', ready: form },
      { path: `/users/admin/${staffId}/edit`, ready: form },
      { path: `/users/user/password/change/${staffId}`, ready: form },
      { path: `/users/user/roles/${staffId}`, ready: main },
      { path: '/roles', ready: list, phone: true },
      { path: '/roles/assign', ready: main },
      { path: '/logs', ready: list, phone: true },
      { path: `/logs/${logId}`, ready: main },
      { path: '/settings', ready: (p) => p.getByTestId('setting-default_page_size-save').waitFor(), phone: true },
      { path: '/terms', ready: (p) => p.getByTestId('terms-save-ar').waitFor() },
      { path: '/tickets', ready: list },
      { path: '/contacts', ready: list },
      { path: '/archive', ready: main, phone: true },
      { path: '/recovery-accounts', ready: main },
      { path: '/401', ready: (p) => p.getByRole('heading').first().waitFor(), outsideShell: true },
    ];
    const admin = (await callerFor(portal)).call;
    const who = { name: 'منى حسن', email: 'mona.member.a11y@example.com', phone: '01044446666', password: 'Mona@2026' };
    await createMember(portal, admin, who);
    const associationId = await createAssociation(admin, {
      title: 'جمعية الخير',
      cost: 100,
      from_date: cairoDayFromToday(-5),
    });
    // Issue 10 and 11's staff screens, on the association the member joins below.
    signedIn.push(
      { path: '/associations', ready: list, phone: true },
      { path: '/associations/create', ready: form },
      { path: `/associations/${associationId}`, ready: list, phone: true },
      { path: `/associations/${associationId}/edit`, ready: form },
      { path: `/associations/${associationId}/days-import`, ready: main },
      // Issue 22 item 8: the import's checked states, a clean file's preview and a refused file's
      // list of bad rows (a scrolling region, reached by keyboard).
      {
        path: `/associations/${associationId}/days-import`,
        ready: (p) => checkDaysFile(p, `day_number,date\n1,${cairoDayFromToday(-5)}\n`, 'days-import-preview'),
        phone: true,
      },
      {
        path: `/associations/${associationId}/days-import`,
        ready: (p) =>
          checkDaysFile(
            p,
            `day_number,date\n${Array.from({ length: 40 }, (_, i) => `${i + 1},1999-01-${String((i % 28) + 1).padStart(2, '0')}`).join('\n')}\n`,
            'days-import-errors',
          ),
        phone: true,
      },
      { path: '/subscriptions', ready: list, phone: true },
      { path: '/subscriptions/create', ready: form },
      { path: '/payments', ready: list, phone: true },
      { path: '/move-turn/requests', ready: list, phone: true },
      { path: '/card/requests', ready: list, phone: true },
    );
    const me = await callerFor(portal, who.phone, who.password);
    member = { token: me.token, id: me.id };
    const joined = await me.call('POST', '/me/subscriptions', { association_id: associationId, day_number: 20 });
    const subscriptionId = (joined.data as { id: number }).id;
    await me.call('POST', '/me/turn-moves', { subscription_id: subscriptionId, to_day: 30 });
    await me.call('POST', '/me/card-requests', { name: who.name, national_id: '29001011234567' });
    // Issue 12: a paid service request of the member, with a document, for its detail and receipt.
    const request = await createCustomerRequest(portal.app.db, {
      createdBy: me.id,
      status: 5,
      branchId: 1,
      receivingDate: cairoDayFromToday(7),
    });
    await portal.app.db.execute(
      sql`update customer_requests set payment_amount_piastres = 35050, payment_reference = 'FAWRY-1' where id = ${request.id}`,
    );
    await attachDocument(portal.app, request.id);
    signedIn.push(
      { path: '/requests', ready: list, phone: true },
      { path: '/requests/tasks', ready: list },
      { path: `/requests/${request.id}`, ready: main, phone: true },
    );
    const article = (p: Page) => p.getByRole('article').first().waitFor();
    memberScreens = [
      { path: '/dashboard', ready: article, phone: true },
      { path: '/my/associations', ready: article, phone: true },
      { path: '/my/associations/open', ready: list, phone: true },
      { path: `/my/subscriptions/${subscriptionId}/statement`, ready: list, phone: true },
      {
        path: `/my/subscriptions/${subscriptionId}/statement?view=print`,
        ready: (p) => p.getByRole('table').first().waitFor(),
        phone: true,
      },
      { path: '/my/turn-moves', ready: list, phone: true },
      { path: '/my/cards', ready: list, phone: true },
      { path: '/requests/me', ready: list, phone: true },
      { path: '/tickets/me', ready: list, phone: true },
      { path: '/tickets/new', ready: form, phone: true },
      {
        path: '/requests/create',
        ready: (p) => p.getByRole('button', { name: /حفظ كمسودة|Save as draft/ }).waitFor(),
        phone: true,
      },
      { path: `/requests/${request.id}`, ready: (p) => p.getByTestId('request-history').waitFor(), phone: true },
      {
        path: `/requests/${request.id}/receipt`,
        ready: (p) => p.getByTestId('request-receipt').waitFor(),
        phone: true,
      },
    ];
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  async function audit(
    screens: Screen[],
    lang: 'ar' | 'en',
    signedInAs: boolean,
    as: { token: string; id: number } = { token, id: userId },
  ) {
    const found: string[] = [];
    for (const viewport of ['desktop', 'phone'] as const) {
      // What axe judges is each screen at rest: newPage asks for less motion, so antd's transitions
      // (a sidebar group folding open, colours fading) are off and the screen is at rest at once.
      const { page, context } = await newPage(browser, portal.url, viewport);
      page.setDefaultTimeout(60_000);
      // The app keeps its session in localStorage (lib/session-store.ts): sign in as the app would.
      await presetStorage(context, lang, signedInAs ? as : undefined);
      for (const screen of screens) {
        if (viewport === 'phone' && !screen.phone) continue;
        // Inside the shell a screen is opened as its links open it, without reloading the app (issue 21 §5).
        if (signedInAs && !screen.outsideShell) await openInApp(page, screen.path);
        else await page.goto(screen.path);
        try {
          await screen.ready(page);
        } catch (error) {
          throw new Error(`${lang} ${viewport} ${screen.path} never became ready (at ${page.url()}): ${error}`);
        }
        if (viewport === 'phone') {
          // A page wider than the phone scrolls sideways as a whole: a layout bug axe does not see.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0)
            found.push(`${lang} phone ${screen.path}: the page is ${overflow} px wider than the screen`);
        }
        const violations: Violation[] = await seriousViolations(page);
        for (const v of violations) {
          found.push(`${lang} ${viewport} ${screen.path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
        }
      }
      await context.close();
    }
    return found;
  }

  it.each(['ar', 'en'] as const)(
    'guest pages in %s',
    async (lang) => {
      expect(await audit(GUEST, lang, false)).toEqual([]);
    },
    SLOW,
  );

  it.each(['ar', 'en'] as const)(
    'signed-in screens in %s',
    async (lang) => {
      expect(await audit(signedIn, lang, true)).toEqual([]);
    },
    SLOW,
  );

  it.each(['ar', 'en'] as const)(
    "a customer's own screens in %s",
    async (lang) => {
      expect(await audit(memberScreens, lang, true, member)).toEqual([]);
    },
    SLOW,
  );
});
