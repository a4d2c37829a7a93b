import { z } from 'zod';
import { ALL_ROWS, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';
import { SORT_ORDERS } from '../enums.js';
import { dayField, searchField, wholeNumber } from './fields.js';

/**
 * The query every page-number list accepts (the shared data table sends it).
 * Per-list schemas extend it with their own filters.
 */
export const ZListQuery = z.object({
  page: wholeNumber('validation.invalid_value', { min: 1, max: 1_000_000 }).default(1),
  perPage: z
    .preprocess(
      (v) => (v === String(ALL_ROWS) ? ALL_ROWS : v),
      wholeNumber('validation.invalid_value', { min: -1_000_000, max: 1_000_000 }),
    )
    .refine((n) => n === ALL_ROWS || (PAGE_SIZES as readonly number[]).includes(n), {
      error: 'validation.invalid_value',
    })
    .default(DEFAULT_PAGE_SIZE),
  search: searchField.optional(),
  sortBy: z.string().max(40, { error: 'validation.too_long' }).optional(),
  sortOrder: z.enum(SORT_ORDERS, { error: 'validation.invalid_value' }).default('desc'),
  from_date: dayField.optional(),
  to_date: dayField.optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * The envelope of a page-number list (DESIGN §3). The total is honest (issue 22 item 3,
 * docs/decisions/0013-lists.md): exact when it is known — counted, read from a counter or a rollup
 * the database keeps, or proved by the last page itself — and otherwise a lower bound, flagged
 * `atLeast`: that many rows are known to match and more may. Never an estimate.
 */
export function listPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    /** true when `total` is a lower bound ("more than total − 1"), not the exact count. */
    atLeast: z.boolean().optional(),
    /**
     * The last page: exact with an exact total; with `atLeast`, the last page known to exist, which is
     * always past the current one while rows follow it (so "next" is offered exactly while there is more).
     */
    lastPage: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
  });
}

export type TListPage<T> = {
  data: T[];
  total: number;
  atLeast?: boolean;
  lastPage: number;
  currentPage: number;
  perPage: number;
};
