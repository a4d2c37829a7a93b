/** The query keys of the audit log: list pages (the data table appends the request) and entries. */
export const logsKeys = {
  all: ['logs'] as const,
  lists: () => [...logsKeys.all, 'list'] as const,
  list: (request?: Record<string, unknown>) =>
    request === undefined ? logsKeys.lists() : ([...logsKeys.lists(), request] as const),
  details: () => [...logsKeys.all, 'detail'] as const,
  detail: (id: number) => [...logsKeys.details(), id] as const,
};
