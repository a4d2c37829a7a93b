import type { ServerResponse } from 'node:http';
import { buildApp } from './app.js';
import { EnvError, loadEnv } from './config/env.js';
import { type EmbeddedServer, EmbeddedServerError } from './db/embedded-server.js';
import { isDatabaseUnavailable } from './plugins/errors.js';

async function main() {
  const env = loadEnv();
  const app = await buildApp({ env });
  let closing = false;
  // Closing, Node ends the connections idle at that moment; one whose answer is still on its way (a
  // request in flight, a live stream being ended) is kept alive by its client afterwards, and would
  // hold the server open until keepAliveTimeout (72 s), past the force timeout. Close each once its
  // answer is sent.
  app.server.on('request', (_request, response: ServerResponse) => {
    response.once('finish', () => {
      if (closing) app.server.closeIdleConnections();
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Stop taking requests, let the ones in flight finish, then close the database.
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while closing');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  const embedded = app.database.embedded;
  const where = embedded
    ? `embedded PostgreSQL in ${embedded.clusterDir} on ${embedded.host}:${embedded.port} (user ${embedded.user}, database ${embedded.database}, password in ${embedded.passwordFile})`
    : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`portal ready on http://localhost:${env.PORT} — database: ${where}`);
  if (embedded?.initialised) app.log.info(backupAdvice(embedded));
}

/**
 * Said once, on the first start: where the data is and how to copy it. The embedded binaries have
 * no pg_dump, so a live backup needs a PostgreSQL 18 client from elsewhere (README "Backups").
 */
function backupAdvice(server: EmbeddedServer): string {
  return [
    `Your data lives in ${server.clusterDir} (the password of its server in ${server.passwordFile}).`,
    `To back it up: stop the portal and copy ${server.clusterDir} and ${server.passwordFile};`,
    `or, while it runs, with any PostgreSQL 18 client: PGPASSWORD="$(cat ${server.passwordFile})" pg_dump -h ${server.host} -p ${server.port} -U ${server.user} -Fc ${server.database} > portal.dump`,
  ].join(' ');
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else if (err instanceof EmbeddedServerError) {
    console.error(`Cannot start the embedded PostgreSQL: ${err.message}`);
  } else if (isDatabaseUnavailable(err) && process.env.DATABASE_URL) {
    console.error(`Cannot reach the database at ${databaseAddress()}: ${reasonOf(err)}. Check DATABASE_URL.`);
  } else if (isDatabaseUnavailable(err)) {
    console.error(`Cannot reach the embedded PostgreSQL: ${reasonOf(err)}.`);
  } else {
    console.error(err);
  }
  process.exit(1);
});

/** host:port of DATABASE_URL, never its password. */
function databaseAddress(): string {
  try {
    const url = new URL(process.env.DATABASE_URL ?? '');
    return `${url.hostname}:${url.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function reasonOf(err: unknown): string {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && !/^[0-9A-Z]{5}$/.test(code)) return code;
    if (typeof message === 'string' && message && depth > 0) return message.split('\n')[0] ?? message;
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
}
