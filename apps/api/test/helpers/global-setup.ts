import type { TestProject } from 'vitest/node';
import { ensureMigratedSnapshot } from './pglite-snapshot.js';
import { ensurePostgresTemplate } from './postgres-template.js';
import { testEngine } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite dump each test file loads (null: every file runs initdb and migrations itself). */
    pgliteSnapshot: string | null;
    /** A migrated template database each PostgreSQL test file copies (null: each file migrates its own). */
    postgresTemplate: string | null;
  }
}

/** Runs once per `vitest run`, before any test file (vitest.config.ts globalSetup). */
export default async function setup(project: TestProject) {
  let snapshot: string | null = null;
  let template: string | null = null;
  // PGLITE_SNAPSHOT=0 turns it off (each file then runs initdb and the migrations, as before).
  if (testEngine() === 'pglite' && process.env.PGLITE_SNAPSHOT !== '0') {
    try {
      snapshot = await ensureMigratedSnapshot();
    } catch (error) {
      // A broken migration: let each file migrate on its own, so the failure is reported per test file.
      console.warn('PGlite snapshot not built, each test file migrates its own database:', error);
    }
  }
  if (testEngine() === 'postgres') {
    try {
      template = await ensurePostgresTemplate(process.env.TEST_DATABASE_URL as string);
    } catch (error) {
      console.warn('PostgreSQL template not built, each test file migrates its own database:', error);
    }
  }
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', template);
}
