import { INDIVIDUAL_ORGANIZATION_TYPE_IDS, REQUEST_STATUS_IDS } from '@portal/shared/schemas/request-lookups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { rowsOf } from '../../db/client.js';
import { services } from '../../db/schema/request-lookups.js';
import { seedDatabase } from '../../db/seed/seed.js';

/** The lookups of customer service requests (issue 12): seeded on start, read by any signed-in user. */
let t: TestApp;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true });
  customer = await loginAs(t.app, user.phone, user.password);
});
afterAll(async () => {
  await t?.close();
});

const LOOKUP_TABLES = [
  'request_status_types',
  'identity_types',
  'services',
  'service_durations',
  'organization_types',
  'countries',
  'branches',
  'rejection_reasons',
] as const;

const lookups = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/customers_requests/lookups', headers });

/** Every row of every lookup with its physical version (xmin), which any rewrite of the row changes. */
async function snapshot() {
  const tables: Record<string, unknown[]> = {};
  for (const table of LOOKUP_TABLES) {
    tables[table] = rowsOf(await t.db.execute(`select xmin::text as version, * from ${table} order by id`));
  }
  return tables;
}

const idsOf = (items: { id: number }[]) => items.map((i) => i.id);

describe('POST /customers_requests/lookups', () => {
  it('answers a customer with every list, in English and Arabic, with the ids of DESIGN §2', async () => {
    const res = await lookups(bearer(customer));
    expect(res.statusCode, res.body).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe('success');

    expect(data.requests_status_types.map((s: { id: number; code: string }) => [s.code, s.id])).toEqual(
      Object.entries(REQUEST_STATUS_IDS),
    );
    expect(data.requests_status_types[7]).toEqual({ id: 8, code: 'rejected', name: 'Rejected', name_local: 'مرفوض' });
    expect(data.identities_types).toEqual([
      { id: 1, name: 'National ID card', name_local: 'بطاقة الرقم القومي' },
      { id: 2, name: 'Passport', name_local: 'جواز السفر' },
    ]);
    expect(data.services.slice(0, 2)).toEqual([
      { id: 1, name: 'Digital-signature certificate for individuals', name_local: 'شهادة التوقيع الإلكتروني للأفراد' },
      {
        id: 2,
        name: 'Digital-signature certificate for companies and organizations',
        name_local: 'شهادة التوقيع الإلكتروني للشركات والجهات',
      },
    ]);
    expect(data.services_durations).toEqual([
      { id: 1, name: 'One year', name_local: 'سنة واحدة' },
      { id: 2, name: 'Two years', name_local: 'سنتان' },
      { id: 3, name: 'Three years', name_local: 'ثلاث سنوات' },
    ]);
    const organizations = data.organizations_types as { id: number; name_local: string }[];
    expect(INDIVIDUAL_ORGANIZATION_TYPE_IDS.map((id) => organizations.find((o) => o.id === id)?.name_local)).toEqual([
      'فرد',
      'منشأة فردية',
    ]);
    expect(organizations.length).toBeGreaterThan(5);
    expect(data.countries[0]).toEqual({
      id: 1,
      name: 'Egypt',
      name_local: 'مصر',
      nationality: 'Egyptian',
      nationality_local: 'مصري',
    });
    expect(data.countries.length).toBeGreaterThanOrEqual(34);
    expect(data.branches[0]).toMatchObject({ id: 1, name: 'Cairo – Downtown', name_local: 'القاهرة – وسط البلد' });
    expect(data.branches.every((b: { address: string }) => b.address.length > 0)).toBe(true);
    const reasons = data.rejection_reasons as { final_decision: boolean }[];
    expect(reasons.some((r) => r.final_decision)).toBe(true);
    expect(reasons.some((r) => !r.final_decision)).toBe(true);

    // Every item of every list is named in both languages.
    for (const list of Object.values(data) as { id: number; name: string; name_local: string }[][]) {
      expect(idsOf(list)).toEqual([...idsOf(list)].sort((a, b) => a - b));
      for (const item of list) {
        expect(item.name).toMatch(/[A-Za-z]/);
        expect(item.name_local).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });

  it('refuses a guest with 401', async () => {
    const res = await lookups({});
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe('error');
  });
});

describe('seeding the lookups', () => {
  it('a second seed rewrites no row: same rows, same ids, same versions', async () => {
    const before = await snapshot();
    await seedDatabase(t.db, t.env);
    expect(await snapshot()).toEqual(before);
  });

  it('a later seed restores a changed name and keeps the id, and leaves a row it does not know', async () => {
    await t.db.update(services).set({ nameLocal: 'اسم قديم' }).where(eq(services.id, 2));
    await t.db.insert(services).values({ id: 99, name: 'Retired service', nameLocal: 'خدمة متوقفة' });
    await seedDatabase(t.db, t.env);
    const rows = await t.db.select().from(services).orderBy(services.id);
    expect(rows.find((s) => s.id === 2)?.nameLocal).toBe('شهادة التوقيع الإلكتروني للشركات والجهات');
    expect(rows.find((s) => s.id === 99)?.name).toBe('Retired service');
    await t.db.delete(services).where(eq(services.id, 99));
  });
});
