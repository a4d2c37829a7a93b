import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { parseMail } from '../../../test/helpers/smtp-sink.js';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { settings } from '../../db/schema/settings.js';

describe('settings: typed values an operator changes without a deploy, each change audited', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Many changes from one address: the staff limit (30 per window) is tested in throttle.test.ts.
    t = await createTestApp({ APP_URL: 'http://localhost:3000', JOBS_POLL_SECONDS: '0', ACCOUNT_RATE_IP_MAX: '1000' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(async () => t?.close());

  const change = (key: string, value: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/setting/change/${key}`,
      headers: { ...bearer(admin), 'accept-language': lang },
      payload: { value },
    });
  const client = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/settings/client', headers: bearer(token) })).json().data;

  it('lists every setting with its default until it is changed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/setting/index', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const values = Object.fromEntries(res.json().data.map((s: { key: string; value: unknown }) => [s.key, s.value]));
    expect(values).toEqual({
      recovery_mode: false,
      request_documents_url: '',
      request_contracts_url: '',
      mail_sender_name: 'بوابة الجمعيات',
      default_page_size: 10,
      payout_arrears_policy: 'net',
      reminder_days_before: 1,
    });
  });

  it('stores valid values, shows the client ones to any signed-in user, and audits each change', async () => {
    const customer = await createUser(t.db, { roles: ['user'] });
    const customerToken = await loginAs(t.app, customer.phone, customer.password);
    expect(await client(customerToken)).toEqual({
      request_documents_url: '',
      request_contracts_url: '',
      default_page_size: 10,
    });
    for (const [key, value, stored] of [
      ['request_documents_url', '  https://drive.example.com/forms  ', 'https://drive.example.com/forms'],
      ['request_contracts_url', 'http://intranet.example.eg:8080/contracts?lang=ar', undefined],
      ['default_page_size', '20', 20],
      ['mail_sender_name', 'Gamaiya Support', undefined],
      ['reminder_days_before', '٣', 3],
      ['reminder_days_before', 0, undefined],
    ] as const) {
      const res = await change(key, value);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.value).toEqual(stored ?? value);
      const [audit] = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'setting.change'), eq(auditLogs.entityId, key)));
      expect(audit, `audit of ${key}`).toBeDefined();
    }
    expect(await client(customerToken)).toEqual({
      request_documents_url: 'https://drive.example.com/forms',
      request_contracts_url: 'http://intranet.example.eg:8080/contracts?lang=ar',
      default_page_size: 20,
    });
    // Emptying a link hides it again.
    expect((await change('request_contracts_url', '')).statusCode).toBe(200);
    expect((await client(customerToken)).request_contracts_url).toBe('');
  });

  it('refuses a value that does not fit its setting, in both languages, and keeps the old one', async () => {
    const before = await t.db.select().from(settings);
    const cases: [string, unknown][] = [
      ['request_documents_url', 'javascript:alert(1)'],
      ['request_documents_url', 'ftp://files.example.com'],
      ['request_documents_url', 'https://exa mple.com'],
      ['request_documents_url', `https://example.com/${'a'.repeat(500)}`],
      ['request_contracts_url', 42],
      ['mail_sender_name', '   '],
      ['mail_sender_name', 'Evil" <attacker@example.com>'],
      ['mail_sender_name', 'x'.repeat(81)],
      ['default_page_size', 7],
      ['default_page_size', '200'],
      ['default_page_size', 'ten'],
      ['reminder_days_before', 8],
      ['reminder_days_before', -1],
      ['reminder_days_before', 1.5],
      ['reminder_days_before', 'غدًا'],
      ['recovery_mode', 'maybe'],
    ];
    const titles = new Set<string>();
    for (const [key, value] of cases) {
      for (const lang of ['ar', 'en']) {
        const res = await change(key, value, lang);
        expect(res.statusCode, `${key}=${String(value)}: ${res.body}`).toBe(422);
        const error = res.json().errors[0];
        expect(error.field).toBe('value');
        expect(error.title).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
        titles.add(error.title);
      }
    }
    expect(titles).toContain('Enter a full web address starting with https://, or leave it empty');
    expect(titles).toContain('اختر 5 أو 10 أو 20 أو 50 صفًا');
    expect(titles).toContain('Choose a number of days from 0 to 7');
    expect(titles).toContain('اختر عددًا من الأيام من 0 إلى 7');
    expect(await t.db.select().from(settings)).toEqual(before);
    const unknown = await change('no_such_setting', 1);
    expect(unknown.statusCode).toBe(404);
  });

  it('sends mail under the sender name of the setting, from MAIL_FROM’s address', async () => {
    expect((await change('mail_sender_name', 'Gamaiya Help Desk')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { 'accept-language': 'en' },
      payload: {
        first_name: 'Mona',
        last_name: 'Adel',
        address: 'Giza',
        email: 'mona.settings@example.com',
        mobile: '01098765432',
        password: 'Gamaiya@2024',
        confirm_password: 'Gamaiya@2024',
        accept_terms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.jobs.flush()).done).toBeGreaterThanOrEqual(1);
    const folder = path.join(t.env.DATA_DIR, 'outbox');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(files.map(async (f) => parseMail(await readFile(path.join(folder, f), 'latin1'))));
    const mail = mails.find((m) => m.headers.get('to')?.includes('mona.settings@example.com'));
    expect(mail?.headers.get('from')).toBe('Gamaiya Help Desk <no-reply@localhost>');
  });

  it('lets only administrators change settings; no session reads the client ones', async () => {
    const manager = await createUser(t.db, { type: 'admin', roles: ['manager'] });
    const token = await loginAs(t.app, manager.phone, manager.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/setting/change/default_page_size',
      headers: bearer(token),
      payload: { value: 50 },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings/client' })).statusCode).toBe(401);
  });
});
