/** The query keys of the bell: the signed-in user's newest `limit` notifications with the counts. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationsKeys.all, 'list'] as const,
  list: (userId: number, limit: number) => [...notificationsKeys.lists(), userId, limit] as const,
  /** The user a list key belongs to (the placeholder never shows another user's list). */
  userOf: (key: readonly unknown[]) => key[2],
};
