import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Env, loadEnv } from '../../src/config/env.js';
import type { Database, QueryListener } from '../../src/db/client.js';
import { openTestDatabase } from './test-database.js';

export const ADMIN = { phone: '01000000000', password: 'Admin@12345' } as const;

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  env: Env;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database, migrated and seeded exactly as on a first start,
 * with its own empty DATA_DIR (uploads, outbox) removed on close.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { onQuery?: QueryListener; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-data-'));
  const database = await openTestDatabase(options);
  const release = async () => {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      ...overrides,
    });
    const app = await buildApp({ env, database: database.handle, logStream: options.logStream });
    await app.ready();
    return {
      app,
      db: database.handle.db,
      env,
      close: async () => {
        await app.close();
        await release();
      },
    };
  } catch (error) {
    // A bad override or a failing migration: free the database before reporting it.
    await release().catch(() => undefined);
    throw error;
  }
}

/** Logs in through the real route and returns the bearer token. */
export async function loginAs(app: FastifyInstance, phone: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { phone, password } });
  if (res.statusCode !== 200) throw new Error(`login ${phone} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token as string;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
