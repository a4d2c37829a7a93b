import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createArchiveFile, createArchiveFolder } from '../../api/test/factories/archive';
import { attachDocument, createCustomerRequest } from '../../api/test/factories/customer-requests';
import { callerOf, must } from './helpers/api-calls';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { type Portal, startPortal } from './helpers/portal';
import { makeRequestsData, type RequestsData, receivePayments } from './helpers/requests-data';
import { pending, settled } from './helpers/shots';

/**
 * Every screen of the associations, members and requests areas, in Arabic and English, on a desk
 * and a 390 px phone, written to SHOTS_DIR (default test-results/screens) for a person to judge.
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/screens/', import.meta.url).pathname;

describe('screens', () => {
  let portal: Portal;
  let browser: Browser;
  let data: RequestsData;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    data = await makeRequestsData(portal.app, { moves: [0, 1, 2], cards: [0, 1, 2] });
    await receivePayments(data, 4);
    await data.admin('POST', `/associations/change-turn/${data.turnMoves[1]?.id}`, {
      status: 2,
      note: 'اليوم محجوز لعضو آخر من العائلة',
    });
    await data.admin('POST', `/card-requests/${data.cardRequests[1]?.id}/decision`, { status: 1 });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  /** The newest audit entry of a subscription's change (its people and codes in words). */
  async function subscriptionLogId(): Promise<number> {
    const found = await must<{ data: { id: number }[] }>(data.admin, 'POST', '/logs', {
      action: 'subscriptions.insert',
      perPage: 5,
    });
    const first = found.data[0];
    if (!first) throw new Error('no audit entry of a subscription');
    return first.id;
  }

  /** A screen: its file name, its path, and what to do on it first (pick a file, submit…). */
  type Shot = [string, string] | [string, string, (page: Page) => Promise<unknown>];

  async function shoot(who: { token: string; id: number }, paths: Shot[]) {
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        const { page, context } = await newPage(browser, portal.url, viewport);
        pending(page);
        page.setDefaultTimeout(60_000);
        await presetStorage(context, lang, { token: who.token, id: who.id });
        for (const [name, path, act] of paths) {
          await page.goto(path);
          await page.getByRole('main').first().waitFor();
          await settled(page);
          if (act) {
            await act(page);
            await settled(page);
          }
          // The whole page up to 2,600 px (a statement's 1,200 rows would make a picture no one can open),
          // as wide as it really is, so a page wider than the screen shows in the picture.
          const size = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: Math.min(document.documentElement.scrollHeight, 2600),
          }));
          await page.screenshot({
            path: `${OUT}/${name}-${lang}-${viewport}.png`,
            fullPage: true,
            clip: { x: 0, y: 0, ...size },
          });
        }
        await context.close();
      }
    }
  }

  it('staff screens', async () => {
    const association = data.associations[0]?.id;
    const member = data.members[0]?.id;
    await shoot({ token: data.adminToken, id: data.adminId }, [
      ['dashboard', '/dashboard'],
      ['associations', '/associations'],
      ['association-create', '/associations/create'],
      ['association', `/associations/${association}`],
      ['association-days', `/associations/${association}?tab=days`],
      ['association-edit', `/associations/${association}/edit`],
      ['days-import', `/associations/${association}/days-import`],
      // Issue 22 item 8: a refused file, its bad rows (the dates isolated left to right), scrolling.
      [
        'days-import-refused',
        `/associations/${association}/days-import`,
        async (page) => {
          const rows = Array.from(
            { length: 30 },
            (_, i) => `${i + 1},1999-01-${String((i % 28) + 1).padStart(2, '0')}`,
          );
          await page
            .getByTestId('days-file')
            .locator('input[type="file"]')
            .setInputFiles({
              name: 'days.csv',
              mimeType: 'text/csv',
              buffer: Buffer.from(`day_number,date\n${rows.join('\n')}\n`),
            });
          await page.getByTestId('days-import-check').click();
          await page.getByTestId('days-import-errors').waitFor();
        },
      ],
      ['subscriptions', '/subscriptions'],
      ['subscription-create', '/subscriptions/create'],
      ['payments', '/payments'],
      ['member-profile', `/users/${member}?tab=payments`],
      ['user-create', '/users/create'],
      // Issue 22 item 7: an audit entry of a subscription, in words and names.
      ['log-entry', `/logs/${await subscriptionLogId()}`],
      ['move-turn', '/move-turn/requests'],
      ['cards', '/card/requests'],
    ]);
  });

  it("a member's screens", async () => {
    const member = data.members[0];
    if (!member) throw new Error('no member');
    const subscription = data.subscriptions[0]?.id;
    await shoot(member, [
      ['my-dashboard', '/dashboard'],
      ['my-associations', '/my/associations'],
      ['my-open', '/my/associations/open'],
      ['my-statement', `/my/subscriptions/${subscription}/statement`],
      ['my-statement-print', `/my/subscriptions/${subscription}/statement?view=print`],
      ['my-turn-moves', '/my/turn-moves'],
      ['my-cards', '/my/cards'],
    ]);
  });

  it('service request screens', async () => {
    const member = data.members[0];
    if (!member) throw new Error('no member');
    const db = portal.app.db;
    const paid = await createCustomerRequest(db, {
      createdBy: member.id,
      status: 5,
      serviceId: 2,
      serviceDurationId: 2,
      organizationTypeId: 3,
      branchId: 1,
      receivingDate: '2026-12-15',
    });
    await db.execute(sql`update customer_requests set payment_amount_piastres = 35050, payment_reference = 'FAWRY-99120045',
      tax_registration_number = '305112233', representative_type = 'partner', identity_expiration_date = '2029-04-30' where id = ${paid.id}`);
    await attachDocument(portal.app, paid.id, 'identity_copy', 'بطاقة الرقم القومي.pdf');
    await attachDocument(portal.app, paid.id, 'commercial_registration_copy', 'commercial-register.pdf');
    await attachDocument(portal.app, paid.id, 'additionalFile', 'board-resolution-of-the-partners-meeting-2026.pdf');
    const rejected = await createCustomerRequest(db, { createdBy: member.id, status: 8, rejectionReasonId: 7 });
    await createCustomerRequest(db, { createdBy: member.id, status: 2 });
    await createCustomerRequest(db, { createdBy: member.id, status: 1 });
    await shoot({ token: data.adminToken, id: data.adminId }, [
      ['requests', '/requests'],
      ['request', `/requests/${paid.id}`],
      ['request-tasks', '/requests/tasks'],
      ['dashboard-requests', '/dashboard'],
    ]);
    await shoot(member, [
      ['my-requests', '/requests/me'],
      ['request-create', '/requests/create'],
      ['my-request', `/requests/${paid.id}`],
      ['request-receipt', `/requests/${paid.id}/receipt`],
      ['request-rejected', `/requests/${rejected.id}`],
      ['request-edit-closed', `/requests/${rejected.id}/edit`],
    ]);
  });

  it('staff tools and account screens', async () => {
    const member = data.members[0];
    if (!member) throw new Error('no member');
    const db = portal.app.db;
    const request = await createCustomerRequest(db, { createdBy: member.id, status: 2 });
    await attachDocument(portal.app, request.id, 'identity_copy', 'بطاقة الرقم القومي.pdf');
    await attachDocument(portal.app, request.id, 'additionalFile', 'خطاب جهة العمل.pdf');
    const ticket = await must<{ id: number }>(callerOf(portal.app, member.token, 'ar'), 'PUT', '/ticket/tickets', {
      subject: 'لم يظهر القسط الأخير في كشف الحساب',
      message: 'دفعت القسط يوم ١٠ نوفمبر ولم يظهر في كشف حسابي حتى الآن.',
    });
    await must(data.admin, 'POST', `/ticket/add/${ticket.id}`, {
      message: 'شكرًا لتواصلك، تم تسجيل القسط وسيظهر في الكشف خلال ساعة.',
    });
    const folder = await createArchiveFolder(db, {
      name: 'نماذج العقود',
      shortName: 'contracts',
      content: { ar: 'نماذج العقود المعتمدة لكل خدمة.', en: 'The approved contract forms of every service.' },
    });
    await createArchiveFolder(db, { name: 'محاضر الاجتماعات', shortName: 'minutes' });
    await createArchiveFile(db, portal.app.storage, { parentId: folder.id, name: 'عقد شهادة التوقيع الإلكتروني.pdf' });
    await shoot({ token: data.adminToken, id: data.adminId }, [
      ['archive', '/archive'],
      ['archive-folder', `/archive/${folder.id}`],
      ['settings', '/settings'],
      ['terms', '/terms'],
      ['users', '/users'],
      ['member-documents', `/users/${member.id}?tab=documents`],
      ['tickets', '/tickets'],
      ['ticket', `/tickets/${ticket.id}`],
      ['contacts', '/contacts'],
    ]);
    await shoot(member, [
      ['my-tickets', '/tickets/me'],
      ['ticket-create', '/tickets/new'],
      // Issue 22 item 11: a file over the limit, named in the refusal.
      [
        'ticket-create-too-large',
        '/tickets/new',
        async (page) => {
          await page
            .locator('input[type="file"]')
            .first()
            .setInputFiles({
              name: 'كشف حساب نوفمبر 2026.pdf',
              mimeType: 'application/pdf',
              buffer: Buffer.alloc(600 * 1024),
            });
          await page.getByRole('alert').first().waitFor();
        },
      ],
      ['my-ticket', `/tickets/${ticket.id}`],
    ]);
    // Guest pages: the register page with the terms, and the contact form.
    for (const lang of ['ar', 'en'] as const) {
      for (const viewport of ['desktop', 'phone'] as Viewport[]) {
        const { page, context } = await newPage(browser, portal.url, viewport);
        pending(page);
        await presetStorage(context, lang);
        for (const [name, path, act] of [
          ['register', '/register', undefined],
          ['contact', '/contact', undefined],
          ['not-found', '/404', undefined],
          // Issue 22 item 15: the login's errors, said under their fields (and to screen readers).
          ['login-errors', '/login', (p: Page) => p.getByTestId('login-submit').click()],
        ] as const) {
          await page.goto(path);
          await page.getByRole('main').first().waitFor();
          await settled(page);
          if (act) {
            await act(page);
            await page.locator('.field-error').first().waitFor();
          }
          await page.screenshot({ path: `${OUT}/${name}-${lang}-${viewport}.png`, fullPage: true });
        }
        await context.close();
      }
    }
  });
});
