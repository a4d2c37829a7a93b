import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../config/env.js';
import { AppError } from '../lib/app-error.js';

/**
 * Rate limits (DESIGN §6, docs/decisions/0012-rate-limits.md) on the maintained
 * @fastify/rate-limit: its Redis store when REDIS_URL is set (shared by every
 * instance), its bounded in-memory LRU store otherwise.
 *
 * - Routes declare `config.limits`: every call counts once against each rule's
 *   key (per email, per phone, per user, per address …); past a rule's max the
 *   call gets 429 with retry-after and nothing else runs.
 * - Flows that count only failures (login, old-password checks) use
 *   `app.rateCounter(...)`: `peek` before the attempt, `hit` on a failure.
 */
export type RateRule = {
  /** Namespace of the counter, e.g. 'forgot:email'. */
  name: string;
  max: number;
  windowSeconds: number;
  /** The subject counted; null skips the rule for this call. Runs after validation (the body is parsed). */
  key(request: FastifyRequest): string | null;
};

export type RateState = { count: number; retryAfterSeconds: number };

export type RateCounter = {
  /** Counts one more; the state after counting. */
  hit(key: string): Promise<RateState>;
  /** The state without counting. */
  peek(key: string): Promise<RateState>;
  readonly max: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate-limit rules of this route, each counted per call (see plugins/rate-limit.ts). */
    limits?: RateRule[];
  }
  interface FastifyInstance {
    rateCounter(name: string, options: { max: number; windowSeconds: number }): RateCounter;
  }
}

/** The per-address key of a rule: the client address as Fastify resolved it (TRUST_PROXY). */
export const byAddress = (request: FastifyRequest) => request.ip;

/** Who a rule counts: an email, a phone, a user; null skips the rule for this call. */
export type Subject = (request: FastifyRequest) => string | null;

/** The signed-in caller's id, as a rate-limit subject. */
export const byUser: Subject = (request) => (request.auth ? String(request.auth.userId) : null);
/** A string field of the parsed body, as a rate-limit subject. */
export const bodyField =
  (field: string): Subject =>
  (request) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value !== '' ? value : null;
  };

/**
 * The rate limits of an account route family (docs/decisions/0012-rate-limits.md): every call
 * counts once per subject (an email, a phone, a user) and once per address. Customers get
 * ACCOUNT_RATE_MAX calls per subject in the window; staff actions count per staff user with
 * the higher per-address limit.
 */
export function accountLimits(
  env: Env,
  family: string,
  subjects: Record<string, Subject> = {},
  tier: 'customer' | 'staff' = 'customer',
): RateRule[] {
  const windowSeconds = env.ACCOUNT_RATE_WINDOW_MINUTES * 60;
  return [
    { name: `${family}:ip`, max: env.ACCOUNT_RATE_IP_MAX, windowSeconds, key: byAddress },
    ...Object.entries(subjects).map(([name, key]) => ({
      name: `${family}:${name}`,
      max: tier === 'staff' ? env.ACCOUNT_RATE_IP_MAX : env.ACCOUNT_RATE_MAX,
      windowSeconds,
      key,
    })),
  ];
}

type LimiterRequest = { key: string; routeOptions: { config: Record<string, never> } };

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { env: Env }) => {
  const redis = opts.env.REDIS_URL
    ? new Redis(opts.env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) unavailable'));
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'portal-rl:' } : { cache: 20_000 }),
    // A limit store that cannot answer lets the call through (logged) rather than locking everyone out.
    skipOnError: true,
  });

  app.decorate('rateCounter', (name: string, options: { max: number; windowSeconds: number }): RateCounter => {
    const check = app.createRateLimit({
      max: options.max,
      timeWindow: options.windowSeconds * 1000,
      keyGenerator: (request) => `${name}:${(request as unknown as LimiterRequest).key}`,
    });
    const run = async (key: string, increment: boolean): Promise<RateState> => {
      const request = { key, routeOptions: { config: {} } } as unknown as FastifyRequest;
      const result = await check(request, { increment });
      if (result.isAllowed) return { count: 0, retryAfterSeconds: 0 };
      return {
        count: result.max - result.remaining + (result.isExceeded ? 1 : 0),
        retryAfterSeconds: Math.max(1, result.ttlInSeconds),
      };
    };
    return { max: options.max, hit: (key) => run(key, true), peek: (key) => run(key, false) };
  });

  // Route rules: a preHandler (after validation, so keys can read the normalized body) per limited route.
  app.addHook('onRoute', (route: RouteOptions) => {
    const rules = route.config?.limits;
    if (!rules || rules.length === 0) return;
    const counters = rules.map((rule) => ({
      rule,
      counter: app.rateCounter(rule.name, { max: rule.max, windowSeconds: rule.windowSeconds }),
    }));
    const enforce = async (request: FastifyRequest) => {
      let wait = 0;
      for (const { rule, counter } of counters) {
        const key = rule.key(request);
        if (key === null) continue;
        const state = await counter.hit(key);
        if (state.count > counter.max) wait = Math.max(wait, state.retryAfterSeconds);
      }
      if (wait > 0) throw AppError.tooManyRequests(wait);
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [...(Array.isArray(existing) ? existing : [existing]), enforce] : [enforce];
  });
});
