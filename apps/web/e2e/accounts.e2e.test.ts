import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCode } from '../../api/test/helpers/smtp-sink';
import { launchBrowser, loginThroughForm, newPage } from './helpers/browser';
import { latestMailTo, linkPath } from './helpers/mail';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** A customer registered through the API (for the flows that start after registration). */
async function registerByApi(portal: Portal, who: { email: string; mobile: string; password: string }) {
  const response = await portal.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: {
      first_name: 'Karim',
      last_name: 'Hassan',
      address: 'Giza',
      email: who.email,
      mobile: who.mobile,
      password: who.password,
      confirm_password: who.password,
      accept_terms: true,
    },
  });
  expect(response.statusCode).toBe(200);
}

/** This machine is shared by parallel builds and test runs: give slow moments room (waits, not timed assertions). */
const SLOW = 180_000;

async function open(portal: Portal, browser: Browser, viewport: 'desktop' | 'phone' = 'desktop') {
  const opened = await newPage(browser, portal.url, viewport);
  opened.page.setDefaultTimeout(60_000);
  return opened;
}

/** A toast's text as the user reads it, from the light toaster of the guest pages or from antd's. */
async function toastText(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('customer accounts in the browser', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    // JOBS_POLL_SECONDS=0: mail goes out only when a test flushes the queue, so nothing races.
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'registers in Arabic, activates with the code from the email, and logs in',
    async () => {
      const { context, page, errors } = await open(portal, browser, 'phone');
      const email = 'mona.ahmed@example.com';
      await page.goto('/login');
      await page.getByRole('link', { name: 'إنشاء حساب' }).click();
      await page.waitForURL('**/register');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

      // Empty submit: the spec's messages, nothing sent.
      await page.getByTestId('register-submit').click();
      // Under the field (exact: the live summary says it too, after the field's label).
      await page.getByText('من فضلك أدخل الاسم الأول', { exact: true }).waitFor();
      await toastText(page, 'من فضلك أدخل البيانات بشكل صحيح');

      await page.locator('#first_name').fill('منى');
      await page.locator('#last_name').fill('أحمد');
      await page.locator('#email').fill('mona.ahmed @example.com');
      await page.locator('#mobile').fill(toArabicDigits('01011112222'));
      expect(await page.locator('#mobile').inputValue()).toBe('01011112222');
      await page.locator('#password').fill('Secret#2025');
      await page.locator('#confirm_password').fill('Secret#2026');
      await page.locator('#address').fill('مدينة نصر، القاهرة');
      // The terms are shown in Arabic and must be accepted (the server records the version).
      await page
        .getByRole('region', { name: 'الشروط والأحكام' })
        .getByText('يلتزم العضو بسداد أقساط الجمعية')
        .waitFor();
      await page.getByRole('checkbox', { name: 'قرأت الشروط والأحكام وأوافق عليها' }).check();
      await page.getByTestId('register-submit').click();
      await page.getByText('كلمتا المرور غير متطابقتين', { exact: true }).waitFor();
      await page.locator('#confirm_password').fill('Secret#2025');
      // Every answer to the registration, so a page that never moves on says why (a CI run once
      // waited here a minute for no reason on record).
      const answers: string[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/v1/register')) {
          void response.text().then(
            (body) => answers.push(`${response.status()} ${body.slice(0, 300)}`),
            () => answers.push(`${response.status()} (no body)`),
          );
        }
      });
      await page.locator('#address').press('Enter');

      // Signed in and asked for the code (not sent to the dashboard).
      await page.waitForURL('**/message').catch(async (error: unknown) => {
        const alerts = await page.getByRole('alert').allInnerTexts();
        throw new Error(
          `${error}\nregister answers: ${JSON.stringify(answers)}\nalerts: ${JSON.stringify(alerts)}\nat ${page.url()}`,
        );
      });
      await page.getByText(email).waitFor();

      const mail = await latestMailTo(portal, email, (m) => m.subject.includes('تفعيل حسابك'));
      const code = activationCode(mail.text);
      expect(code).toMatch(/^\d{6}$/);
      await page.getByTestId('activation-code').fill(toArabicDigits(code as string));
      expect(await page.getByTestId('activation-code').inputValue()).toBe(code);
      await page.getByTestId('activation-submit').click();
      await page.waitForURL('**/dashboard');
      await toastText(page, 'تم تفعيل حسابك بنجاح');

      // The same account logs in later with its phone and password.
      await context.clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await loginThroughForm(page, '01011112222', 'Secret#2025');
      // Opening /message again says the account is already active.
      await page.goto('/message');
      await page.getByText('حسابك مفعّل بالفعل').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'activates by the emailed link too',
    async () => {
      const email = 'link.user@example.com';
      await registerByApi(portal, { email, mobile: '01033334444', password: 'Secret#2025' });
      const mail = await latestMailTo(portal, email, (m) => m.subject.includes('تفعيل حسابك'));
      const link = mail.links.find((l) => l.includes('/activation/'));
      expect(link).toBeDefined();
      const { context, page, errors } = await open(portal, browser);
      await page.goto(linkPath(link as string));
      await page.getByText('تم تفعيل حسابك بنجاح').waitFor();
      // The link works once.
      await page.reload();
      await page.getByText('لم يتم تفعيل حسابك، من فضلك حاول مرة أخرى').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'resets a forgotten password through the emailed link and logs in with the new one',
    async () => {
      const email = 'karim.hassan@example.com';
      await registerByApi(portal, { email, mobile: '01055556666', password: 'Old#Pass2025' });
      const { context, page, errors } = await open(portal, browser);
      await page.goto('/login');
      await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
      await page.waitForURL('**/reset');
      await page.locator('#email').fill(` ${email} `);
      await page.locator('#email').press('Enter');
      await page.waitForURL('**/resetmessage');
      await page.getByText('إذا كان البريد الإلكتروني مسجّلًا لدينا').waitFor();

      const mail = await latestMailTo(portal, email, (m) => m.links.some((l) => l.includes('/newpassword/')));
      const link = mail.links.find((l) => l.includes('/newpassword/')) as string;
      await page.goto(linkPath(link));
      await page.locator('#password').fill('New#Pass2026');
      await page.locator('#confirm_password').fill('New#Pass2026');
      await page.getByTestId('new-password-submit').click();
      await page.waitForURL('**/login');
      await toastText(page, 'تم تغيير كلمة المرور، من فضلك سجّل الدخول');

      // The old password no longer works; the new one does.
      await page.locator('#phone').fill('01055556666');
      await page.locator('#password').fill('Old#Pass2025');
      await page.locator('#password').press('Enter');
      await toastText(page, 'البيانات غير صحيحة');
      await loginThroughForm(page, '01055556666', 'New#Pass2026');

      // The link was used: opening it again fails and leads back to /reset.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(linkPath(link));
      await page.locator('#password').fill('Other#Pass2027');
      await page.locator('#confirm_password').fill('Other#Pass2027');
      await page.getByTestId('new-password-submit').click();
      await page.waitForURL('**/reset');
      await toastText(page, 'حدث خطأ، من فضلك حاول مرة أخرى');
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    'in recovery mode a customer is sent to /recovery after login and told about the review',
    async () => {
      const admin = await portal.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { phone: ADMIN.phone, password: ADMIN.password },
      });
      const token = (admin.json() as { data: { access_token: string } }).data.access_token;
      const setting = await portal.app.inject({
        method: 'POST',
        url: '/api/v1/setting/change/recovery_mode',
        headers: { authorization: `Bearer ${token}` },
        payload: { value: true },
      });
      expect(setting.statusCode).toBe(200);
      await registerByApi(portal, {
        email: 'recovery.user@example.com',
        mobile: '01077778888',
        password: 'Secret#2025',
      });

      const { context, page, errors } = await open(portal, browser, 'phone');
      await page.goto('/login');
      await page.locator('#phone').fill('01077778888');
      await page.locator('#password').fill('Secret#2025');
      await page.locator('#password').press('Enter');
      await page.waitForURL('**/recovery');
      expect(await page.getByTestId('old-email').inputValue()).toBe('recovery.user@example.com');

      await page.locator('#ar_name').fill('كريم حسن');
      await page.locator('#en_name').fill('Karim Hassan');
      await page.locator('#national_id').fill(toArabicDigits('2990101012345'));
      await page.getByTestId('recovery-submit').click();
      await page.getByText('الرقم القومي مكوّن من 14 رقمًا').waitFor();
      await page.getByText('من فضلك اختر المستوى التعليمي').waitFor();
      await page.locator('#national_id').fill('29901010123456');

      // Options are looked up in the dropdown of the Select just opened (antd links it as `#<id>_list`):
      // the previous Select's dropdown may still be fading out and would match a looser selector.
      const choose = async (id: string) => {
        await page.locator(`#${id}`).click();
        const dropdown = page.locator('.ant-select-dropdown', { has: page.locator(`#${id}_list`) });
        await dropdown.locator('.ant-select-item-option').first().click();
        await dropdown.waitFor({ state: 'hidden' });
      };
      await choose('degree_education_level_id');
      await choose('degree_qualification_id');
      if (await page.locator('#degree_specification_id').count()) await choose('degree_specification_id');
      await page.getByTestId('recovery-submit').click();
      await page.waitForURL('**/recovarymessage');
      await page.getByText('ستتم مراجعة حسابك خلال يومي عمل على الأكثر').first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
