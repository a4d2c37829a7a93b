/**
 * Counts failures per key within a window (login per phone and per IP).
 * Memory is enough for one instance; DESIGN §1 moves it to Redis for several.
 */
export type Throttle = {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string, max: number): number;
  fail(key: string): void;
  reset(key: string): void;
};

export function createMemoryThrottle(windowMs: number, now: () => number = Date.now): Throttle {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  return {
    retryAfter(key, max) {
      const times = recent(key);
      if (times.length < max) return 0;
      const oldestCounted = times[times.length - max] ?? now();
      return Math.max(1, Math.ceil((oldestCounted + windowMs - now()) / 1000));
    },
    fail(key) {
      const times = recent(key);
      times.push(now());
      failures.set(key, times);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
