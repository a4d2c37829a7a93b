import type { SettingKey, TSetting } from '@portal/shared/schemas/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

/** POST /setting/index: every known setting with its current value (admin_roles). */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => api.post<TSetting[]>('/setting/index', {}, { signal }),
    retry: false,
  });
}

/** POST /setting/change/{key} {value}; the server checks the value against the setting's schema. */
export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen shows its own error toast (toastApiError), so the global one stays quiet.
    meta: { silent: true },
    mutationFn: ({ key, value }: { key: SettingKey; value: unknown }) =>
      api.post<TSetting>(`/setting/change/${key}`, { value }),
    onSuccess: (changed) => {
      queryClient.setQueryData<TSetting[]>(SETTINGS_QUERY_KEY, (old) =>
        old?.map((s) => (s.key === changed.key ? changed : s)),
      );
      void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
    },
  });
}
