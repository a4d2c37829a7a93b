import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { FILE_SIZE_LIMIT_BYTES } from '@portal/shared/constants';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiDocsEnabled, type Env } from './config/env.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { type EmbeddedServer, startEmbeddedServer } from './db/embedded-server.js';
import { seedDatabase } from './db/seed/seed.js';
import { usePasswordCost } from './lib/passwords.js';
import { clientRequestId, logSerializers, OneLineRequestLog } from './lib/request-log.js';
import { responseSerializer } from './lib/response-serializer.js';
import { scheduleRetention } from './lib/retention.js';
import { securityHeaders, setSecurityHeaders } from './lib/security-headers.js';
import { type FileStorage, localStorage } from './lib/storage.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { archiveRoutes } from './modules/archive/archive.routes.js';
import { scheduleAssociationsDaily } from './modules/associations/association-lifecycle.js';
import { associationsRoutes } from './modules/associations/associations.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { cardRequestsRoutes } from './modules/card-requests/card-requests.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { customerRequestsRoutes } from './modules/customer-requests/customer-requests.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ledgerRoutes } from './modules/ledger/ledger.routes.js';
import { leftoversRoutes } from './modules/leftovers/leftovers.routes.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { REMINDERS_JOB, remindersJobHandler, scheduleReminders } from './modules/reminders/reminders.job.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { requestLookupsRoutes } from './modules/request-lookups/request-lookups.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { termsRoutes } from './modules/terms/terms.routes.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { turnMovesRoutes } from './modules/turn-moves/turn-moves.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin, requireDeclaredAccess } from './plugins/auth.js';
import { contextPlugin } from './plugins/context.js';
import { databasePlugin } from './plugins/database.js';
import { docsUiRoutes, openApiPlugin } from './plugins/docs.js';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { jobsPlugin } from './plugins/jobs.js';
import { liveEventsPlugin } from './plugins/live-events.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { webAppRoutes } from './plugins/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (config/env.ts). */
    env: Env;
    /** Where uploaded files live (lib/storage.ts). */
    storage: FileStorage;
  }
}

export type BuildOptions = {
  env: Env;
  /** An open database (tests pass their own); otherwise one is opened from env and closed with the app. */
  database?: DatabaseHandle;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
};

export async function buildApp({ env, database, logStream }: BuildOptions): Promise<FastifyInstance> {
  // Tests hash with a cheap argon2 cost; every other environment with the production one.
  usePasswordCost(env.NODE_ENV === 'test' ? 'test' : 'production');
  // Computed once: the same for every answer of this configuration (lib/security-headers.ts).
  const headers = securityHeaders(env);
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Reset and activation tokens travel in URLs (SPEC §7): never log them.
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // The router's default (100) answered an over-long path parameter with a bare 414 before the
    // route's schema could name the field (an archive short name of 101 characters): long enough
    // for every schema to judge, short of the URL limits.
    routerOptions: { maxParamLength: 1000 },
    requestIdHeader: false,
    // One line per request, when it is answered, instead of Fastify's two (issue 21 §2).
    logController: new OneLineRequestLog(),
    // The server's own id, always: a client-chosen one would let a caller forge the audit trail
    // (the client's x-request-id, when valid, is logged beside it and echoed as x-client-request-id).
    // An undecodable URL gets the JSON error envelope like every other failure.
    frameworkErrors: frameworkErrorHandler(headers),
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const client = clientRequestId(request);
    if (client) reply.header('x-client-request-id', client);
    // Personal data and tokens are never kept by a browser or a proxy (routes that may be cached say so).
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Before every other hook: an answer that a later hook refuses (401, 429, …) carries them too.
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply.raw, headers);
    done();
  });

  app.decorate('env', env);
  // An S3-compatible bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads (docs/decisions/0022).
  // The AWS SDK loads only when it is used: a laptop on the defaults never pays its start-up.
  const s3 = env.S3_BUCKET ? await import('./lib/storage-s3.js') : undefined;
  const s3Settings = s3?.s3SettingsOf(env);
  app.decorate('storage', s3 && s3Settings ? s3.s3Storage(s3Settings) : localStorage(env.DATA_DIR));
  await app.register(errorsPlugin);
  // DATABASE_URL, or the embedded PostgreSQL server this process starts on DATA_DIR/pg and stops
  // with its pool (docs/decisions/0028): one engine, the same pool and code either way.
  const embedded = database || env.DATABASE_URL ? undefined : await startEmbedded(env, app.log);
  const handle =
    database ??
    (await openDatabase({
      url: env.DATABASE_URL ?? (embedded as EmbeddedServer).url,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      maxConnections: env.DB_POOL_SIZE,
      onConnectionError: (err) => app.log.warn({ err }, 'database connection closed by the server'),
      ...(embedded ? { embedded } : {}),
    }));
  // Migrated and seeded (both idempotent) before any plugin loads: building an index over millions
  // of installments outlasts Fastify's plugin timeout (bench:api's start-up failed on it).
  try {
    // Under the start-up lock on PostgreSQL: instances started together take turns (issue 14).
    await handle.migrate(async () => {
      await seedDatabase(handle.db, env);
      // The daily purge exists once, whatever the number of instances (issue 14), and so do the
      // daily reminders (issue 20, docs/decisions/0031-reminders.md).
      await scheduleRetention(handle.db, 300);
      // The associations' daily start and close, once per Cairo day whatever the instances (docs/decisions/0029).
      await scheduleAssociationsDaily(handle.db, 60);
      await scheduleReminders(handle.db);
    });
  } catch (error) {
    if (database === undefined) await handle.close();
    throw error;
  }
  await app.register(databasePlugin, { handle, ownsHandle: database === undefined });
  await app.register(authPlugin, { cacheSeconds: env.AUTH_CACHE_SECONDS });
  await app.register(jobsPlugin, { env });
  await app.register(liveEventsPlugin, { env });
  await app.register(contextPlugin, { env });
  // A job kind that needs the app's context (to tell members): registered once the context exists.
  app.jobs.register(
    REMINDERS_JOB,
    remindersJobHandler(() => app.systemContext('reminders.send')),
  );
  await app.register(rateLimitPlugin, { env });
  await app.register(inputGuardPlugin);
  await app.register(idempotencyPlugin, { leaseSeconds: env.IDEMPOTENCY_CLAIM_LEASE_SECONDS });
  await app.register(openApiPlugin);
  // Multipart bodies are read only by the routes that ask for them; a route may lower these limits.
  await app.register(multipart, {
    limits: { fileSize: FILE_SIZE_LIMIT_BYTES, files: 20, fields: 100, parts: 120, fieldSize: 64 * 1024 },
  });

  await app.register(
    async (api) => {
      // Every route below states who may call it; one that does not stops the server here.
      api.addHook('onRoute', requireDeclaredAccess);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(rolesRoutes);
      await api.register(dashboardRoutes);
      await api.register(logsRoutes);
      await api.register(accountsRoutes);
      await api.register(settingsRoutes);
      await api.register(lookupsRoutes);
      await api.register(notificationsRoutes);
      await api.register(associationsRoutes);
      await api.register(subscriptionsRoutes);
      await api.register(ledgerRoutes);
      await api.register(reportsRoutes);
      await api.register(turnMovesRoutes);
      await api.register(cardRequestsRoutes);
      await api.register(membersRoutes);
      await api.register(requestLookupsRoutes);
      await api.register(customerRequestsRoutes);
      await api.register(archiveRoutes);
      await api.register(termsRoutes);
      await api.register(leftoversRoutes);
      await api.register(ticketsRoutes);
      await api.register(contactsRoutes);
    },
    { prefix: '/api/v1' },
  );
  if (apiDocsEnabled(env)) await app.register(docsUiRoutes);
  await app.register(webAppRoutes, { root: env.WEB_DIST });
  return app;
}

/** The embedded server on DATA_DIR, its lines in the app's log. */
async function startEmbedded(env: Env, log: FastifyBaseLogger): Promise<EmbeddedServer> {
  // Turns 1 and 2 kept an in-process database in DATA_DIR/db; the server cannot read it.
  const retired = path.join(env.DATA_DIR, 'db');
  if (existsSync(retired) && !existsSync(path.join(env.DATA_DIR, 'pg'))) {
    log.warn(
      `${retired} holds a database of the engine retired in turn 3, which is not read: the embedded PostgreSQL starts empty in ${path.join(env.DATA_DIR, 'pg')} (docs/decisions/0028)`,
    );
  }
  return startEmbeddedServer({ dir: env.DATA_DIR, log: (level, message) => log[level](message) });
}
