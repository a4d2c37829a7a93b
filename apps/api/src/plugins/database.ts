import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { seedDatabase } from '../db/seed/seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Migrates and seeds on start (both idempotent), then closes the pool with the server. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { handle: DatabaseHandle; env: Env; ownsHandle: boolean }) => {
    await opts.handle.migrate();
    await seedDatabase(opts.handle.db, opts.env);
    app.decorate('database', opts.handle);
    app.decorate('db', opts.handle.db);
    if (opts.ownsHandle) app.addHook('onClose', () => opts.handle.close());
  },
);
