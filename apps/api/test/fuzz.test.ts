import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from './helpers/build-app.js';

/**
 * The probe of issue 8, kept: every route of the OpenAPI document, with malformed
 * bodies, path ids, query values and content types, signed in as the administrator
 * (past every permission check) and anonymously. No answer may be a 5xx, and no
 * answer may leak internals (a stack, SQL, a hash, a secret column). New routes are
 * covered automatically: they are in the document.
 */
type Operation = {
  path: string;
  method: string;
  properties: string[];
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
    >
  >;
};

const LEAKS = [
  /\n\s+at [\w.<>]+ \(/, // a stack frame
  /\b(select|insert into|update|delete from)\b[^"]{0,40}\b(from|set|values|where)\b/i,
  /syntax error|violates|relation "|column "|duplicate key/i,
  /\$argon2|password_hash|token_hash|code_hash/i,
  /DrizzleQueryError|PGlite|node_modules/,
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

function operations(doc: OpenApi): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      found.push({ path, method: method.toUpperCase(), properties: Object.keys(schema?.properties ?? {}) });
    }
  }
  return found;
}

/** The URL with every {param} replaced. */
function urlOf(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, id);
}

describe('fuzzing every documented route', () => {
  let t: TestApp;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestApp({
      ACCOUNT_RATE_IP_MAX: '100000',
      ACCOUNT_RATE_MAX: '1000',
      LOGIN_IP_MAX_FAILURES: '10000',
      JOBS_POLL_SECONDS: '0',
    });
    ops = operations((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi);
  });
  afterAll(() => t?.close());

  it('finds the routes in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.some((o) => o.path === '/api/v1/users/{id}' && o.method === 'PUT')).toBe(true);
  });

  it('answers every malformed request without a 5xx and without leaking internals', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (label: string, options: InjectOptions) => {
      const res = await t.app.inject(options);
      sent += 1;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
      for (const leak of LEAKS) {
        if (leak.test(res.body)) failures.push(`leak ${leak} ${label}: ${res.body.slice(0, 200)}`);
      }
    };
    for (const op of ops) {
      // A fresh session per route: a fuzzed logout or password change must not end the run.
      const token = await loginAs(t.app, ADMIN.phone, ADMIN.password);
      const method = op.method as InjectOptions['method'];
      const hasId = op.path.includes('{');
      const url = urlOf(op.path, '999999');
      for (const who of [bearer(token), {}]) {
        const label = (what: string) =>
          `${op.method} ${op.path} ${'authorization' in who ? 'admin' : 'anonymous'} ${what}`;
        if (hasId) {
          for (const id of BAD_IDS) await check(label(`id=${id}`), { method, url: urlOf(op.path, id), headers: who });
        }
        for (const query of BAD_QUERIES) {
          await check(label(`?${query}`), { method, url: `${url}?${query}`, headers: who });
        }
        if (method === 'GET' || method === 'DELETE') continue;
        for (const body of BAD_BODIES) {
          await check(label(`body=${JSON.stringify(body)?.slice(0, 40)}`), {
            method,
            url,
            headers: { ...who, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
        }
        for (const property of op.properties) {
          for (const value of BAD_VALUES) {
            await check(label(`${property}=${JSON.stringify(value)?.slice(0, 30)}`), {
              method,
              url,
              headers: who,
              payload: { [property]: value },
            });
          }
        }
        for (const [type, payload] of [
          ['application/json', '{"broken": '],
          ['text/plain', 'hello'],
          ['application/x-www-form-urlencoded', 'a=1&b=%00'],
          [
            'multipart/form-data; boundary=zzz',
            '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--zzz--',
          ],
        ] as const) {
          await check(label(type), { method, url, headers: { ...who, 'content-type': type }, payload });
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
