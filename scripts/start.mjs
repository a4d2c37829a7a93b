#!/usr/bin/env node
// npm start: builds only what is older than its sources, then runs the API in this
// very process (its signals, its memory, its exit code: nothing in between).
//
// - The API and packages/shared are transpiled with esbuild, file by file, into their
//   dist/ folders (under a second for the whole tree). Types are not checked here:
//   `npm run typecheck` and CI do that; `npm run build` is the full tsc build.
// - The web app is built with Vite when a file it is made of changed; on a first start
//   (no build yet) the API starts meanwhile and browsers get a page that reloads itself
//   until the build lands (apps/api/src/plugins/web-app.ts).
// Each build leaves a stamp file dated from the build's start; a later start
// compares it with the newest file of the build's sources (a few hundred stat
// calls) and skips the build when nothing is newer. docs/decisions/0028.
//
// No dependencies but esbuild and vite, which the workspace already has.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
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
      at('apps/web/prerender-plugin.ts'),
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
  // tsc -b (npm run typecheck, npm run build) would take these outputs for its own, up to date, and
  // never write the declarations the API's type check reads: without its build info it builds in full.
  await Promise.all(['packages/shared', 'apps/api'].map((pkg) => rm(at(pkg, 'tsconfig.tsbuildinfo'), { force: true })));
  const esbuild = await import('esbuild');
  await transpile(esbuild, 'packages/shared');
  await transpile(esbuild, 'apps/api');
  await writeStamp(TARGETS.api, startedAt);
}

/**
 * Vite builds into a folder beside dist/ that replaces it once complete: the running server never
 * reads a half-written file (a brotli sibling still being written) nor a folder being emptied.
 */
async function buildWeb() {
  const startedAt = new Date();
  const dist = at('apps/web/dist');
  const building = at('apps/web/dist.building');
  await rm(building, { recursive: true, force: true });
  const manifest = createRequire(at('apps/web/package.json')).resolve('vite/package.json');
  const vite = path.join(path.dirname(manifest), 'bin', 'vite.js');
  await new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--logLevel', 'warn', '--outDir', building, '--emptyOutDir'],
      { cwd: at('apps/web'), env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
    );
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the web app's build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  await rm(dist, { recursive: true, force: true });
  await rename(building, dist);
  await writeStamp(TARGETS.web, startedAt);
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const began = performance.now();
  const [api, web] = await Promise.all([isStale(TARGETS.api), isStale(TARGETS.web)]);
  if (api) {
    await buildApi();
    console.log(`start: the API transpiled in ${seconds(began)}`);
  }
  if (web) {
    const everBuilt = await stat(at('apps/web/dist/index.html')).then(
      () => true,
      () => false,
    );
    console.log('start: building the web app…');
    const built = buildWeb().then(() => console.log(`start: the web app built in ${seconds(began)}`));
    // Never built (a fresh clone): the API and its database start meanwhile, on the other core, and
    // tell a browser the pages are on their way. Built before: the new pages replace the old ones
    // before the server starts, so nobody is served a mix.
    if (everBuilt) await built;
    else {
      // The folder the server will serve from, there from the start (an empty one is not a build).
      await mkdir(at('apps/web/dist'), { recursive: true });
      built.catch((error) => {
        // A checkout whose web app does not build: said loudly, not hidden behind a waiting page.
        // process.exit also stops the embedded PostgreSQL (its 'exit' listener).
        console.error(`start: ${error.message}`);
        process.exit(1);
      });
    }
  }
  await import(pathToFileURL(at('apps/api/dist/server.js')).href);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
