import { DEFAULT_PAGE_SIZE } from '@portal/shared/constants';
import type { TClientSettings } from '@portal/shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { readSession } from './session-store';

/** The query key of GET /settings/client; the settings screen refreshes it after a change. */
export const CLIENT_SETTINGS_KEY = ['settings', 'client'] as const;

/**
 * The settings every signed-in screen reads (the request form's links, the lists' page size),
 * changed by staff on /settings without a deploy. Read once per session and kept five minutes;
 * a failed read leaves the built-in defaults (no links, 10 rows).
 */
export function useClientSettings() {
  return useQuery({
    queryKey: CLIENT_SETTINGS_KEY,
    // Kept for offline too: a member's list asks for the same page, and finds its copy.
    queryFn: ({ signal }) => api.get<TClientSettings>('/settings/client', signal, { keepOffline: true }),
    enabled: readSession() !== null,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** The rows a list shows first, and whether that is still being read (a list waits for it). */
export function useDefaultPageSize(): { size: number; pending: boolean } {
  const settings = useClientSettings();
  return {
    size: settings.data?.default_page_size ?? DEFAULT_PAGE_SIZE,
    pending: settings.isPending && settings.fetchStatus !== 'idle',
  };
}
