import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@portal/shared/constants';
import { isMessageKey, translate } from '@portal/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/config/env.js';
import { createTestApp, type TestApp } from './helpers/build-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the API as a whole', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/nope'],
    ['GET', '/api/nope'],
    ['DELETE', '/api/v1/login'],
    ['GET', '/api'],
  ] as const)('answers %s %s with the JSON 404 route_not_found', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'route_not_found',
      message: translate('ar', 'errors.route_not_found'),
      errors: [],
    });
    const en = await t.app.inject({ method, url, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.json().message).toBe(translate('en', 'errors.route_not_found'));
  });

  it('answers an unknown page with the JSON 404 when no web build is there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('route_not_found');
  });

  it('asks the browser to upgrade requests, and pins HTTPS, only when the app is served over HTTPS', async () => {
    const https = await createTestApp({ APP_URL: 'https://gamaiya.example.com' });
    const res = await https.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await https.close();
    expect(loadEnv({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Served over plain HTTP (a LAN address): the browser must not be told to upgrade to https.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    // Nor to pin a plain-HTTP address to HTTPS for a year (issue 19).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Errors carry them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(missing.headers['content-security-policy']).toBe(csp);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('always answers with its own request id; a valid client id is only echoed beside it', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123.X_y' },
    });
    // The audit trail and the logs keep the server's id: a caller cannot choose it.
    expect(echoed.headers['x-request-id']).toMatch(UUID);
    expect(echoed.headers['x-client-request-id']).toBe('abc-123.X_y');

    const generated = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(generated.headers['x-request-id']).toMatch(UUID);

    for (const bad of ['has spaces', 'x'.repeat(65), '<script>', 'a;b', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
      expect(res.headers['x-client-request-id'], bad).toBeUndefined();
    }
    const two = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/v1/health' })));
    expect(two[0]?.headers['x-request-id']).not.toBe(two[1]?.headers['x-request-id']);
  });

  it('publishes an OpenAPI document with the login route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/login']?.post).toBeDefined();
    expect(doc.paths['/api/v1/logout']?.post).toBeDefined();
    expect(doc.paths['/api/v1/logs']?.post).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/v1/login'].post.requestBody)).toContain('phone');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it.each(['/api/v1/users/%E0%A4%A', '/api/v1/%', '/api/v1/logs/%zz', '/%E0%A4%A'])(
    'answers the undecodable URL %s with the 400 envelope',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'en', 'x-request-id': 'bad-url-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        code: 'bad_request',
        message: translate('en', 'errors.bad_request'),
        errors: [],
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.headers['x-client-request-id']).toBe('bad-url-1');
      expect(res.body).not.toContain('%');
    },
  );
});

describe('the web app fallback', () => {
  let t: TestApp;
  let parent: string;
  const INDEX = '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div>portal-index</body></html>';
  const APP_JS = 'console.log("portal-app-js");';
  const SECRET = 'secret-outside-web-dist';

  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    const root = path.join(parent, 'dist');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), INDEX);
    await writeFile(path.join(root, 'assets', 'app.js'), APP_JS);
    await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(parent, 'secret.txt'), SECRET);
    t = await createTestApp({ WEB_DIST: root });
  });
  afterAll(async () => {
    await t.close();
    await rm(parent, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard', '/users/12/edit', '/login?next=%2Fdashboard', '/ar/%D8%B9%D8%B1%D8%A8%D9%8A'])(
    'answers GET %s with index.html, not cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-security-policy']).toBeTruthy();
    },
  );

  it('serves hashed assets with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves root icons for an hour and a missing asset as the app page', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.headers['cache-control']).not.toMatch(/immutable/);
  });

  it.each([
    '/assets/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/..%2fsecret.txt',
    '/assets/../../etc/passwd',
    '/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
  ])('does not leave the web folder for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('root:');
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it.each(['/%E0%A4%A', '/assets/%', '/dashboard/%zz', '/assets/app.js%'])(
    'does not crash on the malformed URL %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(SECRET);
    },
  );

  it('keeps JSON 404s for unknown API routes and non-GET requests', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('route_not_found');
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('route_not_found');
  });
});

describe('the web app built after the server started (npm start builds it beside the API)', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), 'portal-web-late-')), 'dist');
    t = await createTestApp({ WEB_DIST: root });
  });
  afterAll(async () => {
    await t.close();
    await rm(path.dirname(root), { recursive: true, force: true });
  });

  it('shows a browser a page that reloads itself until the build lands, then the app', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const waiting = await t.app.inject({ method: 'GET', url: '/dashboard', headers: browser });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('3');
    expect(waiting.headers['content-type']).toMatch(/^text\/html/);
    expect(waiting.body).toContain('<meta http-equiv="refresh" content="3">');
    expect(waiting.headers['content-security-policy']).toBeTruthy();
    // Not a browser: the JSON 404, as before.
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).json().code).toBe('route_not_found');

    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>portal</title>');
    const ready = await t.app.inject({ method: 'GET', url: '/dashboard', headers: browser });
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toBe('<!doctype html><title>portal</title>');
  });
});

describe('the environment loader', () => {
  const base = { NODE_ENV: 'test', ADMIN_PASSWORD: 'Strong#Pass1' };

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadEnv({ ...base, PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^\s*PORT:/m);
    expect(message).toMatch(/^\s*DATABASE_URL:/m);
  });

  it.each([
    { PORT: '70000' },
    { PORT: '-1' },
    { LOG_LEVEL: 'loud' },
    { ADMIN_PHONE: '+2010' },
    { SESSION_TTL_MINUTES: '1' },
    { TRUST_PROXY: 'maybe' },
    { NODE_ENV: 'staging' },
    { IDEMPOTENCY_CLAIM_LEASE_SECONDS: '9' },
    // A claim that lapses while a call may still be running: the retry would run it a second time.
    { IDEMPOTENCY_CLAIM_LEASE_SECONDS: '30', DB_STATEMENT_TIMEOUT_MS: '20000' },
  ])('refuses %o', (bad) => {
    const name = Object.keys(bad)[0] as string;
    expect(() => loadEnv({ ...base, ...bad })).toThrow(new RegExp(`${name}:`));
  });

  it('reads good values and fills defaults', () => {
    const env = loadEnv({ ...base, PORT: '8080', DATABASE_URL: 'postgresql://u@h:5432/d', TRUST_PROXY: 'yes' });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgresql://u@h:5432/d', TRUST_PROXY: true });
    expect(loadEnv({}).PORT).toBe(3000);
    expect(loadEnv({}).IDEMPOTENCY_CLAIM_LEASE_SECONDS).toBe(60);
    expect(loadEnv({ IDEMPOTENCY_CLAIM_LEASE_SECONDS: '15' }).IDEMPOTENCY_CLAIM_LEASE_SECONDS).toBe(15);
    expect(loadEnv({ PORT: '' }).PORT).toBe(3000);
  });

  it('refuses the default administrator password in production, and only there', () => {
    const defaultPassword = loadEnv({}).ADMIN_PASSWORD;
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD:/);
    expect(() => loadEnv({ NODE_ENV: 'production', ADMIN_PASSWORD: defaultPassword })).toThrow(EnvError);
    expect(loadEnv({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Another#Pass9' }).NODE_ENV).toBe('production');
    expect(loadEnv({ NODE_ENV: 'development' }).ADMIN_PASSWORD).toBe(defaultPassword);
  });
});

describe('the messages the API sends', () => {
  const SRC = fileURLToPath(new URL('../src/', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return sources(full);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
    });
  const keys = [
    ...new Set(
      sources(SRC).flatMap((file) =>
        [
          ...readFileSync(file, 'utf8').matchAll(
            /['"`]((?:[a-z_]+\.)?(?:errors|validation|messages)\.[a-z0-9_]+)['"`]/g,
          ),
        ].map((m) => m[1] as string),
      ),
    ),
  ].sort();

  it('finds the keys in the source', () => {
    expect(keys).toContain('errors.invalid_data');
  });

  it.each(keys)('has %s in the catalogue in both languages', (key) => {
    expect(isMessageKey(key)).toBe(true);
    for (const locale of LOCALES) expect(translate(locale, key)).not.toBe(key);
  });
});
