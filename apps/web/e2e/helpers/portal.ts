import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
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
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const database = await openDatabase({});
  const app = await buildApp({
    env: loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: fileURLToPath(new URL('../../dist', import.meta.url)),
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
      ...env,
    }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // Links in e-mails must point at this instance.
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
