#!/usr/bin/env node
// Measures the JavaScript each route loads (DESIGN §5 budgets), from Vite's build manifest:
// the entry chunk and everything it imports statically, plus the route's own lazy chunk
// and its static imports. Sizes are gzip (level 9) of the built files.
// Usage: npm run bench:bundle   (builds first)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const LOGIN_BUDGET = 150 * 1024;
const ROUTE_BUDGET = 350 * 1024;

const gz = new Map();
function gzipSize(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const routes = Object.keys(manifest).filter((k) => k.includes('src/app/routes/'));
const rows = routes.map((key) => {
  const files = new Set([...entry, ...closure(key)]);
  const bytes = [...files].reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
  return { route: key.replace(/^.*src\/app\/routes\//, ''), kb: bytes / 1024, bytes };
});
rows.sort((a, b) => b.bytes - a.bytes);
const entryKb = [...entry].reduce((s, k) => s + gzipSize(manifest[k].file), 0) / 1024;
console.log(`entry (shared by every route): ${entryKb.toFixed(1)} KB gzip`);
let failed = 0;
for (const row of rows) {
  const budget = row.route.startsWith('auth/login') ? LOGIN_BUDGET : ROUTE_BUDGET;
  const ok = row.bytes <= budget;
  if (!ok) failed += 1;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${row.route.padEnd(40)} ${row.kb.toFixed(1).padStart(7)} KB  (budget ${budget / 1024} KB)`,
  );
}
console.log(failed === 0 ? 'all routes within budget' : `${failed} route(s) over budget`);
process.exitCode = failed === 0 ? 0 : 1;
