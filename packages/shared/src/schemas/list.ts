import { z } from 'zod';
import { ALL_ROWS, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';
import { SORT_ORDERS } from '../enums.js';
import { dayField, searchField } from './fields.js';

/**
 * The query every page-number list accepts (the shared data table sends it).
 * Per-list schemas extend it with their own filters.
 */
export const ZListQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid_value' }).int().min(1).max(1_000_000).default(1),
  perPage: z.coerce
    .number({ error: 'validation.invalid_value' })
    .int()
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
    lastPage: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
  });
}

export type TListPage<T> = {
  data: T[];
  total: number;
  lastPage: number;
  currentPage: number;
  perPage: number;
};
