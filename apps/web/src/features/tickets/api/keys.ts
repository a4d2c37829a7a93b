/**
 * The query keys of help-desk tickets: `all` ⊃ `lists()` ⊃ each list's pages (staff's whole list,
 * a user's own; the data table appends its request); `detail(id)`: one ticket with its
 * conversation. A new ticket, a reply or a close invalidates the lists and sets that ticket.
 */
export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketsKeys.all, 'list'] as const,
  list: (scope: 'all' | 'mine') => [...ticketsKeys.lists(), scope] as const,
  details: () => [...ticketsKeys.all, 'detail'] as const,
  detail: (id: number) => [...ticketsKeys.details(), id] as const,
};
