import { describe, expect, it } from 'vitest';
import { mergeTableParams, parseTableState, serializeTableState, toListRequest } from './use-table-state';

describe('table state in the URL', () => {
  it('defaults to page 1, 10 per page, id descending', () => {
    const state = parseTableState(new URLSearchParams(), ['action']);
    expect(state).toEqual({ page: 1, perPage: 10, sortBy: 'id', sortOrder: 'desc', search: undefined, filters: {} });
    expect(serializeTableState(state).toString()).toBe('');
  });

  it('round-trips every field and keeps only the declared filters', () => {
    const params = new URLSearchParams(
      'page=3&perPage=20&sortBy=action&sortOrder=asc&search=login&action=users&other=x',
    );
    const state = parseTableState(params, ['action', 'url']);
    expect(state).toEqual({
      page: 3,
      perPage: 20,
      sortBy: 'action',
      sortOrder: 'asc',
      search: 'login',
      filters: { action: 'users' },
    });
    expect(serializeTableState(state).toString()).toBe(
      'page=3&perPage=20&sortBy=action&sortOrder=asc&search=login&action=users',
    );
  });

  it('falls back to defaults on values a hand-edited link may carry', () => {
    const state = parseTableState(new URLSearchParams('page=-2&perPage=7&sortOrder=sideways'), []);
    expect(state.page).toBe(1);
    expect(state.perPage).toBe(10);
    expect(state.sortOrder).toBe('desc');
  });

  it('builds the list request body the API takes', () => {
    const state = parseTableState(new URLSearchParams('perPage=5&from_date=2026-01-01'), ['from_date', 'to_date']);
    expect(toListRequest(state)).toEqual({
      page: 1,
      perPage: 5,
      sortBy: 'id',
      sortOrder: 'desc',
      from_date: '2026-01-01',
    });
  });

  it('keeps a namespaced table under its own prefix, apart from a bare one', () => {
    const params = new URLSearchParams('page=2&status=open&logs.page=3&logs.search=login&logs.action=users&user=9');
    const bare = parseTableState(params, ['status']);
    const logs = parseTableState(params, ['action'], { namespace: 'logs' });
    expect(bare).toMatchObject({ page: 2, search: undefined, filters: { status: 'open' } });
    expect(logs).toMatchObject({ page: 3, search: 'login', filters: { action: 'users' } });
    expect(serializeTableState(logs, { namespace: 'logs' }).toString()).toBe(
      'logs.page=3&logs.search=login&logs.action=users',
    );
  });

  it('changes one table’s keys in the URL and leaves the others’ and the screen’s own alone', () => {
    const current = new URLSearchParams('page=2&status=open&logs.page=3&logs.search=login&user=9');
    const logs = parseTableState(current, [], { namespace: 'logs' });
    const next = mergeTableParams(current, { ...logs, page: 1, search: 'logout' }, [], { namespace: 'logs' });
    expect(next.toString()).toBe('page=2&status=open&user=9&logs.search=logout');
    // Resetting the bare table drops its keys only.
    expect(mergeTableParams(next, null, ['status']).toString()).toBe('user=9&logs.search=logout');
  });
});
