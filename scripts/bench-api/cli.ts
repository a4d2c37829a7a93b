/** Command-line values shared by index.ts (bench:api) and seed-large.ts (seed:large). */
import type { SizeOverrides } from './seed.js';

export function positive(name: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (name !== 'warmup' && n === 0))
    throw new Error(`--${name} wants a number, got ${value}`);
  return n;
}

/** --users, --logs, --requests, --associations, --subscriptions: whole numbers. */
export function sizeOptions(values: {
  users?: string;
  logs?: string;
  requests?: string;
  associations?: string;
  subscriptions?: string;
}): SizeOverrides {
  const integer = (name: string, v: string | undefined) => {
    const n = positive(name, v);
    if (n !== undefined && !Number.isInteger(n)) throw new Error(`--${name} wants a whole number, got ${v}`);
    return n;
  };
  return {
    users: integer('users', values.users),
    auditLogs: integer('logs', values.logs),
    requests: integer('requests', values.requests),
    associations: integer('associations', values.associations),
    subscriptions: integer('subscriptions', values.subscriptions),
  };
}
