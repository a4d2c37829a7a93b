import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** The database on the app (migrated and seeded by buildApp first); its pool closes with the server. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { handle: DatabaseHandle; ownsHandle: boolean }) => {
    app.decorate('database', opts.handle);
    app.decorate('db', opts.handle.db);
    if (opts.ownsHandle) app.addHook('onClose', () => opts.handle.close());
  },
);
