#!/usr/bin/env node
// npm run typecheck: every TypeScript program of the repository, checked with TypeScript 7's native
// compiler (the `typescript-native` alias; `typescript` stays 6.0 for the tools that load its JS API,
// such as dependency-cruiser). Each program is checked even when one before it failed, so one run
// names every error; the exit code is non-zero when any failed. docs/decisions/0039.
//
// --singleThreaded: on the two-core machines CI runs on, the checks share the cores with the test
// suites, and the compiler's own threads cost CPU time they do not give back in speed there
// (measured: the web program took 8.2 s of CPU single-threaded, 16.2 s with its default threads,
// and finished sooner: 6.5 s against 8.3 s).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');

const PROGRAMS = [
  // The build of the API and its shared package (npm run build): declarations and all.
  ['-b', 'packages/shared', 'apps/api'],
  // The API with its tests, the shared package with its tests.
  ['-p', 'apps/api/tsconfig.test.json'],
  ['-p', 'packages/shared/tsconfig.test.json'],
  // The web app with its component and browser tests, and its service worker (the worker's own types).
  ['-p', 'apps/web', '--noEmit'],
  ['-p', 'apps/web/src/sw'],
];

let failed = 0;
for (const args of PROGRAMS) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [tsc, ...args, '--singleThreaded'], { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  if (!ok) failed++;
  console.log(`typecheck: tsc ${args.join(' ')} ${ok ? 'passed' : 'FAILED'} (${seconds} s)`);
}
process.exit(failed > 0 ? 1 : 0);
