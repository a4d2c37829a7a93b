import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths.js';

const DEFAULT_ADMIN_PASSWORD = 'Admin@12345';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every variable the server reads (README "Configuration" lists the same). */
const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
    /**
     * Public address of the web app; emailed links are built on it (docs/decisions/0005-accounts.md).
     * Default http://localhost:<PORT>. An https:// address also makes the browser upgrade any
     * http:// request (CSP upgrade-insecure-requests); a plain-HTTP LAN address must not.
     */
    APP_URL: z.url().optional(),
    /** smtp(s)://user:pass@host:port; without it mail is written to DATA_DIR/outbox as .eml files. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtp://user:pass@host:587 or smtps://…')
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).optional(),
    /** How often the job worker (mail, reminders, imports) looks for due jobs; 0 turns the timer off (tests flush by hand). */
    JOBS_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /**
     * How long a claimed job is held before another instance may take it again (an instance that
     * died mid-job). Longer than any job runs; shorter means a crashed instance's mail goes sooner.
     */
    JOBS_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /**
     * How long an idempotency claim without an answer is held before a retry may take it over (the
     * instance that made it died mid-call). Longer than any call runs: at least twice the statement
     * timeout (checked below); shorter means a retry after a crash goes through sooner.
     */
    IDEMPOTENCY_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
    /**
     * Seconds between the live stream's keep-alive lines (under a proxy's idle timeout); each also
     * checks the stream's session, so a signed-out or revoked session loses its stream within this.
     */
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
    /**
     * Live streams one session may hold open at once (its tabs): one more closes its oldest, since
     * a reloaded tab opens its new stream before the old one is seen to close. Counted per API
     * instance (the streams live in its memory; docs/decisions/0027).
     */
    LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(5),
    /** Live streams one user may hold on one API instance over all their sessions; one more is refused (429). */
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
    /** Days expired sessions and tokens and finished jobs are kept before the daily purge (lib/retention.ts). */
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /** Account routes (register, activation, reset, recovery): calls per email/phone/user, and per IP, per window. */
    ACCOUNT_RATE_MAX: z.coerce.number().int().min(1).max(1000).default(5),
    ACCOUNT_RATE_IP_MAX: z.coerce.number().int().min(1).max(100000).default(30),
    ACCOUNT_RATE_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    TRUST_PROXY: flag.default(false),
    /** Serve the OpenAPI document and its UI at /api/docs (default: yes, except when NODE_ENV=production). */
    API_DOCS: flag.optional(),
    /** redis://host:6379: rate limits shared by every API instance; without it they are kept in memory. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /**
     * An S3-compatible store for uploaded files instead of DATA_DIR/uploads (docs/decisions/0022):
     * used when S3_BUCKET is set, which then needs the two keys; S3_ENDPOINT for a store that is
     * not AWS (MinIO, Ceph, Garage, …), with path-style addresses unless S3_FORCE_PATH_STYLE=false.
     */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: flag.optional(),
    /** The largest file the archive manager takes, in MiB (docs/decisions/0022). */
    ARCHIVE_FILE_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(100),
    /**
     * The longest a single SQL statement may run before it is cancelled, so no request can
     * hold a connection of the pool (or locks) for long; the request then fails with 503.
     */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /**
     * PostgreSQL: the longest opening a connection (or waiting for a free one of the pool) may
     * take; then the request fails with 503 instead of waiting on a database host that does not answer.
     */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /**
     * PostgreSQL: the connections this instance's pool may hold. More connections than the
     * database server's cores can run only queue inside it, and each costs it memory.
     */
    DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    ADMIN_PHONE: z
      .string()
      .regex(/^\d{1,12}$/, 'digits only, at most 12')
      .default('01000000000'),
    ADMIN_PASSWORD: z.string().min(8).default(DEFAULT_ADMIN_PASSWORD),
    ADMIN_NAME: z.string().min(1).default('مدير النظام'),
    ADMIN_EMAIL: z.email().default('admin@example.com'),
    SESSION_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 30)
      .default(720),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(10000).default(30),
    /**
     * How long a resolved session is reused without asking the database (0: never). A change of
     * access clears it at once on this instance; other instances see it within this time.
     */
    AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /** The longest a phone failing from many addresses is slowed down per attempt (docs/decisions/0012). */
    LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
    LOGIN_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'required when SMTP_URL is set' });
    }
    const s3 = {
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    };
    if (!env.S3_BUCKET && Object.values(s3).some((v) => v !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when another S3_* variable is set' });
    }
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (env.S3_BUCKET && !env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'required when S3_BUCKET is set' });
      }
    }
    if (env.LIVE_STREAMS_PER_USER < env.LIVE_STREAMS_PER_SESSION) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIVE_STREAMS_PER_USER'],
        message: 'must be at least LIVE_STREAMS_PER_SESSION',
      });
    }
    // A call still running when its claim lapses would be run a second time by a retry.
    if (env.IDEMPOTENCY_CLAIM_LEASE_SECONDS * 1000 < 2 * env.DB_STATEMENT_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['IDEMPOTENCY_CLAIM_LEASE_SECONDS'],
        message: 'must be at least twice DB_STATEMENT_TIMEOUT_MS, so that no call still running is run again',
      });
    }
    if (env.NODE_ENV === 'production' && env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'the default administrator password is refused when NODE_ENV=production',
      });
    }
  });

export type Env = Omit<z.infer<typeof ZEnv>, 'APP_URL'> & { APP_URL: string };

/** Whether /api/docs is served: API_DOCS when set, otherwise everywhere but production. */
export function apiDocsEnabled(env: Env): boolean {
  return env.API_DOCS ?? env.NODE_ENV !== 'production';
}

export class EnvError extends Error {}

/** Reads and checks the environment once; every bad variable is named in one message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
}

/** Whether the app is served over HTTPS (its public address says so). */
export function servedOverHttps(env: Env): boolean {
  return env.APP_URL.startsWith('https://');
}
