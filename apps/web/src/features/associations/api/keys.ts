/**
 * The query keys of associations (one factory, as features/users/api/keys.ts): `all` ⊃ `lists()`
 * ⊃ one page; `details()` ⊃ `detail(id)`; `days(id)` the turn-day calendar of one; `options()`
 * the dropdown of every association. Subscriptions and payments change an association's counts
 * (subscriptions held, available days): they invalidate `all`.
 */
export const associationsKeys = {
  all: ['associations'] as const,
  lists: () => [...associationsKeys.all, 'list'] as const,
  list: (request?: Record<string, unknown>) =>
    request === undefined ? associationsKeys.lists() : ([...associationsKeys.lists(), request] as const),
  details: () => [...associationsKeys.all, 'detail'] as const,
  detail: (id: number) => [...associationsKeys.details(), id] as const,
  days: (id: number) => [...associationsKeys.all, 'days', id] as const,
  /** Available days only, every page (the subscription form's day dropdown). */
  availableDays: (id: number) => [...associationsKeys.all, 'available-days', id] as const,
  options: () => [...associationsKeys.all, 'options'] as const,
};
