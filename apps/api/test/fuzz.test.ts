import { addDays } from '@portal/shared/clock';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { createArchiveFile, createArchiveFolder } from './factories/archive.js';
import { createAssociation, subscribe } from './factories/associations.js';
import { attachDocument, createCustomerRequest, PDF_BYTES } from './factories/customer-requests.js';
import { createUser } from './factories/users.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './helpers/build-app.js';
import { type FilePart, JPEG_BYTES, multipartBody, PNG_BYTES } from './helpers/multipart.js';
import {
  type Compiled,
  type JsonSchema,
  mediaType,
  namedValue,
  type OpenApiDocument,
  type Operation,
  openApiDocument,
  operationsOf,
  type SampleContext,
  type SampleMode,
  sampleOf,
  schemaCompiler,
  seededRandom,
} from './helpers/openapi.js';

/**
 * The probe of issue 8, grown into the contract check of issue 19 §5. Every operation of the
 * OpenAPI document (new routes are covered because they are in it) is called as an
 * administrator, as a customer and anonymously, with
 * - malformed input: bad path ids, query values, bodies, property values and content types;
 * - schema-valid input made from the operation's own documented request schemas (path, query,
 *   JSON or multipart body with sample files), small, large and seeded-random, so successes are
 *   checked too.
 * It fails on any 5xx, on any status the operation does not document, on any JSON answer that
 * breaks the documented schema of its status, on a file or stream of an undocumented media type,
 * and on any leak of internals (a stack, SQL, a hash, a secret column).
 *
 * Deterministic: one seed, the document's order, fresh sessions per operation (a fuzzed logout,
 * password change or delete never ends the run: a caller who cannot sign in any more is made
 * again). The live stream (GET /notifications/stream) is never opened: no request here asks for
 * text/event-stream, so it answers 406; notifications.stream.test.ts covers the stream itself.
 */

const SEED = 19_05;

const LEAKS = [
  /\n\s+at [\w.<>]+ \(/, // a stack frame
  /\b(select|insert into|update|delete from)\b[^"]{0,40}\b(from|set|values|where)\b/i,
  /syntax error|violates|relation "|column "|duplicate key/i,
  /\$argon2|password_hash|token_hash|code_hash/i,
  /DrizzleQueryError|node-postgres|node_modules/,
];

const BAD_IDS = ['0x1', '1e3', '-1', '0', '01', '1.5', 'abc', '%00', '99999999999999999999', '%E0%A4%A', "1'--", '+1'];
const BAD_VALUES: unknown[] = [
  null,
  true,
  42,
  -1,
  1e308,
  '',
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  'x'.repeat(20_000),
  [],
  ['1'],
  {},
  { $gt: '' },
  '0x1',
  '../../etc/passwd',
];
const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  { a: { b: { c: { d: { e: {} } } } } },
  { __proto__: { admin: true } },
];
const BAD_QUERIES = ['page=abc&perPage=%00', 'user_id=true&offset=-5', 'email=%00&token=x', 'a[b][c]=1&a=2'];
const BAD_CONTENT: [string, string][] = [
  ['application/json', '{"broken": '],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--zzz--'],
];
const VALID_MODES: SampleMode[] = ['min', 'max', 'random', 'random', 'random', 'random', 'random', 'random'];

type Who = 'admin' | 'customer' | 'anonymous';
type Caller = { phone: string; password: string; id: number };

/** A file of the first type a multipart field accepts, named to match. */
function sampleFile(field: string, types: string | undefined): FilePart {
  const type = mediaType(types?.split(',')[0]);
  if (type === 'image/png') return { field, filename: 'fuzz.png', contentType: type, bytes: PNG_BYTES };
  if (type === 'image/jpeg') return { field, filename: 'fuzz.jpg', contentType: type, bytes: JPEG_BYTES };
  if (type === 'text/csv') {
    return { field, filename: 'days.csv', contentType: type, bytes: Buffer.from('day_number,date\n1,2025-06-15\n') };
  }
  return { field, filename: 'fuzz.pdf', contentType: 'application/pdf', bytes: PDF_BYTES };
}

const asText = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** One schema-valid request of `operation` in `mode`, with `content` as its body's media type. */
function validRequest(
  operation: Operation,
  ctx: SampleContext,
  content: string | undefined,
  ownId: number | undefined,
): Pick<InjectOptions, 'url' | 'payload' | 'headers'> {
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.op.parameters ?? []) {
    if (parameter.in === 'path') {
      const pool = parameter.schema?.type === 'integer' && ctx.mode === 'random' ? (ctx.ids ?? []) : [];
      const value =
        ownId !== undefined && parameter.name === 'id'
          ? ownId
          : pool.length > 0
            ? pool[Math.floor(ctx.random() * pool.length)]
            : (sampleOf(parameter.schema, ctx) ?? 1);
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(asText(value)));
    } else if (parameter.in === 'query' && (parameter.required || ctx.mode !== 'min')) {
      const value =
        (parameter.schema && namedValue(parameter.name, parameter.schema, ctx)) ?? sampleOf(parameter.schema, ctx);
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
        query.append(parameter.name, asText(item));
      }
    }
  }
  if (query.size > 0) url += `?${query}`;
  const media = content ? operation.op.requestBody?.content?.[content] : undefined;
  if (!content || !media) return { url };
  if (content !== 'multipart/form-data') {
    return { url, payload: JSON.stringify(sampleOf(media.schema, ctx) ?? {}), headers: { 'content-type': content } };
  }
  const fields: Record<string, string> = {};
  const files: FilePart[] = [];
  const required = new Set(media.schema?.required ?? []);
  for (const [name, property] of Object.entries(media.schema?.properties ?? {})) {
    if (ctx.mode === 'min' && !required.has(name)) continue;
    const isFile = property.format === 'binary' || property.items?.format === 'binary';
    if (isFile) {
      const count = property.type === 'array' ? (ctx.mode === 'max' ? 2 : 1) : 1;
      for (let i = 0; i < count; i += 1) files.push(sampleFile(name, media.encoding?.[name]?.contentType));
      continue;
    }
    const value = namedValue(name, property, ctx) ?? sampleOf(property, ctx);
    if (value !== undefined) fields[name] = asText(value);
  }
  const body = multipartBody(files, fields);
  return { url, payload: body.payload, headers: body.headers };
}

type Tally = {
  sent: number;
  valid: number;
  checked2xx: number;
  server: number;
  undocumented: number;
  schema: number;
  leaks: number;
};

describe('fuzzing every documented operation', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let ops: Operation[];
  let compile: (schema: JsonSchema) => Compiled;
  /** Ids of the records made below: what random path ids are drawn from. */
  let ids: number[] = [];
  const callers: Record<'admin' | 'customer', Caller> = {
    admin: { phone: ADMIN.phone, password: ADMIN.password, id: 1 },
    customer: { phone: '', password: '', id: 0 },
  };

  /** A fresh session of `who`; one who can no longer sign in (deleted, disabled, new password) is made again. */
  async function signIn(who: 'admin' | 'customer'): Promise<string> {
    const login = (c: Caller) =>
      t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone: c.phone, password: c.password } });
    let res = await login(callers[who]);
    if (res.statusCode !== 200) {
      const user =
        who === 'admin'
          ? await createUser(t.db, { type: 'admin', roles: ['admin'], emailVerified: true })
          : await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true });
      callers[who] = { phone: user.phone, password: user.password, id: user.id };
      res = await login(callers[who]);
      if (res.statusCode !== 200) throw new Error(`login of a new ${who} failed: ${res.statusCode} ${res.body}`);
    }
    return res.json().data.access_token as string;
  }

  beforeAll(async () => {
    t = await createTestApp({
      ACCOUNT_RATE_IP_MAX: '100000',
      ACCOUNT_RATE_MAX: '1000',
      LOGIN_IP_MAX_FAILURES: '10000',
      JOBS_POLL_SECONDS: '0',
    });
    doc = await openApiDocument(t.app);
    ops = operationsOf(doc);
    compile = schemaCompiler(doc);
    // Something for the ids the valid requests name (1…10) to find: a customer with a subscription,
    // a service request with a document, a ticket, an archive folder with a file.
    const customer = await createUser(t.db, { type: 'user', roles: ['user'], emailVerified: true });
    callers.customer = { phone: customer.phone, password: customer.password, id: customer.id };
    const admin = await signIn('admin');
    const association = await createAssociation(t.app, admin, { from_date: clock.today() });
    const subscription = await subscribe(t.app, admin, {
      user_id: customer.id,
      association_id: association.id,
      day_number: 5,
    });
    const request = await createCustomerRequest(t.db, { createdBy: customer.id });
    const document = await attachDocument(t.app, request.id);
    const ticket = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/ticket/tickets',
      headers: bearer(await signIn('customer')),
      payload: { subject: 'سؤال', message: 'متى يبدأ الدور؟' },
    });
    const folder = await createArchiveFolder(t.db);
    const file = await createArchiveFile(t.db, t.app.storage, { parentId: folder.id });
    ids = [
      ...new Set([
        1,
        customer.id,
        association.id,
        Number(subscription.json().data?.id ?? 1),
        request.id,
        document,
        Number(ticket.json().data?.id ?? 1),
        folder.id,
        file.id,
      ]),
    ];
  });
  afterAll(() => t?.close());

  it('finds the operations in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.some((o) => o.path === '/api/v1/users/{id}' && o.method === 'PUT')).toBe(true);
  });

  it('answers every operation, malformed or valid, as it documents: no 5xx, no leak, no undocumented status or body', async () => {
    const tally: Tally = { sent: 0, valid: 0, checked2xx: 0, server: 0, undocumented: 0, schema: 0, leaks: 0 };
    const failures = new Map<string, string>();
    const fail = (kind: keyof Tally, key: string, detail: string) => {
      tally[kind] += 1;
      if (!failures.has(key)) failures.set(key, detail);
    };
    const unmatchedPatterns = new Set<string>();
    const random = seededRandom(SEED);
    // A month ahead: a start, a due date, a receiving day and an expiry the product all take.
    const day = addDays(clock.today(), 30);

    const check = async (operation: Operation, who: Who, what: string, options: InjectOptions) => {
      const res = await t.app.inject(options);
      tally.sent += 1;
      const name = `${operation.method} ${operation.path} ${who}`;
      const status = String(res.statusCode);
      const type = mediaType(res.headers['content-type'] as string | undefined);
      const sample = `${what}: ${res.statusCode} ${type} ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) fail('server', `5xx ${name} ${status}`, `5xx ${name} ${sample}`);
      if (type === 'application/json' || type.startsWith('text/')) {
        for (const leak of LEAKS) {
          if (leak.test(res.body)) fail('leaks', `leak ${name} ${leak}`, `leak ${leak} ${name} ${sample}`);
        }
      }
      const documented = operation.op.responses[status];
      if (!documented) {
        fail('undocumented', `status ${name} ${status}`, `undocumented status ${name} ${sample}`);
        return;
      }
      const media = Object.entries(documented.content ?? {}).find(([key]) => mediaType(key) === type)?.[1];
      if (!media) {
        fail('schema', `type ${name} ${status} ${type}`, `undocumented content-type ${name} ${sample}`);
        return;
      }
      if (type === 'application/json' && media.schema) {
        const compiled = compile(media.schema);
        let body: unknown;
        try {
          body = res.json();
        } catch {
          fail('schema', `json ${name} ${status}`, `not JSON ${name} ${sample}`);
          return;
        }
        if ('error' in compiled) {
          fail(
            'schema',
            `compile ${name} ${status}`,
            `documented schema does not compile: ${name} ${status}: ${compiled.error}`,
          );
          return;
        }
        if (!compiled.validate(body)) {
          const errors = JSON.stringify(compiled.validate.errors?.slice(0, 3));
          fail(
            'schema',
            `body ${name} ${status}`,
            `body breaks the ${status} schema ${name} ${what}: ${errors} ${res.body.slice(0, 300)}`,
          );
          return;
        }
      }
      if (res.statusCode < 300) tally.checked2xx += 1;
    };

    for (const operation of ops) {
      // Fresh sessions per operation: a fuzzed logout, password change or delete must not end the run.
      const tokens: Record<Who, string | undefined> = {
        admin: await signIn('admin'),
        customer: await signIn('customer'),
        anonymous: undefined,
      };
      const method = operation.method as InjectOptions['method'];
      const bodyMethod = method !== 'GET';
      const contents = Object.keys(operation.op.requestBody?.content ?? {});
      const properties = new Set(
        Object.values(operation.op.requestBody?.content ?? {}).flatMap((m) => Object.keys(m.schema?.properties ?? {})),
      );
      const hasParams = operation.path.includes('{');
      const url = operation.path.replace(/\{[^}]+\}/g, '999999');
      for (const who of ['admin', 'customer', 'anonymous'] as const) {
        const token = tokens[who];
        const auth = token ? bearer(token) : {};
        const send = (what: string, options: Omit<InjectOptions, 'method'>) =>
          check(operation, who, what, { method, ...options, headers: { ...auth, ...options.headers } });

        // Malformed input.
        if (hasParams) {
          for (const id of BAD_IDS) await send(`id=${id}`, { url: operation.path.replace(/\{[^}]+\}/g, id) });
        }
        for (const query of BAD_QUERIES) await send(`?${query}`, { url: `${url}?${query}` });
        if (bodyMethod) {
          for (const body of BAD_BODIES) {
            await send(`body=${JSON.stringify(body)?.slice(0, 40)}`, {
              url,
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
          }
          for (const property of properties) {
            for (const value of BAD_VALUES) {
              await send(`${property}=${JSON.stringify(value)?.slice(0, 30)}`, { url, payload: { [property]: value } });
            }
          }
          for (const [type, payload] of BAD_CONTENT)
            await send(type, { url, headers: { 'content-type': type }, payload });
        }

        // Schema-valid input, from the operation's documented request schemas.
        const ownId = who === 'anonymous' ? undefined : callers[who].id;
        const variants: { mode: SampleMode; content: string | undefined; own?: number }[] = [];
        for (const mode of VALID_MODES) {
          for (const content of contents.length > 0 ? contents : [undefined]) variants.push({ mode, content });
        }
        if (ownId !== undefined && operation.path.includes('{id}'))
          variants.push({ mode: 'random', content: contents[0], own: ownId });
        for (const variant of variants) {
          const ctx: SampleContext = { mode: variant.mode, random, day, ids, unmatchedPatterns };
          const request = validRequest(operation, ctx, variant.content, variant.own);
          tally.valid += 1;
          await send(
            `valid ${variant.mode}${variant.own ? ' own id' : ''} ${variant.content ?? ''} ${request.url}`,
            request,
          );
        }
      }
    }

    console.log(
      `fuzz: ${tally.sent} requests to ${ops.length} operations as admin, customer and anonymous ` +
        `(${tally.valid} schema-valid, ${tally.checked2xx} 2xx checked against their schemas); ` +
        `5xx: ${tally.server}, undocumented status: ${tally.undocumented}, schema violations: ${tally.schema}, ` +
        `leaks: ${tally.leaks}` +
        (unmatchedPatterns.size > 0
          ? `; patterns the generator could not satisfy: ${[...unmatchedPatterns].join(' ')}`
          : ''),
    );
    expect(tally.sent).toBeGreaterThan(5000);
    expect(tally.checked2xx).toBeGreaterThan(100);
    expect([...failures.values()]).toEqual([]);
  }, 600_000);
});
