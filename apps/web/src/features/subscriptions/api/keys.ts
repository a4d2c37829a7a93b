/**
 * The query keys of subscriptions: `all` ⊃ `lists()` ⊃ one page (every table of them: the list,
 * an association's tab, a member's tab); `details()` ⊃ `detail(id)` (with the installments summed);
 * `quote(…)` what subscribing to a day would mean.
 */
export const subscriptionsKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionsKeys.all, 'list'] as const,
  list: (scope: string) => [...subscriptionsKeys.lists(), scope] as const,
  details: () => [...subscriptionsKeys.all, 'detail'] as const,
  detail: (id: number) => [...subscriptionsKeys.details(), id] as const,
  quote: (associationId: number, dayNumber: number) =>
    [...subscriptionsKeys.all, 'quote', associationId, dayNumber] as const,
  members: (search: string) => [...subscriptionsKeys.all, 'members', search] as const,
};
