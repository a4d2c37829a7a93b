#!/usr/bin/env node
// npm start: builds only what is older than its sources, then runs the API in this
// very process (its signals, its memory, its exit code: nothing in between).
//
// - The API and packages/shared are transpiled with esbuild, file by file, into their
//   dist/ folders (under a second for the whole tree). Types are not checked here:
//   `npm run typecheck` and CI do that; `npm run build` is the full tsc build.
// - The web app is built with Vite when a file it is made of changed.
// Each build leaves a stamp file dated from the build's start; a later start
// compares it with the newest file of the build's sources (a few hundred stat
// calls) and skips the build when nothing is newer. docs/decisions/0028.
//
// No dependencies but esbuild and vite, which the workspace already has.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(ROOT, ...parts);
const SELF = fileURLToPath(import.meta.url);

/** Folders and files whose newest change decides a rebuild; tests and built output are not sources. */
const SHARED_SOURCES = [at('packages/shared/src'), at('packages/shared/package.json'), at('tsconfig.base.json')];
const TARGETS = {
  api: {
    stamp: at('apps/api/dist/.start-build'),
    sources: [...SHARED_SOURCES, at('apps/api/src'), at('apps/api/package.json'), SELF],
  },
  web: {
    stamp: at('apps/web/dist/.start-build'),
    sources: [
      ...SHARED_SOURCES,
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      at('scripts/lib/route-kinds.mjs'),
      // A dependency's new version changes the bundle.
      at('package-lock.json'),
      SELF,
    ],
  },
};

const isTest = (name) => /\.test\.tsx?$/.test(name);

/** The newest modification time under `entry` (a file or a folder), ignoring tests. */
async function newest(entry) {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const item of await readdir(entry, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name === 'dist' || isTest(item.name)) continue;
    latest = Math.max(latest, await newest(path.join(entry, item.name)));
  }
  return latest;
}

async function isStale(target) {
  const built = (await stat(target.stamp).catch(() => null))?.mtimeMs;
  if (built === undefined) return true;
  const sources = await Promise.all(target.sources.map(newest));
  return Math.max(...sources) > built;
}

/** Dated from the build's start: a source saved while it ran is newer, and the next start builds again. */
async function writeStamp(target, startedAt) {
  await mkdir(path.dirname(target.stamp), { recursive: true });
  await writeFile(target.stamp, 'built by scripts/start.mjs; removed, the next npm start builds again\n');
  await utimes(target.stamp, startedAt, startedAt);
}

async function filesUnder(dir) {
  const out = [];
  for (const item of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (item.isFile()) out.push(path.join(item.parentPath ?? item.path, item.name));
  }
  return out;
}

/** TypeScript to JavaScript file by file (the same layout tsc writes), JSON files copied beside. */
async function transpile(esbuild, pkg) {
  const src = at(pkg, 'src');
  const outdir = at(pkg, 'dist');
  const files = await filesUnder(src);
  const code = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !isTest(f));
  await esbuild.build({
    entryPoints: code,
    outdir,
    outbase: src,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    const to = path.join(outdir, path.relative(src, file));
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(file, to);
  }
}

async function buildApi() {
  const startedAt = new Date();
  const esbuild = await import('esbuild');
  await transpile(esbuild, 'packages/shared');
  await transpile(esbuild, 'apps/api');
  await writeStamp(TARGETS.api, startedAt);
}

function buildWeb() {
  const startedAt = new Date();
  const manifest = createRequire(at('apps/web/package.json')).resolve('vite/package.json');
  const vite = path.join(path.dirname(manifest), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: at('apps/web'),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(writeStamp(TARGETS.web, startedAt));
      else reject(new Error(`the web app's build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function main() {
  const began = performance.now();
  const [api, web] = await Promise.all([isStale(TARGETS.api), isStale(TARGETS.web)]);
  if (api || web) {
    console.log(`start: building ${[api && 'the API', web && 'the web app'].filter(Boolean).join(' and ')}…`);
    // Side by side: two cores, and the API's transpile is over long before Vite's build.
    await Promise.all([api ? buildApi() : null, web ? buildWeb() : null]);
    console.log(`start: built in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  await import(pathToFileURL(at('apps/api/dist/server.js')).href);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
