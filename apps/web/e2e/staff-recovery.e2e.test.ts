import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughForm, newPage, openFromSidebar } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 180_000;

type Lookup = { id: number; name: string };

async function call(portal: Portal, url: string, payload: unknown, token?: string) {
  const response = await portal.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Record<string, unknown> }).data;
}

describe('staff: recovery mode and the review of recovery accounts', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'the admin turns recovery mode on, then verifies a customer’s recovery account',
    async () => {
      const { context, page, errors } = await newPage(browser, portal.url);
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, ADMIN.phone, ADMIN.password);

      // Recovery mode, from the sidebar's settings group, after a confirmation.
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'إعدادات النظام' }).waitFor();
      const toggle = page.getByRole('switch', { name: 'وضع استعادة الحسابات' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      // Wait for the change itself (its response, then the switch), not for a toast that comes and goes.
      const changed = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/setting/change/recovery_mode'),
      );
      await page.getByRole('button', { name: 'نعم، فعّل' }).click();
      expect((await changed).status()).toBe(200);
      await page.getByRole('switch', { name: 'وضع استعادة الحسابات', checked: true }).waitFor();
      const admin = await call(portal, '/login', { phone: ADMIN.phone, password: ADMIN.password });
      const adminToken = admin.access_token as string;
      const settings = (await call(portal, '/setting/index', {}, adminToken)) as unknown as {
        key: string;
        value: unknown;
      }[];
      expect(settings.find((s) => s.key === 'recovery_mode')?.value).toBe(true);

      // A customer registers and sends recovery data with their (verified) email: it waits for review.
      const email = 'staff.review@example.com';
      const registered = await call(portal, '/register', {
        first_name: 'Hany',
        last_name: 'Samir',
        address: 'Giza',
        email,
        mobile: '01099990000',
        password: 'Secret#2025',
        confirm_password: 'Secret#2025',
        accept_terms: true,
      });
      const customerId = (registered.user as { id: number }).id;
      await call(portal, '/user/verify', { user_id: customerId }, adminToken);
      const lookups = (await call(portal, '/user/register/data', {})) as unknown as Record<string, Lookup[]>;
      const byName = (list: Lookup[] | undefined, name: string) => {
        const found = list?.find((l) => l.name === name);
        if (!found) throw new Error(`lookup ${name} missing`);
        return found.id;
      };
      const submitted = await call(
        portal,
        '/recovery',
        {
          ar_name: 'هاني سمير عبد الله',
          en_name: 'Hany Samir Abdallah',
          email,
          mobile: '01099990001',
          national_id: '29201010123459',
          university_degree_id: byName(lookups.universities, 'Cairo University'),
          organization_degree_id: byName(lookups.collages, 'Faculty of Commerce'),
          degree_education_level_id: byName(lookups.levels, 'Higher (university) qualification'),
          degree_qualification_id: byName(lookups.qualifications, 'Bachelor of Commerce'),
          degree_specification_id: byName(lookups.specifications, 'Accounting'),
          experience: 'محاسب',
        },
        registered.access_token as string,
      );
      expect(submitted.status).toBe('pending_review');
      const id = submitted.id as number;

      // The admin finds it through the sidebar and verifies it after a confirmation.
      await openFromSidebar(page, 'الإعدادات', page.getByRole('menuitem', { name: 'مراجعة حسابات الاستعادة' }));
      await page.waitForURL('**/recovery-accounts');
      const status = page.getByTestId(`recovery-status-${id}`);
      await status.waitFor();
      expect(await status.textContent()).toBe('قيد المراجعة');
      await page.getByRole('button', { name: 'تأكيد حساب هاني سمير عبد الله' }).click();
      const verified = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/recovery/verify'),
      );
      await page.getByRole('button', { name: 'نعم، أكّد الحساب' }).click();
      expect((await verified).status()).toBe(200);
      // The row changes once the list is fetched again.
      await page.getByTestId(`recovery-status-${id}`).filter({ hasText: 'تم الاعتماد' }).waitFor();
      expect(await page.getByTestId(`recovery-verify-${id}`).count()).toBe(0);

      // The server agrees: the account is verified.
      const list = (await call(portal, '/recovery/accounts', {}, adminToken)) as unknown as {
        data: { id: number; status: string }[];
      };
      expect(list.data.find((a) => a.id === id)?.status).toBe('verified');
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
