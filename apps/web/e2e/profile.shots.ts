import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { setClock } from '../../api/src/lib/clock';
import { type Caller, callerFor, login, must } from './helpers/api-calls';
import { launchBrowser, newPage, presetStorage, type Viewport } from './helpers/browser';
import { createAssociation, createMember, type Member } from './helpers/members';
import { type Portal, startPortal } from './helpers/portal';
import { pending, settled } from './helpers/shots';

/**
 * A member's own profile (/users/{id}): its Associations, Subscriptions and Payments tabs filled
 * from their own data, a member with none yet, their "Edit my profile" page, and the same tabs as
 * staff see them; in Arabic and English, on a desk and a 390 px phone, written to SHOTS_DIR
 * (default test-results/screens): `npm run shots -w @portal/web -- e2e/profile.shots.ts`.
 */
const OUT = process.env.SHOTS_DIR ?? new URL('../../../test-results/screens/', import.meta.url).pathname;
/** 10:00 in Cairo on 15 March 2027. */
const NOW = '2027-03-15T08:00:00Z';

const MEMBER: Member = {
  name: 'هبة سامي عبد الحميد',
  email: 'heba@example.com',
  phone: '01044440001',
  password: 'Heba@2027',
};
const NEWCOMER: Member = {
  name: 'كريم نبيل',
  email: 'karim@example.com',
  phone: '01044440002',
  password: 'Karim@2027',
};

type Shot = { name: string; path: string };

describe('a member’s own profile', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: Caller;
  let member = { token: '', id: 0 };
  let newcomer = { token: '', id: 0 };

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    setClock(NOW);
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
    admin = (await callerFor(portal)).call;
    const memberId = await createMember(portal, admin, MEMBER);
    await createMember(portal, admin, NEWCOMER);
    // Two associations: one begun two weeks ago (some installments paid, some late), one a VIP one.
    const traffic = await createAssociation(admin, { title: 'جمعية موظفي المرور', cost: 100, from_date: '2027-03-01' });
    const vip = await createAssociation(admin, {
      title: 'جمعية النخبة',
      cost: 200,
      association_type: 'vip',
      from_date: '2027-03-10',
    });
    const first = await must<{ id: number }>(admin, 'PUT', '/subscriptions', {
      user_id: memberId,
      association_id: traffic,
      day_number: 40,
    });
    await must(admin, 'PUT', '/subscriptions', { user_id: memberId, association_id: vip, day_number: 120 });
    const due = await must<{ data: { id: number }[] }>(admin, 'POST', '/subscriptions/payments', {
      subscription_id: first.id,
      sortBy: 'dueDate',
      sortOrder: 'asc',
      perPage: 20,
    });
    await must(admin, 'POST', '/subscriptions/payments/receive', { ids: due.data.slice(0, 10).map((p) => p.id) });
    member = await login(portal.app, MEMBER.phone, MEMBER.password);
    newcomer = await login(portal.app, NEWCOMER.phone, NEWCOMER.password);
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
          const size = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            height: Math.min(document.documentElement.scrollHeight, 2600),
          }));
          const path = `${OUT}/${shot.name}-${lang}-${viewport}.png`;
          await page.screenshot({ path, fullPage: true, clip: { x: 0, y: 0, ...size } });
        }
        await context.close();
      }
    }
  }

  it('the member: their own tabs, and the edit page of their profile', async () => {
    const profile = `/users/${member.id}`;
    await shoot(member, [
      { name: 'profile-own-associations', path: profile },
      { name: 'profile-own-subscriptions', path: `${profile}?tab=subscriptions` },
      { name: 'profile-own-payments', path: `${profile}?tab=payments` },
      { name: 'profile-own-edit', path: `${profile}/edit` },
    ]);
  });

  it('a member with no subscription yet', async () => {
    await shoot(newcomer, [{ name: 'profile-own-empty', path: `/users/${newcomer.id}?tab=payments` }]);
  });

  it('staff: the same member’s tabs as before', async () => {
    const staff = await callerFor(portal);
    await shoot({ token: staff.token, id: staff.id }, [
      { name: 'profile-staff-subscriptions', path: `/users/${member.id}?tab=subscriptions` },
    ]);
  });
});
