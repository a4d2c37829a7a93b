import type { Env } from '../../config/env.js';
import { AppError } from '../../lib/app-error.js';
import { createMemoryThrottle } from '../../lib/throttle.js';

/**
 * Rate limits of the account routes: every call counts, per route family, once
 * per subject (email, phone or user) and once per IP. Past a limit the caller
 * gets 429 with retry-after. Staff actions count per staff user with the
 * higher per-IP limit.
 */
export type AccountLimiter = {
  hit(family: string, subjects: string[], ip: string | null, tier?: 'customer' | 'staff'): void;
};

export function createAccountLimiter(env: Env, now?: () => number): AccountLimiter {
  const throttle = createMemoryThrottle(env.ACCOUNT_RATE_WINDOW_MINUTES * 60_000, now);
  return {
    hit(family, subjects, ip, tier = 'customer') {
      const subjectMax = tier === 'staff' ? env.ACCOUNT_RATE_IP_MAX : env.ACCOUNT_RATE_MAX;
      const keys: [string, number][] = [
        [`${family}:ip:${ip ?? 'unknown'}`, env.ACCOUNT_RATE_IP_MAX],
        ...subjects.map((s): [string, number] => [`${family}:${s}`, subjectMax]),
      ];
      const wait = Math.max(...keys.map(([key, max]) => throttle.retryAfter(key, max)));
      if (wait > 0) throw AppError.tooManyRequests(wait);
      for (const [key] of keys) throttle.fail(key);
    },
  };
}
