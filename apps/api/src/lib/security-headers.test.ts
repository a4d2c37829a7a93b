import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';

/**
 * What @fastify/helmet 8 sent with the app's options, read from injected answers before it was
 * replaced by lib/security-headers.ts (issue 19 §4–5, issue 21): the same set, less HSTS over
 * plain HTTP.
 */
const CSP_HTTP =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'";
const CSP_HTTPS =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self'";
const COMMON = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HSTS = 'max-age=31536000; includeSubDomains';

/** Every kind of answer: a route, an unknown route, a refused token, a bad body, and the router's own 400. */
const ANSWERS = [
  ['GET', '/api/v1/health', 200],
  ['GET', '/api/v1/nope', 404],
  ['GET', '/api/v1/users/1', 401],
  ['POST', '/api/v1/login', 422],
  ['GET', '/api/v1/users/%E0%A4%A', 400],
  ['GET', '/%E0%A4%A', 400],
] as const;

describe.each([
  ['http://localhost:3000', { 'content-security-policy': CSP_HTTP, ...COMMON }, undefined],
  ['https://gamaiya.example.com', { 'content-security-policy': CSP_HTTPS, ...COMMON }, HSTS],
])('the security headers of an app served at %s', (appUrl, expected, hsts) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: appUrl });
  });
  afterAll(() => t?.close());

  it.each(ANSWERS)('are on %s %s (%i), with no-store', async (method, url, status) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(expected);
    expect(res.headers['strict-transport-security']).toBe(hsts);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leave the Swagger UI its own policy', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(docs.headers).toMatchObject(COMMON);
  });
});
