#!/usr/bin/env node
// Measures the JavaScript each route loads before it can show itself (DESIGN §5 budgets), from
// Vite's build manifest (apps/web/dist/.vite/manifest.json) and the packages of each chunk
// (.vite/chunk-packages.json, written by apps/web/vite.config.ts):
//   the entry and its static imports
// + the Arabic guest texts (the default language, loaded before the first render: locales/ar/guest.ts)
// + what index.html preloads for every page (<link rel="modulepreload">)
// + the route's own chunk and its static imports (for the login, its island instead of index.html's
//   preloads and its route: app/login-island.tsx, docs/decisions/0033)
// + for a route that is not a light guest page (no `...lean` in app/router.tsx): antd's providers
//   (app/antd-providers.tsx) and the signed-in screens' texts (locales/ar/app.ts), and for a screen
//   of the signed-in shell the shell (app/app-shell.tsx).
// Sizes are gzip level 9 of the built files (what the budgets count); the brotli column is what
// the server actually sends (the .br siblings of the build).
// The guest pages prerendered at build time (pages/<lang>/<name>.html, docs/decisions/0033) are
// measured from their own HTML: the entry and every chunk they preload, before they hydrate.
// It also proves that the light guest pages load no antd, no @ant-design/* and no @rc-component/*.
// Exits non-zero when a route is over budget or a guest page loads antd.
// Also prints antd's static stylesheet (app/antd-styles.ts: antd runs with zeroRuntime), which every
// page with antd loads beside its JavaScript: CSS, outside the JavaScript budgets.
// Usage: npm run bench:bundle   (builds first)
//        DIST=/elsewhere/dist node scripts/bench-bundle.mjs   (measures another build)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeKinds } from './lib/route-kinds.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.DIST || path.join(ROOT, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const packagesOf = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-packages.json'), 'utf8'));
const routerSource = readFileSync(path.join(ROOT, 'apps/web/src/app/router.tsx'), 'utf8');

const KB = 1024;
/** The login's first JavaScript: ≤ 150 KB in DESIGN §5, ≤ 100 KB asked by issue 21 §4 (the stricter one counts). */
const LOGIN_BUDGET = 100 * KB;
const ROUTE_BUDGET = 350 * KB;
const GUEST_TEXTS = 'src/locales/ar/guest.ts';
const APP_TEXTS = 'src/locales/ar/app.ts';
const ANTD_PROVIDERS = 'src/app/antd-providers.tsx';
const SHELL = 'src/app/app-shell.tsx';
/** The login page hydrates as an island, without the app (docs/decisions/0033): what it loads is this module's closure. */
const LOGIN_ISLAND = 'src/app/login-island.tsx';
/** What a light guest page must never load. */
const HEAVY = /^(antd|@ant-design\/|@rc-component\/|rc-)/;

for (const key of [GUEST_TEXTS, APP_TEXTS, ANTD_PROVIDERS, SHELL]) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest: did the app's structure change?`);
}

const gz = new Map();
function gzipSize(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}
function brotliSize(file) {
  const br = path.join(dist, `${file}.br`);
  return existsSync(br) ? statSync(br).size : statSync(path.join(dist, file)).size;
}

/** A chunk and everything it imports statically (what must arrive before it runs). */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

// Where each screen sits in app/router.tsx: a light guest page (`...lean`), a screen of the shell, or neither.
const kinds = routeKinds(routerSource);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// index.html preloads a few chunks for every page (apps/web/vite.config.ts, preloadFirstScreen): they count too.
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const preloaded = [...indexHtml.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const base = new Set([...closure(entryKey), ...closure(GUEST_TEXTS)]);
for (const file of preloaded) if (keyOfFile.has(file)) closure(keyOfFile.get(file), base);
const sum = (keys, size) => [...keys].reduce((total, k) => total + size(manifest[k].file), 0);

const rows = [...kinds].map(([key, kind]) => {
  // The login, opened, is its island (index.html's preloads are the app's: not loaded there); reached
  // from inside the app, it costs its own chunk only.
  const island = key === 'src/app/routes/auth/login.tsx' && manifest[LOGIN_ISLAND];
  const files = island ? new Set([...closure(entryKey), ...closure(GUEST_TEXTS)]) : new Set(base);
  closure(island ? LOGIN_ISLAND : key, files);
  if (kind !== 'guest') {
    closure(ANTD_PROVIDERS, files);
    closure(APP_TEXTS, files);
  }
  if (kind === 'shell') closure(SHELL, files);
  const heavy = kind === 'guest' ? [...new Set([...files].flatMap((k) => packagesOf[manifest[k].file] ?? []))] : [];
  return {
    route: key.replace('src/app/routes/', '').replace(/\.tsx$/, ''),
    kind,
    files: files.size,
    gzip: sum(files, gzipSize),
    brotli: sum(files, brotliSize),
    antd: heavy.filter((name) => HEAVY.test(name)),
  };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / KB).toFixed(1).padStart(6);
console.log(
  `entry, Arabic guest texts and index.html preloads (every route): ${kb(sum(base, gzipSize))} KB gzip, ${kb(sum(base, brotliSize))} KB brotli, ${base.size} files`,
);
console.log(`${'route'.padEnd(32)} ${'kind'.padEnd(6)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)} files budget`);
let failed = 0;
for (const row of rows) {
  const budget = row.route === 'auth/login' ? LOGIN_BUDGET : ROUTE_BUDGET;
  const over = row.gzip > budget;
  const heavy = row.antd.length > 0;
  if (over || heavy) failed += 1;
  console.log(
    `${over || heavy ? 'FAIL' : 'ok  '} ${row.route.padEnd(27)} ${row.kind.padEnd(6)} ${kb(row.gzip)} KB ${kb(row.brotli)} KB ${String(row.files).padStart(5)} ≤ ${budget / KB} KB${heavy ? `  loads ${row.antd.join(', ')}` : ''}`,
  );
}
// The prerendered guest pages: what each one's HTML makes the browser load before it is hydrated.
const pagesDir = path.join(dist, 'pages');
const pages = existsSync(pagesDir)
  ? readdirSync(pagesDir).flatMap((lang) =>
      readdirSync(path.join(pagesDir, lang))
        .filter((f) => f.endsWith('.html'))
        .map((f) => `${lang}/${f}`),
    )
  : [];
if (pages.length === 0) {
  console.log('FAIL no prerendered guest page in pages/ (apps/web/prerender-plugin.ts)');
  failed += 1;
}
for (const page of pages.sort()) {
  const html = readFileSync(path.join(pagesDir, page), 'utf8');
  const loaded = new Set();
  for (const m of html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g)) {
    const key = keyOfFile.get(m[1]);
    if (key) closure(key, loaded);
  }
  const gzip = sum(loaded, gzipSize);
  const budget = page.endsWith('/login.html') ? LOGIN_BUDGET : ROUTE_BUDGET;
  const over = gzip > budget;
  if (over) failed += 1;
  console.log(
    `${over ? 'FAIL' : 'ok  '} prerendered ${page.padEnd(19)} ${kb(gzip)} KB gzip ${kb(sum(loaded, brotliSize))} KB brotli ${String(loaded.size).padStart(3)} files ≤ ${budget / KB} KB, HTML ${kb(statSync(path.join(pagesDir, page)).size)} KB (${kb(existsSync(path.join(pagesDir, `${page}.br`)) ? statSync(path.join(pagesDir, `${page}.br`)).size : 0)} KB brotli, the stylesheet inside)`,
  );
}
const stylesheets = readdirSync(path.join(dist, 'assets')).filter((f) => /^antd-[\w-]+\.css$/.test(f));
for (const file of stylesheets) {
  const asset = `assets/${file}`;
  console.log(
    `antd's stylesheet for the pages with antd (CSS, outside the budgets): ${kb(gzipSize(asset))} KB gzip, ${kb(brotliSize(asset))} KB brotli`,
  );
}
const guests = rows.filter((r) => r.kind === 'guest');
if (guests.length === 0) {
  console.log('FAIL no light guest page found in app/router.tsx (`...lean`)');
  failed += 1;
} else {
  console.log(`guest pages without antd: ${guests.filter((r) => r.antd.length === 0).length} of ${guests.length}`);
}
console.log(failed === 0 ? 'all routes within budget' : `${failed} route(s) over budget or loading antd`);
process.exitCode = failed === 0 ? 0 : 1;
