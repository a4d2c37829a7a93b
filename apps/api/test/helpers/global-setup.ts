import type { TestProject } from 'vitest/node';
import { ensurePostgresTemplate } from './postgres-template.js';
import { startTestServer } from './test-server.js';

/**
 * Runs once per `vitest run`, before any test file (vitest.config.ts: the root project's
 * globalSetup, so the two projects share one server and one template).
 */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  let template: string | null = null;
  try {
    template = await ensurePostgresTemplate(server.adminUrl);
  } catch (error) {
    // A broken migration: let each file migrate on its own, so the failure is reported per test file.
    console.warn('PostgreSQL template not built, each test file migrates its own database:', error);
  }
  project.provide('testDatabaseUrl', server.adminUrl);
  project.provide('postgresTemplate', template);
  return () => server.stop();
}
