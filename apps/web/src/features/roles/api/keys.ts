/**
 * The query keys of roles: the list pages, the picker's full list (`options`), each role's
 * detail, a user's access (roles and direct permissions), and the administrator search.
 */
export const rolesKeys = {
  all: ['roles'] as const,
  lists: () => [...rolesKeys.all, 'list'] as const,
  /** The data table appends the page request. */
  list: (request?: Record<string, unknown>) =>
    request === undefined ? rolesKeys.lists() : ([...rolesKeys.lists(), request] as const),
  /** Every role, for the role picker. */
  options: () => [...rolesKeys.all, 'options'] as const,
  details: () => [...rolesKeys.all, 'detail'] as const,
  detail: (id: number) => [...rolesKeys.details(), id] as const,
  access: (userId: number) => [...rolesKeys.all, 'access', userId] as const,
  adminSearch: (name: string) => [...rolesKeys.all, 'admin-search', name] as const,
};
