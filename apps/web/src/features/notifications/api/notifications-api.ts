import type { TNotificationItem, TNotificationList, TNotificationsDeleted } from '@portal/shared/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { notificationsKeys } from './keys';
import { useLiveConnected } from './live-stream';

/** How often the bell asks for news while the tab is visible (SPEC §2): gently, not in a tight loop. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/**
 * The signed-in user's newest `limit` notifications with the unseen and total
 * counts (one call serves the badge and the list). Read again on every live event, and
 * polled every minute while the live stream is down, and when the window regains focus; a
 * failed poll stays quiet (the next one retries).
 */
export function useNotifications(limit: number) {
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const live = useLiveConnected();
  return useQuery({
    queryKey: notificationsKeys.list(userId, limit),
    queryFn: ({ signal }) => api.post<TNotificationList>('/user/notifications', { limit }, { signal }),
    enabled: user !== null,
    // While "show more" loads, the shorter list stays on screen (never another user's).
    placeholderData: (previous, query) =>
      query && notificationsKeys.userOf(query.queryKey) === userId ? previous : undefined,
    // The live stream brings news as it happens; polling is the fallback while it is down.
    refetchInterval: live ? false : NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    // The panel shows a failed load itself (an alert with a retry); a failed poll stays quiet.
    meta: { silent: true },
  });
}

/** Seeing or deleting changes the lists and their counts, nothing else. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() });
}

/** Marks one seen; a notification already gone (deleted in another tab) just refreshes the list. */
export function useSeeNotification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<TNotificationItem>(`/user/notifications/see/${id}`),
    onSettled: refresh,
    // Marking seen is a side effect of opening one: a failure refreshes the list and says nothing.
    meta: { silent: true },
  });
}

/** Errors toast by default (the query client's). */
export function useDeleteNotification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/notification/delete/${id}`),
    onSettled: refresh,
  });
}

export function useDeleteAllNotifications() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<TNotificationsDeleted>('/notifications/all/delete'),
    onSettled: refresh,
  });
}
