import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../api/src/app';
import { loadEnv } from '../../../api/src/config/env';
import { freePort } from '../../../api/test/helpers/free-port';
import { openTestDatabase } from '../../../api/test/helpers/test-database';

export const ADMIN = { phone: '01000000000', password: 'Admin@12345', name: 'مدير النظام' } as const;

export type Portal = {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The whole product on a random port: the real API on a database of its own
 * (a copy of the run's migrated template, global-setup.ts), serving the SPA
 * built by global-setup.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  // Migrated once per run (global-setup.ts); the app still migrates (a no-op) and seeds on start.
  const database = await openTestDatabase();
  const app = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: inject('webDist'),
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      APP_URL: url,
      ...env,
    }),
    database: database.handle,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    app,
    dataDir,
    close: async () => {
      await app.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
