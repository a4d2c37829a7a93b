import { addDays } from '@portal/shared/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { createAssociation, subscribe } from './factories/associations.js';
import { createCustomerRequest } from './factories/customer-requests.js';
import { createUser } from './factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';
import { type JsonSchema, type OpenApiDocument, openApiDocument, operationsOf } from './helpers/openapi.js';

/**
 * Arabic-Indic digits everywhere (issue 22 item 1): every numeric or code field of every documented
 * JSON call — found in the OpenAPI document (an integer or a number, a number code, a string whose
 * pattern is made of digits, a phone, a national id, a reference, a code), so a new route's field
 * is covered without a change here — is sent once as a person types it with Latin digits and once
 * with Arabic-Indic digits (and the Arabic decimal separator), the other fields left out, and must
 * get the same answer: the same status and the same field errors. The Latin text must be accepted
 * by the field itself, so "the same" is never two refusals of the same bad value. Same idea as
 * dates.test.ts, which walks every date field.
 */
type Field = {
  method: string;
  path: string;
  where: 'body' | 'query' | 'path';
  /** Where the value goes in the body: ['filters', 'phone'], ['ids'] (an array), ['payment_amount']. */
  at: string[];
  name: string;
  schema: JsonSchema;
  array: boolean;
  /** The other constant fields of a union's branch (its `type`), sent along so the branch is the one checked. */
  branch: Record<string, unknown>;
};

const CODE_NAMES =
  /^(phone|mobile|national_id|identity_value|tax_registration_number|reference|payment_reference|code)$/;

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema | undefined {
  if (schema?.$ref) return doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
  return schema;
}

/**
 * The non-null branches of a schema (anyOf/oneOf), or the schema itself; an allOf of a union and
 * an object (a discriminated body with a common field) is each branch with the common properties.
 */
function branches(schema: JsonSchema, doc: OpenApiDocument): JsonSchema[] {
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(part, doc) as JsonSchema);
    const common = Object.assign({}, ...parts.filter((p) => p.properties).map((p) => p.properties));
    const unions = parts.filter((p) => p.anyOf ?? p.oneOf).flatMap((p) => branches(p, doc));
    return (unions.length > 0 ? unions : [{}]).map((branch) => ({
      ...branch,
      properties: { ...common, ...branch.properties },
    }));
  }
  const list = schema.anyOf ?? schema.oneOf;
  if (!list) return [schema];
  return list
    .map((s) => resolve(s, doc) as JsonSchema)
    .filter((s) => !(s.nullable && s.enum?.length === 1 && s.enum[0] === null) && s.type !== 'null');
}

function isNumeric(schema: JsonSchema): boolean {
  if (schema.type === 'integer' || schema.type === 'number') return true;
  return (schema.enum?.length ?? 0) > 0 && (schema.enum ?? []).every((v) => typeof v === 'number');
}

function kindOf(name: string, schema: JsonSchema, doc: OpenApiDocument): JsonSchema | undefined {
  for (const branch of branches(schema, doc)) {
    if (branch.format === 'binary') return undefined;
    if (isNumeric(branch)) return branch;
    if (branch.type === 'string' && !branch.enum && (branch.pattern?.includes('\\d') || CODE_NAMES.test(name))) {
      return branch;
    }
  }
  return undefined;
}

/** The constant fields of an object branch (a discriminator: one value only). */
function constants(object: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    if (property.enum?.length === 1) out[name] = property.enum[0];
  }
  return out;
}

function fieldsOf(doc: OpenApiDocument): Field[] {
  const found: Field[] = [];
  for (const { method, path, op } of operationsOf(doc)) {
    const add = (field: Omit<Field, 'method' | 'path'>) => found.push({ method, path, ...field });
    const body = resolve(op.requestBody?.content?.['application/json']?.schema, doc);
    for (const object of body ? branches(body, doc) : []) {
      const branch = constants(object);
      for (const [name, raw] of Object.entries(object.properties ?? {})) {
        const property = resolve(raw, doc) as JsonSchema;
        const nested = branches(property, doc).find((s) => s.type === 'object' && s.properties);
        if (nested) {
          for (const [inner, innerRaw] of Object.entries(nested.properties ?? {})) {
            const schema = kindOf(inner, resolve(innerRaw, doc) as JsonSchema, doc);
            if (schema) add({ where: 'body', at: [name, inner], name: inner, schema, array: false, branch });
          }
          continue;
        }
        const items = branches(property, doc).find((s) => s.type === 'array')?.items;
        const schema = kindOf(name, items ? (resolve(items, doc) as JsonSchema) : property, doc);
        if (schema) add({ where: 'body', at: [name], name, schema, array: items !== undefined, branch });
      }
    }
    for (const parameter of op.parameters ?? []) {
      if (parameter.in !== 'query' && parameter.in !== 'path') continue;
      const schema = kindOf(parameter.name, parameter.schema ?? {}, doc);
      if (schema) {
        add({ where: parameter.in, at: [parameter.name], name: parameter.name, schema, array: false, branch: {} });
      }
    }
  }
  return found;
}

/** What a person would type into the field, with Latin digits: a value the field itself takes. */
function latinText(field: Field): string {
  const { name, schema } = field;
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'integer') {
    if (name === 'page') return '2';
    if (name === 'perPage') return '10';
    if (name === 'offset') return '20';
    if (name === 'limit') return '5';
    if (/^cost/.test(name)) return '100';
    if (/day/.test(name)) return '10';
    if (/status/.test(name)) return '3';
    // In a path, an id nothing has (no delete or reset of a real record between the two calls); in
    // a body, one that exists (the administrator, the first of every lookup).
    return field.where === 'path' ? '999999' : '1';
  }
  if (schema.type === 'number') return /expected_net/.test(name) ? '1250.5' : '350.5';
  // Today for a day ahead (a collection date), else yesterday (a receipt, a payout, a birthdate, a range).
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return /receiving|expiration/i.test(name) ? clock.today() : addDays(clock.today(), -1);
  }
  if (/phone|mobile/.test(name)) return '01012345678';
  if (/national_id|identity_value/.test(name)) return '29001010123456';
  if (name === 'tax_registration_number') return '305112233';
  if (name === 'code') return schema.pattern ? '123456' : 'A-000042';
  return 'TRX-2026-001';
}

const ARABIC_INDIC_ZERO = 0x0660;
/** The same text typed on an Arabic keyboard: Arabic-Indic digits and the Arabic decimal separator. */
function arabic(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(d))).replace('.', '\u066b');
}

type Answer = { status: number; errors: string[]; total?: unknown };

describe('Arabic-Indic digits in every numeric or code field (issue 22 item 1)', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let fields: Field[];
  beforeAll(async () => {
    t = await createTestApp({
      ACCOUNT_RATE_IP_MAX: '100000',
      ACCOUNT_RATE_MAX: '1000',
      LOGIN_IP_MAX_FAILURES: '10000',
      JOBS_POLL_SECONDS: '0',
    });
    admin = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const customer = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true });
    member = await loginAs(t.app, customer.phone, customer.password);
    fields = fieldsOf(await openApiDocument(t.app));
  });
  afterAll(() => t?.close());

  async function send(field: Field, text: string): Promise<Answer> {
    let url = field.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      field.where === 'path' && name === field.name
        ? encodeURIComponent(text)
        : /id$|^[ab]$/i.test(name)
          ? '999999'
          : 'x',
    );
    if (field.where === 'query') url += `?${field.name}=${encodeURIComponent(text)}`;
    let payload: Record<string, unknown> | undefined;
    if (field.where === 'body') {
      const value = field.array ? [text] : text;
      const [outer, inner] = field.at as [string, string | undefined];
      payload = { ...field.branch, [outer]: inner === undefined ? value : { [inner]: value } };
    }
    const token = field.path.startsWith('/api/v1/me/') ? member : admin;
    const res = await t.app.inject({
      method: field.method as 'POST',
      url,
      headers: { ...bearer(token), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
    const json = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
    const errors = ((json.errors ?? []) as { field?: string; title: string }[])
      .map((e) => `${e.field ?? ''}: ${e.title}`)
      .sort();
    return { status: res.statusCode, errors, total: json.data?.total };
  }

  it('finds the fields the issue named, and the numeric fields of every kind of route', () => {
    const named = new Set(fields.map((f) => `${f.method} ${f.path} ${f.where}:${f.at.join('.')}`));
    for (const expected of [
      'PUT /api/v1/subscriptions body:day_number',
      'POST /api/v1/me/subscriptions body:day_number',
      'POST /api/v1/customers_requests/action/{id} body:payment_amount',
      'POST /api/v1/customers_requests/action/{id} body:payment_reference',
      'POST /api/v1/subscriptions/payments/receive body:reference',
      'POST /api/v1/subscriptions/payments/receive body:ids',
      'POST /api/v1/subscriptions/{id}/transfer body:reference',
      'POST /api/v1/subscriptions/{id}/refund body:amount',
      'POST /api/v1/users body:filters.phone',
      'POST /api/v1/associations body:code',
      'POST /api/v1/associations body:cost_min',
      'PUT /api/v1/associations body:cost',
      'POST /api/v1/me/card-requests body:national_id',
      'POST /api/v1/ticket/tickets body:status',
      'GET /api/v1/me/associations/open query:page',
      'GET /api/v1/users/{id} path:id',
    ]) {
      expect(named).toContain(expected);
    }
    expect(fields.length).toBeGreaterThan(150);
  });

  it('answers Arabic-Indic digits exactly as it answers Latin ones, in every field', async () => {
    const differ: string[] = [];
    const refusedLatin: string[] = [];
    for (const field of fields) {
      const label = `${field.method} ${field.path} ${field.where}:${field.at.join('.')}`;
      const latin = latinText(field);
      const typed = arabic(latin);
      const a = await send(field, latin);
      const b = await send(field, typed);
      const own = field.where === 'path' || field.where === 'query' ? field.name : field.at.join('.');
      if (a.errors.some((e) => e.startsWith(`${own}:`) || e.startsWith(`${field.name}:`))) {
        refusedLatin.push(`${label}=${latin}: ${a.errors.join(' | ')}`);
      }
      if (a.status !== b.status || JSON.stringify(a.errors) !== JSON.stringify(b.errors) || a.total !== b.total) {
        differ.push(
          `${label}: ${latin} → ${a.status} ${a.errors.join(' | ')}; ${typed} → ${b.status} ${b.errors.join(' | ')}`,
        );
      }
    }
    expect(differ).toEqual([]);
    expect(refusedLatin).toEqual([]);
  });

  it('stores what was typed with Latin digits: a fee and its reference, a receipt reference', async () => {
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

    // The service request's accept (issue 22: ٣٥٠ answered 422, TRX-٢٠٢٦-001 was stored as typed).
    const request = await createCustomerRequest(t.db, { createdBy: 1, status: 3 });
    const accepted = await call('POST', `/api/v1/customers_requests/action/${request.id}`, {
      type: 'next-for-pay',
      payment_amount: '٣٥٠',
      payment_reference: 'TRX-٢٠٢٦-001',
      expected_status: '٣',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ payment_amount: 350, payment_reference: 'TRX-2026-001' });

    // A receipt and its reference, the installments named in Arabic digits.
    const customer = await createUser(t.db, { type: 'user', emailVerified: true });
    const association = await createAssociation(t.app, admin, { from_date: addDays(clock.today(), -5) });
    const joined = await subscribe(t.app, admin, {
      user_id: customer.id,
      association_id: association.id,
      day_number: 1,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const subscriptionId = joined.json().data.id as number;
    const late = await call('POST', '/api/v1/subscriptions/payments', {
      subscription_id: arabic(String(subscriptionId)),
      status: 'late',
      sortBy: 'dueDate',
      sortOrder: 'asc',
    });
    expect(late.statusCode, late.body).toBe(200);
    const first = late.json().data.data[0] as { id: number };
    const received = await call('POST', '/api/v1/subscriptions/payments/receive', {
      ids: [arabic(String(first.id))],
      method: 'bank_transfer',
      reference: ' BM-٢٠٢٦-٠٠٧\u200f',
    });
    expect(received.statusCode, received.body).toBe(200);
    const payment = (await call('GET', `/api/v1/subscriptions/payments/${arabic(String(first.id))}`)).json().data;
    expect(payment).toMatchObject({ id: first.id, status: 'received' });
    const receipt = (await call('GET', `/api/v1/receipts/${payment.receipt.id}`)).json().data;
    expect(receipt.reference).toBe('BM-2026-007');
  });
});
