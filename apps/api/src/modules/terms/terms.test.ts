import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { termsVersions } from '../../db/schema/terms.js';
import { users } from '../../db/schema/users.js';

function registration(n: number, extra: Record<string, unknown> = {}) {
  return {
    first_name: 'سارة',
    last_name: 'محمود',
    address: 'مدينة نصر، القاهرة',
    email: `terms${n}@example.com`,
    mobile: `0101234${String(n).padStart(4, '0')}`,
    password: 'Gamaiya@2024',
    confirm_password: 'Gamaiya@2024',
    accept_terms: true,
    ...extra,
  };
}

describe('terms and conditions: read in the reader’s language, saved as versions, accepted at registration', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  });
  afterAll(async () => t?.close());

  const getTerms = (headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/get-terms${query}`, headers });
  const save = (token: string, payload: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/updateTerms',
      headers: { ...bearer(token), 'accept-language': lang },
      payload: payload as Record<string, unknown>,
    });
  const versions = async () => (await t.db.select().from(termsVersions)).length;

  it('answers the seeded text in Arabic by default, in English for Accept-Language en, and for ?lang', async () => {
    const ar = (await getTerms()).json().data;
    expect(ar).toMatchObject({ lang: 'ar', version_id: expect.any(Number) });
    expect(ar.terms).toContain('يلتزم العضو بسداد أقساط الجمعية');
    const en = (await getTerms({ 'accept-language': 'en-US,en;q=0.9' })).json().data;
    expect(en.lang).toBe('en');
    expect(en.terms).toContain('Members pay the association’s installments');
    expect((await getTerms({ 'accept-language': 'en' }, '?lang=ar')).json().data.lang).toBe('ar');
    expect((await getTerms({}, '?lang=fr')).statusCode).toBe(422);
  });

  it('saves a new version per save, keeps the old one, and ignores a save of the same text', async () => {
    const before = await versions();
    const res = await save(admin, { lang: 'en', terms: '  Be kind.\n\nPay on time.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The terms were saved');
    expect(res.json().data).toMatchObject({ lang: 'en', terms: 'Be kind.\n\nPay on time.' });
    expect(await versions()).toBe(before + 1);
    const again = await save(admin, { lang: 'en', terms: 'Be kind.\n\nPay on time.' });
    expect(again.json().data.version_id).toBe(res.json().data.version_id);
    expect(await versions()).toBe(before + 1);
    const read = (await getTerms({ 'accept-language': 'en' })).json().data;
    expect(read).toMatchObject({ terms: 'Be kind.\n\nPay on time.', version_id: res.json().data.version_id });
    // Arabic is untouched.
    expect((await getTerms()).json().data.terms).toContain('يلتزم العضو بسداد أقساط الجمعية');
  });

  it('refuses bad input with translated field errors and saves nothing', async () => {
    const before = await versions();
    const cases: [unknown, string][] = [
      [{ lang: 'en', terms: '   ' }, 'terms'],
      [{ lang: 'en' }, 'terms'],
      [{ lang: 'en', terms: 'x'.repeat(20_001) }, 'terms'],
      [{ lang: 'en', terms: 'a\u0000b' }, 'terms'],
      [{ lang: 'de', terms: 'Hallo' }, 'lang'],
    ];
    for (const [payload, field] of cases) {
      for (const lang of ['ar', 'en']) {
        const res = await save(admin, payload, lang);
        expect(res.statusCode, res.body).toBe(422);
        const error = res.json().errors.find((e: { field?: string }) => e.field === field);
        expect(error?.title, res.body).toBeTruthy();
        expect(error.title).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
      }
    }
    expect(await versions()).toBe(before);
  });

  it('lets only holders of terms.put save', async () => {
    const customer = await createUser(t.db, { roles: ['user'] });
    const editor = await createUser(t.db, { type: 'admin', roles: ['editor'] });
    const manager = await createUser(t.db, { type: 'admin', roles: ['manager'] });
    const body = { lang: 'ar', terms: 'نص جديد' };
    expect((await save(await loginAs(t.app, customer.phone, customer.password), body)).statusCode).toBe(403);
    expect((await save(await loginAs(t.app, editor.phone, editor.password), body)).statusCode).toBe(403);
    expect((await save(await loginAs(t.app, manager.phone, manager.password), body)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/settings/updateTerms', payload: body });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores the version a customer accepted at registration, and when', async () => {
    const shown = (await getTerms({ 'accept-language': 'en' })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { 'accept-language': 'en' },
      payload: registration(1, { terms_version_id: shown.version_id }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await findUserRow(t.db, res.json().data.user.id);
    expect(row?.termsVersionId).toBe(shown.version_id);
    expect(row?.termsAcceptedAt).not.toBeNull();

    // Without a version the current text of the request's language is recorded.
    const arabic = (await getTerms()).json().data;
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/register', payload: registration(2) });
    expect(second.statusCode, second.body).toBe(200);
    expect((await findUserRow(t.db, second.json().data.user.id))?.termsVersionId).toBe(arabic.version_id);
  });

  it('refuses a registration that accepted an older text, and creates no account', async () => {
    const shown = (await getTerms({ 'accept-language': 'en' })).json().data;
    await save(admin, { lang: 'en', terms: `Revised ${Date.now()}` });
    const body = registration(3, { terms_version_id: shown.version_id });
    for (const lang of ['ar', 'en']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        headers: { 'accept-language': lang },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'accept_terms' });
    }
    const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(0);
  });
});
