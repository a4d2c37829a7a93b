import { ALL_ROWS, ALL_ROWS_CAP } from '@portal/shared/constants';
import type { TListPage } from '@portal/shared/schemas/list';

export type PageWindow = { limit: number; offset: number; page: number; perPage: number };

/** Turns page/perPage into limit/offset; perPage -1 means all rows, capped. */
export function pageWindow(page: number, perPage: number): PageWindow {
  const limit = perPage === ALL_ROWS ? ALL_ROWS_CAP : perPage;
  return { limit, offset: perPage === ALL_ROWS ? 0 : (page - 1) * perPage, page, perPage };
}

export function toListPage<T>(rows: T[], total: number, window: PageWindow): TListPage<T> {
  const size = window.perPage === ALL_ROWS ? Math.max(total, 1) : window.perPage;
  return {
    data: rows,
    total,
    lastPage: Math.max(1, Math.ceil(total / size)),
    currentPage: window.page,
    perPage: window.perPage,
  };
}
