import { addYears, today } from './clock.js';

/**
 * The association rules a form needs before its schema arrives, without zod (the web app loads
 * schemas/associations.ts, and zod with it, only when a form validates). schemas/associations.ts
 * re-exports them.
 */

/** An association's start date: not before this day (older is a typo, and the ledger has no such past). */
export const ASSOCIATION_START_MIN = '2000-01-01';
/** …and at most this many years after today in Cairo. */
export const ASSOCIATION_START_MAX_YEARS = 5;

/** The latest start an association may have: ASSOCIATION_START_MAX_YEARS after today (the shared clock). */
export function latestAssociationStart(): string {
  return addYears(today(), ASSOCIATION_START_MAX_YEARS);
}
