/**
 * The query keys of customer service requests: `all` ⊃ `lists()` ⊃ each list's pages (all, mine,
 * tasks; the data table appends its request) and `statistics()`; `detail(id)`: one request with its
 * history and documents; `lookups()`: the form's and filters' lookups. Any change to a request
 * invalidates the lists, the statistics and that request.
 */
export const customerRequestsKeys = {
  all: ['customer-requests'] as const,
  lists: () => [...customerRequestsKeys.all, 'list'] as const,
  statistics: () => [...customerRequestsKeys.lists(), 'statistics'] as const,
  details: () => [...customerRequestsKeys.all, 'detail'] as const,
  detail: (id: number) => [...customerRequestsKeys.details(), id] as const,
  lookups: () => [...customerRequestsKeys.all, 'lookups'] as const,
};
