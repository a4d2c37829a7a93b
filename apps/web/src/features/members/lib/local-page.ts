import type { TListPage } from '@portal/shared/schemas/list';

/** The request the shared data table sends (page, perPage, sortBy, sortOrder and its filters). */
export type PageRequest = Record<string, string | number>;

export type LocalPageOptions<T> = {
  /** Keeps a row under the table's filters (the body's own filter fields). */
  keep?: (row: T, request: PageRequest) => boolean;
  /** Orders rows by a sort key the table sends; a key not listed keeps the server's order. */
  compare?: Record<string, (a: T, b: T) => number>;
};

function positive(value: string | number | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * One page of rows the server sent whole (a statement holds at most 1,200 installments, a member
 * a handful of requests), in the shape of a page-number list, so the shared data table pages,
 * sorts and filters them on screen as it does server lists: the screen draws one page, never all.
 */
export function localPage<T>(
  rows: readonly T[],
  request: PageRequest,
  options: LocalPageOptions<T> = {},
): TListPage<T> {
  const kept = options.keep ? rows.filter((row) => options.keep?.(row, request)) : [...rows];
  const compare = options.compare?.[String(request.sortBy ?? '')];
  if (compare) {
    const direction = request.sortOrder === 'asc' ? 1 : -1;
    kept.sort((a, b) => direction * compare(a, b));
  }
  const perPage = positive(request.perPage, 10);
  const lastPage = Math.max(1, Math.ceil(kept.length / perPage));
  const currentPage = Math.min(positive(request.page, 1), lastPage);
  const start = (currentPage - 1) * perPage;
  return { data: kept.slice(start, start + perPage), total: kept.length, lastPage, currentPage, perPage };
}
