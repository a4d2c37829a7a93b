/**
 * The query keys of card requests: `all` ⊃ `lists()` ⊃ the staff list's pages (the data table
 * appends the request) and the dashboard's latest requests; `detail(id)`: one request with its
 * history. A decision invalidates the lists and that request.
 */
export const cardRequestsKeys = {
  all: ['card-requests'] as const,
  lists: () => [...cardRequestsKeys.all, 'list'] as const,
  latest: () => [...cardRequestsKeys.lists(), 'latest'] as const,
  details: () => [...cardRequestsKeys.all, 'detail'] as const,
  detail: (id: number) => [...cardRequestsKeys.details(), id] as const,
};
