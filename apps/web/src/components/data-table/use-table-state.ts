import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/shared/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/** What a list asks the server for; mirrors ZListQuery plus the list's own filters. */
export type TableState = {
  page: number;
  perPage: number;
  sortBy: string;
  sortOrder: SortOrder;
  search?: string;
  filters: Record<string, string>;
};

const RESERVED = new Set(['page', 'perPage', 'sortBy', 'sortOrder', 'search']);

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads a table's state from the URL query, so a list can be linked and Back restores it. */
export function parseTableState(
  params: URLSearchParams,
  filterNames: readonly string[],
  defaultSort = 'id',
): TableState {
  const perPage = positiveInt(params.get('perPage'), DEFAULT_PAGE_SIZE);
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value && !RESERVED.has(name)) filters[name] = value;
  }
  return {
    page: positiveInt(params.get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    sortBy: params.get('sortBy') || defaultSort,
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
    search: params.get('search') || undefined,
    filters,
  };
}

/** The URL of a state: defaults are left out so links stay short. */
export function serializeTableState(state: TableState, defaultSort = 'id'): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.perPage !== DEFAULT_PAGE_SIZE) params.set('perPage', String(state.perPage));
  if (state.sortBy !== defaultSort) params.set('sortBy', state.sortBy);
  if (state.sortOrder !== 'desc') params.set('sortOrder', state.sortOrder);
  if (state.search) params.set('search', state.search);
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(name, value);
  return params;
}

export type TableStatePatch = Partial<Omit<TableState, 'filters'>> & { filters?: Record<string, string | undefined> };

export function useTableState(filterNames: readonly string[], defaultSort = 'id') {
  const [params, setParams] = useSearchParams();
  const key = filterNames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for filterNames' contents.
  const state = useMemo(() => parseTableState(params, filterNames, defaultSort), [params, key, defaultSort]);

  const update = useCallback(
    (patch: TableStatePatch) => {
      const filters = { ...state.filters };
      for (const [name, value] of Object.entries(patch.filters ?? {})) {
        if (value) filters[name] = value;
        else delete filters[name];
      }
      // Anything but a page change starts again from page 1.
      const changesResults = Object.keys(patch).some((k) => k !== 'page');
      const next: TableState = {
        ...state,
        ...patch,
        filters,
        page: patch.page ?? (changesResults ? 1 : state.page),
      };
      setParams(serializeTableState(next, defaultSort));
    },
    [state, setParams, defaultSort],
  );

  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { state, update, reset };
}

/** The request body a page-number list endpoint takes (DESIGN §3). */
export function toListRequest(state: TableState): Record<string, string | number> {
  return {
    page: state.page,
    perPage: state.perPage,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.search ? { search: state.search } : {}),
    ...state.filters,
  };
}
