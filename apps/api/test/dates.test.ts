import { addDays, addYears } from '@portal/shared/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, setClock } from '../src/lib/clock.js';
import { createAssociation } from './factories/associations.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';

/**
 * Dates the product cannot handle never get in (issue 19 §2): every date field of every documented
 * JSON call, found in the OpenAPI document by the shared day pattern (so a new route's date is
 * covered without a change here), refuses a day outside 1900–2199 and a day that does not exist
 * with a translated 422 naming the field — before any query runs, on both engines. Year 0 answered
 * 500 on twelve routes, and "9999-12-31" made an association whose end date broke every export.
 */
type JsonSchema = { type?: string; pattern?: string; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
};
type DateField = { method: string; path: string; where: 'body' | 'query'; field: string };

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

function isDay(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  return schema.pattern === DAY_PATTERN || (schema.anyOf ?? []).some(isDay);
}

function dateFields(doc: { paths: Record<string, Record<string, Operation>> }): DateField[] {
  const found: DateField[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      for (const [field, schema] of Object.entries(body?.properties ?? {})) {
        if (isDay(schema)) found.push({ method: method.toUpperCase(), path, where: 'body', field });
      }
      for (const parameter of op.parameters ?? []) {
        if (parameter.in === 'query' && isDay(parameter.schema)) {
          found.push({ method: method.toUpperCase(), path, where: 'query', field: parameter.name });
        }
      }
    }
  }
  return found;
}

describe('dates on every route', () => {
  let t: TestApp;
  let admin: string;
  let fields: DateField[];
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    fields = dateFields((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
  });
  afterAll(() => t?.close());

  it('finds the date fields of the calls that answered 500 on year 0', () => {
    const named = fields.map((f) => `${f.method} ${f.path} ${f.field}`);
    for (const expected of [
      'PUT /api/v1/associations from_date',
      'POST /api/v1/associations from_date',
      'POST /api/v1/users from_date',
      'POST /api/v1/logs from_date',
      'POST /api/v1/subscriptions from_date',
      'POST /api/v1/subscriptions/payments from_date',
      'POST /api/v1/contacts from_date',
      'POST /api/v1/ticket/tickets from_date',
      'POST /api/v1/associations/change-turn-requests from_date',
      'POST /api/v1/card-requests from_date',
      'POST /api/v1/subscriptions/{id}/transfer date',
    ]) {
      expect(named).toContain(expected);
    }
  });

  it('refuses year 0, year 10000-ish, and days that do not exist with a 422 naming the field', async () => {
    const failures: string[] = [];
    const bad: [string, string][] = [
      ['0000-01-01', 'The date must be between the years 1900 and 2199'],
      ['1899-12-31', 'The date must be between the years 1900 and 2199'],
      ['2200-01-01', 'The date must be between the years 1900 and 2199'],
      ['2025-02-29', 'The date is not valid'],
      ['2026-13-01', 'The date is not valid'],
      ['10003-04-14', 'The date is not valid'],
    ];
    for (const f of fields) {
      const url = f.path.replace(/\{[^}]+\}/g, '999999');
      for (const [day, message] of bad) {
        const res = await t.app.inject({
          method: f.method as 'POST',
          url: f.where === 'query' ? `${url}?${f.field}=${day}` : url,
          headers: { ...bearer(admin), 'accept-language': 'en' },
          ...(f.where === 'body' ? { payload: { [f.field]: day } } : {}),
        });
        const errors = res.statusCode === 422 ? (res.json().errors as { field?: string; title: string }[]) : [];
        if (!errors.some((e) => e.field === f.field && e.title === message)) {
          failures.push(`${f.method} ${f.path} ${f.field}=${day}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("takes an association's start from 2000 to five years ahead, in Arabic digits too", async () => {
    setClock('2026-11-27T10:00:00Z');
    const put = (from_date: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/associations',
        headers: bearer(admin),
        payload: { title: 'جمعية الحدود', cost: 10, association_type: 'normal', from_date },
      });
    const latest = addYears(clock.today(), 5);
    const range = 'تاريخ البدء يجب أن يكون من 1 يناير 2000 وحتى خمس سنوات من اليوم';
    for (const [day, title] of [
      ['9999-12-31', 'التاريخ يجب أن يكون بين عامي 1900 و2199'],
      ['1999-12-31', range],
      [addDays(latest, 1), range],
    ]) {
      const res = await put(day as string);
      expect(res.statusCode, day).toBe(422);
      expect(res.json().errors, day).toEqual([{ field: 'from_date', title }]);
    }
    const last = await put(latest);
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().data).toMatchObject({ from_date: '2031-11-27', to_date: '2035-03-11' });
    const first = await createAssociation(t.app, admin, { from_date: '٢٠٠٠-٠١-٠١' });
    expect(first.from_date).toBe('2000-01-01');
  });
});
