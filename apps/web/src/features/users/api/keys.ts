import type { UserType } from '@portal/shared/enums';

/**
 * The query keys of users (one factory, TanStack's convention): `all` ⊃ `lists()` ⊃
 * `list(kind)` ⊃ one page; `details()` ⊃ `detail(id)`. Mutations invalidate the narrowest
 * key that covers what they change. Other features that show a user (roles) use these too.
 */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  /** One list (customers or administrators); the data table appends the page request. */
  list: (kind: UserType, request?: Record<string, unknown>) =>
    request === undefined ? ([...usersKeys.lists(), kind] as const) : ([...usersKeys.lists(), kind, request] as const),
  details: () => [...usersKeys.all, 'detail'] as const,
  detail: (id: number) => [...usersKeys.details(), id] as const,
};
