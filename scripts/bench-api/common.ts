/*
 * What the seed and the targets both need to agree on, apart from either: seed.ts makes the rows
 * that targets.ts asks for, and targets.ts reads the facts seed.ts reports (no import circle).
 */

/**
 * `postgres`: the server of BENCH_DATABASE_URL (DESIGN §5's large data set); `embedded`: the
 * PostgreSQL server the app starts itself without DATABASE_URL (what `npm start` runs), on a
 * temporary DATA_DIR with a smaller data set.
 */
export type Engine = 'postgres' | 'embedded';

/** The common name fragment of the name-filter target; seed.ts makes it hit a few per cent of users. */
export const NAME_FRAGMENT = 'يوسف';
/** The action the logs filter asks for; seed.ts gives it about 18 % of the audit rows. */
export const LOG_ACTION = 'users.update';
