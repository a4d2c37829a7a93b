import { buildApp } from './app.js';
import { EnvError, loadEnv } from './config/env.js';

async function main() {
  const env = loadEnv();
  const app = await buildApp({ env });
  let closing = false;
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
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}/db`;
  app.log.info(`portal ready on http://localhost:${env.PORT} — database: ${where}`);
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
