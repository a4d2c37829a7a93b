import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';

/**
 * The built web app as the server sends it: precompressed siblings chosen by
 * Accept-Encoding, long-lived caching for hashed files only. A fake WEB_DIST
 * stands in for `vite build`, with .br/.gz siblings as the build writes them.
 */
const INDEX = `<!doctype html><html lang="ar" dir="rtl"><head><title>portal</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const APP_JS = `export const app = ${JSON.stringify('portal-app-js '.repeat(200))};`;
const APP_CSS = `.auth-page{color:#0b6e4f}${'.x{margin-inline-start:1px}'.repeat(100)}`;
const FONT = Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3, 4, 5, 6, 7, 8]);
/** The service worker and a manifest (apps/web/pwa.config.ts, docs/decisions/0032-pwa.md). */
const SW = `self.__WB_MANIFEST=[];${'/* workbox */'.repeat(100)}`;
const MANIFEST = JSON.stringify({ name: 'بوابة الجمعيات', start_url: '/dashboard', display: 'standalone' });

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What Chromium sends. */
const CHROME = 'gzip, deflate, br, zstd';

describe('the web app, precompressed', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-web-compressed-'));
    await mkdir(path.join(root, 'assets'), { recursive: true });
    const withSiblings = async (file: string, text: string) => {
      await writeFile(path.join(root, file), text);
      await writeFile(path.join(root, `${file}.br`), brotliCompressSync(text));
      await writeFile(path.join(root, `${file}.gz`), gzipSync(text));
    };
    await withSiblings('index.html', INDEX);
    await withSiblings('assets/index-Bx12abCd.js', APP_JS);
    await withSiblings('assets/index-Qw34erTy.css', APP_CSS);
    // Already compressed: the build writes no siblings for fonts.
    await writeFile(path.join(root, 'assets/cairo-arabic-400-normal-Zx56.woff2'), FONT);
    await withSiblings('sw.js', SW);
    await writeFile(path.join(root, 'manifest-ar.webmanifest'), MANIFEST);
    t = await createTestApp({ WEB_DIST: root });
  });

  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends brotli to a browser that accepts it, as Chromium does, with immutable caching', async () => {
    const res = await get('/assets/index-Bx12abCd.js', CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const header of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/index-Qw34erTy.css', header);
      expect(res.statusCode, header).toBe(200);
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(res.headers['content-type'], header).toMatch(/^text\/css/);
      expect(res.headers.vary, header).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], header).toBe(IMMUTABLE);
      expect(gunzipSync(res.rawPayload).toString(), header).toBe(APP_CSS);
    }
  });

  it('sends the plain file when no encoding is accepted, still varying on Accept-Encoding', async () => {
    for (const header of [undefined, 'identity']) {
      const res = await get('/assets/index-Bx12abCd.js', header);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body).toBe(APP_JS);
    }
  });

  it('sends a file without siblings (a font) as it is', async () => {
    const res = await get('/assets/cairo-arabic-400-normal-Zx56.woff2', CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(FONT)).toBe(true);
  });

  it.each(['/', '/login', '/dashboard', '/register?x=1'])(
    'answers %s with index.html compressed but never cached',
    async (url) => {
      const res = await get(url, CHROME);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(INDEX);
    },
  );

  it('answers HEAD / like GET / (monitors and proxies ask with HEAD), without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('serves a missing hashed file as the app page, not cached for a year', async () => {
    const res = await get('/assets/index-gone0000.js', CHROME);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends the service worker as JavaScript that is asked for again on every visit, never kept', async () => {
    for (const header of [CHROME, undefined]) {
      const res = await get('/sw.js', header);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const body = header ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body).toBe(SW);
    }
    // A conditional request for an unchanged worker: 304, nothing sent again.
    const first = await get('/sw.js', CHROME);
    const again = await t.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': CHROME, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends a web app manifest as application/manifest+json, revalidated on every visit', async () => {
    const res = await get('/manifest-ar.webmanifest', CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body).start_url).toBe('/dashboard');
  });

  it('answers a missing manifest or worker with the app page, not a cached file', async () => {
    const res = await get('/manifest-fr.webmanifest', CHROME);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the JSON 404 for unknown API routes', async () => {
    const res = await get('/api/v1/nope', CHROME);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe('route_not_found');
  });
});

/**
 * The guest pages prerendered by the web build (docs/decisions/0033): for their paths the server
 * sends `pages/<lang>/<name>.html` in the language of the `lang` cookie, Arabic without it.
 */
describe('the prerendered guest pages', () => {
  let t: TestApp;
  let root: string;
  const page = (lang: string, name: string) =>
    `<!doctype html><html lang="${lang}"><body><div id="root" data-prerendered="${lang}">${name} form</div></body></html>`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'portal-web-pages-'));
    await writeFile(path.join(root, 'index.html'), INDEX);
    for (const lang of ['ar', 'en']) {
      await mkdir(path.join(root, 'pages', lang), { recursive: true });
      for (const name of ['login', 'register']) {
        const html = page(lang, name);
        await writeFile(path.join(root, 'pages', lang, `${name}.html`), html);
        await writeFile(path.join(root, 'pages', lang, `${name}.html.br`), brotliCompressSync(html));
      }
    }
    t = await createTestApp({ WEB_DIST: root });
  });

  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });

  it.each([
    ['/login', undefined, page('ar', 'login')],
    ['/login?next=1', 'lang=en', page('en', 'login')],
    ['/register', 'theme=dark; lang=en', page('en', 'register')],
    ['/register', 'lang=ar', page('ar', 'register')],
    // A language the portal does not have, or a cookie that only ends in "lang": Arabic.
    ['/login', 'lang=fr', page('ar', 'login')],
    ['/login', 'xlang=en', page('ar', 'login')],
  ])('answers %s (cookie %s) with the page prerendered in its language', async (url, cookie, expected) => {
    const res = await get(url, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Which page comes depends on the cookie: a cache must not give one visitor's to another.
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toBe(expected);
  });

  it('sends the chosen language precompressed too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'lang=en', 'accept-encoding': CHROME },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page('en', 'login'));
  });

  it.each(['/', '/dashboard', '/login/abc', '/reset', '/pages', '/LOGIN'])(
    'answers %s, which has no prerendered page, with index.html',
    async (url) => {
      const res = await get(url, 'lang=en');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    },
  );

  it('answers a prerendered form the browser sent itself (before its code ran) with the page again, never a 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=01000000000&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['cache-control']).toBe('no-store');
    // Any other POST outside the API is still the JSON 404.
    const other = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(other.statusCode).toBe(404);
  });
});
