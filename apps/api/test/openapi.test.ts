import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app.js';
import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  openApiDocument,
  operationsOf,
  schemaCompiler,
  schemasOf,
} from './helpers/openapi.js';

/**
 * The OpenAPI document is a contract clients, fuzzers and the next developer rely on (issue 19
 * §5): it must be valid OpenAPI, every schema in it must be a schema a tool accepts, every
 * operation must list its error answers in the error envelope, and the bodies handlers read as
 * multipart must say which fields and files they take. What the server actually answers is held
 * to the document by test/fuzz.test.ts.
 */
const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

function referencesEnvelope(schema: JsonSchema | undefined): boolean {
  return schema?.$ref === ENVELOPE_REF || (schema?.anyOf ?? []).some((branch) => branch.$ref === ENVELOPE_REF);
}

const label = (o: Operation) => `${o.method} ${o.path}`;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_SECONDS: '0' });
    doc = await openApiDocument(t.app);
    ops = operationsOf(doc);
  });
  afterAll(() => t?.close());

  it('is valid OpenAPI (@seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds only schemas ajv compiles (the validator does not look inside them: `anyOf: []` passed it)', () => {
    const compile = schemaCompiler(doc);
    const refused: string[] = [];
    for (const operation of ops) {
      for (const { where, schema } of schemasOf(operation)) {
        const compiled = compile(schema);
        if ('error' in compiled) refused.push(`${label(operation)} ${where}: ${compiled.error}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('lists on every operation the error answers every route can give, in the error envelope', () => {
    expect(ops.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const operation of ops) {
      const statuses = Object.keys(operation.op.responses);
      for (const status of ['400', '422', '500', '503']) {
        if (!statuses.includes(status)) missing.push(`${label(operation)} lacks ${status}`);
      }
      if (operation.op.security?.length !== 0 && !statuses.includes('401'))
        missing.push(`${label(operation)} lacks 401`);
      if (operation.path.includes('{') && !statuses.includes('404')) missing.push(`${label(operation)} lacks 404`);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        const schema = operation.op.responses[status]?.content?.['application/json']?.schema;
        if (!referencesEnvelope(schema)) missing.push(`${label(operation)} ${status} is not the error envelope`);
      }
    }
    expect(missing).toEqual([]);
    const envelope = doc.components?.schemas?.ErrorEnvelope;
    expect(envelope?.required).toEqual(['status', 'code', 'message', 'errors']);
  });

  it('describes the multipart bodies handlers read themselves: their fields and their files', () => {
    const multipart = ops.filter((o) => o.op.requestBody?.content?.['multipart/form-data']);
    expect(multipart.map(label).sort()).toEqual(
      [
        'POST /api/v1/archive/upload/{id}',
        'POST /api/v1/associations/days/import',
        'POST /api/v1/customers_requests/archive/update/{id}',
        'POST /api/v1/customers_requests/save',
        'POST /api/v1/customers_requests/save/{id}',
        'POST /api/v1/recovery',
        'POST /api/v1/ticket/add/{id}',
        'POST /api/v1/users/{id}/photo',
        'PUT /api/v1/ticket/tickets',
      ].sort(),
    );
    for (const operation of multipart) {
      const media = operation.op.requestBody?.content?.['multipart/form-data'];
      const properties = media?.schema?.properties ?? {};
      expect(Object.keys(properties).length, label(operation)).toBeGreaterThan(0);
      for (const [name, property] of Object.entries(properties)) {
        const file = property.format === 'binary' || property.items?.format === 'binary';
        // Every file part names the types the server accepts.
        if (file) expect(media?.encoding?.[name]?.contentType, `${label(operation)} ${name}`).toBeTruthy();
      }
    }
    const save = ops.find((o) => label(o) === 'POST /api/v1/customers_requests/save');
    const form = save?.op.requestBody?.content?.['multipart/form-data']?.schema;
    expect(form?.properties?.identity_copy).toEqual({ type: 'string', format: 'binary' });
    expect(form?.properties?.name?.type).toBe('string');
    expect(form?.required).toEqual(expect.arrayContaining(['name', 'email', 'mobile']));
    const photo = ops.find((o) => label(o) === 'POST /api/v1/users/{id}/photo');
    expect(photo?.op.requestBody?.content?.['multipart/form-data']?.encoding?.image?.contentType).toBe(
      'image/png, image/jpeg',
    );
  });

  it('names the media types of the files and streams it sends', () => {
    const types = (path: string, method = 'get') =>
      Object.keys(doc.paths[`/api/v1${path}`]?.[method]?.responses['200']?.content ?? {});
    expect(types('/associations/export', 'post')).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(types('/notifications/stream')).toEqual(['text/event-stream']);
    expect(types('/archive/zip/files/{id}')).toEqual(['application/zip']);
    expect(types('/users/{id}/photo')).toEqual(['image/png', 'image/jpeg']);
    // Calls that are not part of this portal answer 404 only: no success is documented.
    expect(Object.keys(doc.paths['/api/v1/locations']?.get?.responses ?? {})).not.toContain('200');
  });

  it('describes a field PostgreSQL writes as JSON text by the JSON it holds (lib/raw-json.ts)', () => {
    const answer = doc.paths['/api/v1/me/subscriptions/{id}/statement']?.get?.responses['200']?.content?.[
      'application/json'
    ]?.schema as JsonSchema | undefined;
    const rows = (answer?.properties?.data as JsonSchema | undefined)?.properties?.rows as JsonSchema | undefined;
    expect(rows).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(Object.keys((rows?.items as JsonSchema | undefined)?.properties ?? {})).toEqual([
      'id',
      'day_number',
      'due_date',
      'amount',
      'status',
      'received_at',
      'reference',
      'receipt',
    ]);
  });
});
