import { describe, expect, it } from 'vitest';
import { ALL_ROWS, DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX_LENGTH } from '../constants.js';
import { ZListQuery } from './list.js';

function errorsOf(input: unknown): Record<string, string[]> {
  const result = ZListQuery.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

describe('ZListQuery', () => {
  it('defaults to page 1, 10 rows, newest first', () => {
    expect(ZListQuery.parse({})).toEqual({ page: 1, perPage: 10, sortOrder: 'desc' });
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it.each([...PAGE_SIZES, ALL_ROWS])('accepts perPage %i', (perPage) => {
    expect(ZListQuery.parse({ perPage }).perPage).toBe(perPage);
  });

  it('reads numbers sent as strings (query strings)', () => {
    expect(ZListQuery.parse({ page: '3', perPage: '20' })).toMatchObject({ page: 3, perPage: 20 });
  });

  it.each([7, 0, 1, 15, 1000, -2, 10.5, 'abc'])('refuses perPage %j', (perPage) => {
    expect(errorsOf({ perPage })).toEqual({ perPage: [expect.stringMatching(/^validation\./)] });
    expect(errorsOf({ perPage }).perPage).toContain('validation.invalid_value');
  });

  it.each([0, -1, 1.5, 'x', 1_000_001])('refuses page %j', (page) => {
    expect(Object.keys(errorsOf({ page }))).toEqual(['page']);
  });

  it('accepts both sort orders and refuses any other', () => {
    expect(ZListQuery.parse({ sortOrder: 'asc' }).sortOrder).toBe('asc');
    expect(errorsOf({ sortOrder: 'up' })).toEqual({ sortOrder: ['validation.invalid_value'] });
  });

  it('trims the search and refuses a long one', () => {
    expect(ZListQuery.parse({ search: '  login  ' }).search).toBe('login');
    expect(ZListQuery.parse({ search: 's'.repeat(SEARCH_MAX_LENGTH) }).search).toHaveLength(SEARCH_MAX_LENGTH);
    expect(errorsOf({ search: 's'.repeat(SEARCH_MAX_LENGTH + 1) })).toEqual({ search: ['validation.too_long'] });
  });

  it('reads dates as yyyy-mm-dd, Arabic digits included', () => {
    expect(ZListQuery.parse({ from_date: '2024-01-05', to_date: '٢٠٢٤-٠٢-٢٩' })).toMatchObject({
      from_date: '2024-01-05',
      to_date: '2024-02-29',
    });
  });

  it.each(['2024-1-5', '05/01/2024', '2024-13-01', '2024-02-30', '2023-02-29', '2024-04-31', '', 'yesterday'])(
    'refuses the date %j',
    (day) => {
      expect(errorsOf({ from_date: day })).toEqual({
        from_date: [expect.stringMatching(/^validation\.invalid_date$/)],
      });
    },
  );
});
