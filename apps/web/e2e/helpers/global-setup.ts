import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ensureMigratedSnapshot } from '../../../api/test/helpers/pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's build of the SPA is (portal.ts serves it). */
    webDist: string;
    /** The API tests' migrated PGlite dump each portal loads instead of migrating its own (~4 s each). */
    portalSnapshot: string;
  }
}

/**
 * Builds the SPA once for the whole run exactly as `npm start` does: a
 * production build (vitest sets NODE_ENV=test, which would otherwise give
 * React's development build), so the browser tests test what ships. Each run
 * builds into its own directory, so two runs at once (or a run beside
 * `npm start`) never serve each other's half-written files.
 */
export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const outDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-web-'));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      configFile: `${root}/vite.config.ts`,
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
  // Development JSX (jsxDEV) in any chunk means a development build slipped through.
  const assets = path.join(outDir, 'assets');
  for (const file of (await readdir(assets)).filter((f) => f.endsWith('.js'))) {
    if ((await readFile(path.join(assets, file), 'utf8')).includes('jsxDEV')) {
      throw new Error(`e2e: ${file} is a development build; the browser tests must run the production build`);
    }
  }
  project.provide('webDist', outDir);
  project.provide('portalSnapshot', await ensureMigratedSnapshot());
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}
