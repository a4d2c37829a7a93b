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

/**
 * Where a table keeps its state in the URL. Without a namespace (one table on a screen) the keys
 * are bare (`page`, `search`, `status`), as links made before namespaces read; with one, every
 * key is prefixed (`logs.page`, `logs.status`), so two tables on one page keep separate state.
 */
export type TableUrlOptions = {
  defaultSort?: string;
  namespace?: string;
  /** The rows shown when the URL names none (the default_page_size setting, or a list's own). */
  defaultPerPage?: number;
};

function optionsOf(options: TableUrlOptions | string): Required<Omit<TableUrlOptions, 'namespace'>> & {
  namespace?: string;
} {
  const {
    defaultSort = 'id',
    namespace,
    defaultPerPage = DEFAULT_PAGE_SIZE,
  } = typeof options === 'string' ? { defaultSort: options } : options;
  return { defaultSort, namespace, defaultPerPage };
}

function keyIn(namespace: string | undefined): (name: string) => string {
  return namespace ? (name) => `${namespace}.${name}` : (name) => name;
}

/** Reads a table's state from the URL query, so a list can be linked and Back restores it. */
export function parseTableState(
  params: URLSearchParams,
  filterNames: readonly string[],
  options: TableUrlOptions | string = {},
): TableState {
  const { defaultSort, namespace, defaultPerPage } = optionsOf(options);
  const key = keyIn(namespace);
  const perPage = positiveInt(params.get(key('perPage')), defaultPerPage);
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(key(name));
    if (value && !RESERVED.has(name)) filters[name] = value;
  }
  return {
    page: positiveInt(params.get(key('page')), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : defaultPerPage,
    sortBy: params.get(key('sortBy')) || defaultSort,
    sortOrder: params.get(key('sortOrder')) === 'asc' ? 'asc' : 'desc',
    search: params.get(key('search')) || undefined,
    filters,
  };
}

/** The URL of a state: defaults are left out so links stay short. */
export function serializeTableState(state: TableState, options: TableUrlOptions | string = {}): URLSearchParams {
  const { defaultSort, namespace, defaultPerPage } = optionsOf(options);
  const key = keyIn(namespace);
  const params = new URLSearchParams();
  if (state.page !== 1) params.set(key('page'), String(state.page));
  if (state.perPage !== defaultPerPage) params.set(key('perPage'), String(state.perPage));
  if (state.sortBy !== defaultSort) params.set(key('sortBy'), state.sortBy);
  if (state.sortOrder !== 'desc') params.set(key('sortOrder'), state.sortOrder);
  if (state.search) params.set(key('search'), state.search);
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(key(name), value);
  return params;
}

/**
 * Replaces one table's keys in the URL and keeps everything else: the other tables' state
 * (their namespaces) and the screen's own parameters (e.g. `?user=` of the assign screen).
 */
export function mergeTableParams(
  current: URLSearchParams,
  state: TableState | null,
  filterNames: readonly string[],
  options: TableUrlOptions = {},
): URLSearchParams {
  const own = options.namespace
    ? (name: string) => name.startsWith(`${options.namespace}.`)
    : (name: string) => RESERVED.has(name) || filterNames.includes(name);
  const next = new URLSearchParams();
  for (const [name, value] of current) if (!own(name)) next.append(name, value);
  if (state) for (const [name, value] of serializeTableState(state, options)) next.set(name, value);
  return next;
}

export type TableStatePatch = Partial<Omit<TableState, 'filters'>> & { filters?: Record<string, string | undefined> };

export function useTableState(filterNames: readonly string[], options: TableUrlOptions | string = {}) {
  const { defaultSort, namespace, defaultPerPage } = optionsOf(options);
  const urlOptions = { defaultSort, namespace, defaultPerPage };
  const [params, setParams] = useSearchParams();
  const key = filterNames.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for filterNames' contents.
  const state = useMemo(
    () => parseTableState(params, filterNames, urlOptions),
    [params, key, defaultSort, namespace, defaultPerPage],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for filterNames' contents.
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
      setParams((current) => mergeTableParams(current, next, filterNames, urlOptions));
    },
    [state, setParams, defaultSort, namespace, defaultPerPage, key],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for filterNames' contents.
  const reset = useCallback(
    () => setParams((current) => mergeTableParams(current, null, filterNames, urlOptions)),
    [setParams, defaultSort, namespace, defaultPerPage, key],
  );
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
