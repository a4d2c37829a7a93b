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

/** The envelope of a page-number list (DESIGN §3). */
export function listPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    /** true when `total` is the database's estimate (a very large filtered list), not an exact count. */
    estimated: z.boolean().optional(),
    lastPage: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
  });
}

export type TListPage<T> = {
  data: T[];
  total: number;
  estimated?: boolean;
  lastPage: number;
  currentPage: number;
  perPage: number;
};
