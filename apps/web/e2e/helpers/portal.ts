import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../api/src/app';
import { loadEnv } from '../../../api/src/config/env';
import { openDatabase } from '../../../api/src/db/client';

export const ADMIN = { phone: '01000000000', password: 'Admin@12345', name: 'مدير النظام' } as const;

export type Portal = {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The whole product on a random port: the real API on a fresh in-memory
 * database, serving the SPA built by global-setup.
 */
/** A port nobody listens on right now, so links in e-mails can name it before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const database = await openDatabase({});
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
    database,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url,
    app,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
