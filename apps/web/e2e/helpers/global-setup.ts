import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ensurePostgresTemplate } from '../../../api/test/helpers/postgres-template';
import { startTestServer, type TestServer } from '../../../api/test/helpers/test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's build of the SPA is (portal.ts serves it). */
    webDist: string;
  }
}

/**
 * Builds the SPA once for the whole run exactly as `npm start` does: a
 * production build (vitest sets NODE_ENV=test, which would otherwise give
 * React's development build), so the browser tests test what ships. Each run
 * builds into its own directory, so two runs at once (or a run beside
 * `npm start`) never serve each other's half-written files.
 *
 * Meanwhile the run's PostgreSQL server starts (TEST_DATABASE_URL, or an
 * embedded one, as for the API suite) with the migrated template database each
 * portal copies instead of migrating its own (portal.ts).
 */
export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const outDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-web-'));
  const database = startDatabase();
  // Awaited below; until then a failure must not count as unhandled.
  database.catch(() => undefined);
  let server: TestServer;
  try {
    await buildWeb(root, outDir);
    const ready = await database;
    server = ready.server;
    project.provide('testDatabaseUrl', ready.server.adminUrl);
    project.provide('postgresTemplate', ready.template);
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    await (await database.catch(() => undefined))?.server.stop();
    throw error;
  }
  project.provide('webDist', outDir);
  return async () => {
    await server.stop();
    await rm(outDir, { recursive: true, force: true });
  };
}

async function startDatabase(): Promise<{ server: TestServer; template: string }> {
  const server = await startTestServer();
  try {
    return { server, template: await ensurePostgresTemplate(server.adminUrl) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function buildWeb(root: string, outDir: string): Promise<void> {
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
}
