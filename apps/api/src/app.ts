import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { createMemoryThrottle } from './lib/throttle.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { databasePlugin } from './plugins/database.js';
import { docsUiRoutes, openApiPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { webAppRoutes } from './plugins/web-app.js';

export type BuildOptions = {
  env: Env;
  /** An open database (tests pass their own); otherwise one is opened from env and closed with the app. */
  database?: DatabaseHandle;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp({ env, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  await app.register(errorsPlugin);
  const handle =
    database ?? (await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: `${env.DATA_DIR}/db` }));
  await app.register(databasePlugin, { handle, env, ownsHandle: database === undefined });
  await app.register(authPlugin);
  await app.register(openApiPlugin);

  const throttle = createMemoryThrottle(env.LOGIN_WINDOW_MINUTES * 60_000);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes({ db: app.db, env, throttle }));
      await api.register(usersRoutes);
      await api.register(logsRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(docsUiRoutes);
  await app.register(webAppRoutes, { root: env.WEB_DIST });
  return app;
}
