import type { SettingKey, TSetting } from '@portal/shared/schemas/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** POST /setting/index: every known setting with its current value (admin_roles). The screen shows a failed load itself. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.list(),
    queryFn: ({ signal }) => api.post<TSetting[]>('/setting/index', {}, { signal }),
    retry: false,
    meta: { silent: true },
  });
}

/**
 * POST /setting/change/{key} {value}; the server checks the value against the setting's schema.
 * A refusal is toasted by the query client's default (the server's message).
 */
export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: unknown }) =>
      api.post<TSetting>(`/setting/change/${key}`, { value }),
    onSuccess: (changed) => {
      queryClient.setQueryData<TSetting[]>(settingsKeys.list(), (old) =>
        old?.map((s) => (s.key === changed.key ? changed : s)),
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.list() });
    },
  });
}
