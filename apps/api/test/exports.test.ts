import type { Locale } from '@portal/shared/constants';
import { isMessageKey, translate } from '@portal/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import type { ExportHead, ExportKind } from '../src/lib/export.js';
import { associationColumns } from '../src/modules/associations/associations.export.js';
import { requestColumns } from '../src/modules/customer-requests/customer-requests.export.js';
import { paymentColumns, subscriptionColumns } from '../src/modules/subscriptions/subscriptions.export.js';
import { createAssociation, subscribe } from './factories/associations.js';
import { createCustomerRequest } from './factories/customer-requests.js';
import { createUser } from './factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';
import { ATTACKS, expectCsvData, expectXlsxData, FORMULA_STARTS, readCsv, readXlsx } from './helpers/export-files.js';

/**
 * Every export route, in both formats and both languages, over rows whose every text column starts
 * with a formula (issue 19 §1, issue 22 §2, decision 0026): no cell may run as a formula, text is
 * neutralised with an apostrophe, amounts are numbers, days and times are dates. Values the API's
 * schemas refuse (names must start with a letter) are written to the database directly: the writer
 * must be safe whatever the data.
 */
let t: TestApp;
let admin: string;

/** The dangerous texts each export must show neutralised, by route; lookups per language. */
const expected = {
  associations: [] as string[],
  subscriptions: [] as string[],
  payments: [] as string[],
  requests: { ar: [] as string[], en: [] as string[] },
};

const LOOKUPS = {
  services: { en: '=SERVICE()', ar: '=خدمة()' },
  service_durations: { en: '+1 year', ar: '+سنة' },
  organization_types: { en: '-Company', ar: '-شركة' },
  branches: { en: '@Branch', ar: '@فرع' },
} as const;

const RECEIVED_AT = '2026-11-22T10:30:00Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
  const [branch] = rowsOf<{ id: number }>(await t.db.execute(sql`select min(id)::int as id from branches`));
  const branchId = Number(branch?.id);
  await inTransaction(systemScope(t.db), async (tx) => {
    for (const [table, names] of Object.entries(LOOKUPS)) {
      const id = table === 'branches' ? branchId : 1;
      await tx.db.execute(
        sql`update ${sql.identifier(table)} set name = ${names.en}, name_local = ${names.ar} where id = ${id}`,
      );
    }
  });
  for (const locale of ['ar', 'en'] as const) {
    expected.requests[locale].push(...Object.values(LOOKUPS).map((names) => names[locale]));
  }

  for (const [i, start] of FORMULA_STARTS.entries()) {
    const attack = ATTACKS[start];
    const association = await createAssociation(t.app, admin, { cost: 50, from_date: '2026-01-01' });
    const member = await createUser(t.db, { type: 'user' });
    const subscribed = await subscribe(t.app, admin, {
      user_id: member.id,
      association_id: association.id,
      day_number: 1,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const subscriptionId = subscribed.json().data.id as number;
    const phone = `${start}0109876${i}`;
    const reference = `${start}REF-${i}`;
    const transfer = `${start}TRX-${i}`;
    const request = await createCustomerRequest(t.db, {
      createdBy: member.id,
      status: 2,
      name: attack,
      branchId,
      receivingDate: '2026-12-01',
    });
    const mobile = `${start}2010555${i}`;
    const email = `${start}x${i}@example.com`;
    const code = `${start}SR-${i}`;
    const paymentReference = `${start}PAY-${i}`;
    await inTransaction(systemScope(t.db), async (tx) => {
      await tx.db.execute(sql`update associations set title = ${attack} where id = ${association.id}`);
      await tx.db.execute(sql`update users set name = ${attack}, phone = ${phone} where id = ${member.id}`);
      await tx.db.execute(sql`update subscriptions set transfer_reference = ${transfer} where id = ${subscriptionId}`);
      // Received under a receipt (the database requires one: docs/decisions/0029), its reference the attack.
      await tx.db.execute(sql`insert into receipts (number, subscription_id, association_id, user_id, method, reference,
          received_on, amount_piastres)
        values (${`R-2026-${String(900_000 + i)}`}, ${subscriptionId}, ${association.id}, ${member.id}, 'bank_transfer',
          ${reference}, '2026-01-02', 10000)`);
      await tx.db.execute(sql`update installments set status = 'received', reference = ${reference},
        received_at = ${RECEIVED_AT},
        receipt_id = (select id from receipts where subscription_id = ${subscriptionId})
        where subscription_id = ${subscriptionId} and day_number in (1, 2)`);
      await tx.db.execute(sql`update customer_requests set mobile = ${mobile}, email = ${email}, code = ${code},
        payment_reference = ${paymentReference}, payment_amount_piastres = 35050 where id = ${request.id}`);
    });
    expected.associations.push(attack);
    expected.subscriptions.push(attack, phone, transfer);
    expected.payments.push(attack, phone, reference);
    for (const locale of ['ar', 'en'] as const)
      expected.requests[locale].push(attack, mobile, email, code, paymentReference);
  }
});
afterAll(() => t?.close());

type Route = {
  name: string;
  url: string;
  body: object;
  kinds: ExportKind[];
  columns: (locale: Locale) => ExportHead[];
  texts: (locale: Locale) => string[];
};

const ROUTES: [Route, Route, Route, Route] = [
  {
    name: 'associations',
    url: '/api/v1/associations/export',
    body: {},
    kinds: ['text', 'text', 'text', 'money', 'date', 'date', 'text', 'integer', 'integer'],
    columns: associationColumns,
    texts: () => expected.associations,
  },
  {
    name: 'subscriptions',
    url: '/api/v1/subscriptions/export',
    body: {},
    kinds: ['integer', 'text', 'text', 'text', 'money', 'integer', 'date', 'money', 'text', 'text'],
    columns: subscriptionColumns,
    texts: () => expected.subscriptions,
  },
  {
    name: 'payments',
    url: '/api/v1/subscriptions/payments/export',
    body: { status: 'received' },
    kinds: ['integer', 'text', 'text', 'text', 'integer', 'date', 'text', 'money', 'integer', 'text', 'datetime'],
    columns: (locale) => paymentColumns(locale, '2026-11-28'),
    texts: () => expected.payments,
  },
  {
    name: 'service-requests',
    url: '/api/v1/customers_requests/export',
    body: {},
    kinds: [...Array<ExportKind>(9).fill('text'), 'date', 'money', 'text', 'text', 'datetime'],
    columns: requestColumns,
    texts: (locale) => expected.requests[locale],
  },
];

const CASES = ROUTES.flatMap((route) =>
  (['csv', 'xlsx'] as const).flatMap((format) => (['ar', 'en'] as const).map((locale) => ({ route, format, locale }))),
);

function exportOf(route: Route, format: 'csv' | 'xlsx', locale: Locale) {
  return t.app.inject({
    method: 'POST',
    url: route.url,
    headers: { ...bearer(admin), 'accept-language': locale },
    payload: { ...route.body, format },
  });
}

describe('every export route writes data, never a formula', { timeout: 60_000 }, () => {
  it.each(CASES)('$route.name as $format in $locale', async ({ route, format, locale }) => {
    const res = await exportOf(route, format, locale);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${route.name}.${format}"`);
    const headers = route.columns(locale).map((c) => translate(locale, c.header));
    expect(route.columns(locale).map((c) => c.kind)).toEqual(route.kinds);
    const wanted = route.texts(locale).map((text) => `'${text}`);
    expect(wanted.length).toBeGreaterThanOrEqual(FORMULA_STARTS.length);

    if (format === 'csv') {
      const file = readCsv(res.rawPayload);
      expect(file.header).toEqual(headers);
      expect(file.rows.length).toBeGreaterThanOrEqual(FORMULA_STARTS.length);
      expectCsvData(file, route.kinds);
      const texts = new Set(file.rows.flat());
      for (const text of wanted) expect(texts, JSON.stringify(text)).toContain(text);
      return;
    }
    const file = await readXlsx(res.rawPayload);
    expect(file.header).toEqual(headers);
    expect(file.rows.length).toBeGreaterThanOrEqual(FORMULA_STARTS.length);
    expectXlsxData(file, route.kinds);
    // A carriage return is written as a reference and reads back as itself, after the apostrophe.
    const texts = new Set(file.rows.flat().map((cell) => cell.value));
    for (const text of wanted) expect(texts, JSON.stringify(text)).toContain(text);
  });

  it('writes the exact values: EGP amounts, ISO days, Cairo times, labels in the caller’s language', async () => {
    const [associations, , payments, requests] = ROUTES;
    const a = readCsv((await exportOf(associations, 'csv', 'ar')).rawPayload);
    expect(a.header).toContain('قيمة القسط (ج.م)');
    const row = a.rows.find((r) => r[1] === `'${ATTACKS['=']}`);
    expect(row?.slice(3, 6)).toEqual(['50.00', '2026-01-01', '2029-04-15']);

    const p = readCsv((await exportOf(payments, 'csv', 'ar')).rawPayload);
    expect(p.header).toContain('المبلغ (ج.م)');
    expect(p.rows).toHaveLength(2 * FORMULA_STARTS.length);
    for (const r of p.rows) expect([r[6], r[7], r[10]]).toEqual(['مدفوعة', '50.00', '2026-11-22 12:30:00']);
    const px = await readXlsx((await exportOf(payments, 'xlsx', 'en')).rawPayload);
    expect(px.header).toContain('Amount (EGP)');
    for (const r of px.rows) {
      expect(r.map((c) => c.value).slice(5, 8)).toEqual([expect.any(Date), 'Received', 50]);
      expect(r[10]?.value).toEqual(new Date(Date.UTC(2026, 10, 22, 12, 30)));
    }

    const rx = await readXlsx((await exportOf(requests, 'xlsx', 'en')).rawPayload);
    expect(rx.header).toContain('Fees paid (EGP)');
    for (const r of rx.rows) {
      expect(r[9]?.value).toEqual(new Date(Date.UTC(2026, 11, 1)));
      expect(r[10]?.value).toBe(350.5);
    }
    const rc = readCsv((await exportOf(requests, 'csv', 'ar')).rawPayload);
    for (const r of rc.rows) expect(r.slice(9, 11)).toEqual(['2026-12-01', '350.50']);
  });

  it('names the currency in the header of every money column, in both languages', () => {
    for (const route of ROUTES) {
      for (const locale of ['ar', 'en'] as const) {
        for (const column of route.columns(locale)) {
          expect(isMessageKey(column.header), column.header).toBe(true);
          if (column.kind !== 'money') continue;
          expect(translate(locale, column.header)).toMatch(locale === 'ar' ? /\(ج\.م\)$/ : /\(EGP\)$/);
        }
      }
    }
  });

  it('an impossible day (year 10003) is written as text and the file is whole, in both formats', async () => {
    const [broken] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id::int as id from associations where title = ${ATTACKS['+']}`),
    );
    await inTransaction(systemScope(t.db), async (tx) => {
      await tx.db.execute(sql`update associations set from_date = '10003-01-01' where id = ${Number(broken?.id)}`);
    });
    const [associations] = ROUTES;
    const csv = readCsv((await exportOf(associations, 'csv', 'en')).rawPayload);
    expect(csv.rows.length).toBeGreaterThanOrEqual(FORMULA_STARTS.length);
    const csvRow = csv.rows.find((r) => r[1] === `'${ATTACKS['+']}`);
    expect(csvRow?.slice(3, 5)).toEqual(['50.00', '10003-01-01']);
    expectCsvData({ ...csv, rows: csv.rows.filter((r) => r !== csvRow) }, associations.kinds);

    const xlsx = await readXlsx((await exportOf(associations, 'xlsx', 'en')).rawPayload);
    expect(xlsx.rows).toHaveLength(csv.rows.length);
    const xlsxRow = xlsx.rows.find((r) => r[1]?.value === `'${ATTACKS['+']}`);
    expect(xlsxRow?.slice(3, 5).map((c) => c.value)).toEqual([50, '10003-01-01']);
    expectXlsxData({ rows: xlsx.rows.filter((r) => r !== xlsxRow) }, associations.kinds);
  });
});
