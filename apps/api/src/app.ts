import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { FILE_SIZE_LIMIT_BYTES } from '@portal/shared/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { createMemoryThrottle } from './lib/throttle.js';
import { createAccountLimiter } from './modules/accounts/account-limiter.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { requestLogSerializer } from './modules/accounts/request-input.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { databasePlugin } from './plugins/database.js';
import { docsUiRoutes, openApiPlugin } from './plugins/docs.js';
import { errorsPlugin, sendFrameworkError } from './plugins/errors.js';
import { mailPlugin } from './plugins/mail.js';
import { webAppRoutes } from './plugins/web-app.js';

export type BuildOptions = {
  env: Env;
  /** An open database (tests pass their own); otherwise one is opened from env and closed with the app. */
  database?: DatabaseHandle;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp({ env, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Reset and activation tokens travel in URLs (SPEC §7): never log them.
      serializers: { req: requestLogSerializer },
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // An undecodable URL gets the JSON error envelope like every other failure.
    frameworkErrors: sendFrameworkError,
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
    database ??
    (await openDatabase(
      env.DATABASE_URL
        ? {
            url: env.DATABASE_URL,
            onConnectionError: (err) => app.log.warn({ err }, 'database connection closed by the server'),
          }
        : { dataDir: `${env.DATA_DIR}/db` },
    ));
  await app.register(databasePlugin, { handle, env, ownsHandle: database === undefined });
  await app.register(authPlugin);
  await app.register(mailPlugin, { env });
  await app.register(openApiPlugin);
  // Multipart bodies are read only by the routes that ask for them; a route may lower these limits.
  await app.register(multipart, {
    limits: { fileSize: FILE_SIZE_LIMIT_BYTES, files: 20, fields: 100, parts: 120, fieldSize: 64 * 1024 },
  });

  const throttle = createMemoryThrottle(env.LOGIN_WINDOW_MINUTES * 60_000);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes({ db: app.db, env, throttle }));
      await api.register(usersRoutes, { dataDir: env.DATA_DIR });
      await api.register(rolesRoutes);
      await api.register(dashboardRoutes);
      await api.register(logsRoutes);
      const limiter = createAccountLimiter(env);
      await api.register(accountsRoutes({ db: app.db, env, limiter, mail: app.mail }));
      await api.register(settingsRoutes({ limiter }));
      await api.register(lookupsRoutes);
      await api.register(notificationsRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(docsUiRoutes);
  await app.register(webAppRoutes, { root: env.WEB_DIST });
  return app;
}
