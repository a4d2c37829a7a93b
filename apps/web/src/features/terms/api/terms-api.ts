import type { Locale } from '@portal/shared/constants';
import type { TTerms, TUpdateTermsRequest } from '@portal/shared/schemas/terms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const termsKeys = {
  all: ['terms'] as const,
  of: (lang: Locale) => [...termsKeys.all, lang] as const,
};

/** GET /get-terms?lang=…: the current text of one language (anyone: the register page reads it). */
export function useTerms(lang: Locale) {
  return useQuery({
    queryKey: termsKeys.of(lang),
    queryFn: ({ signal }) => api.get<TTerms>(`/get-terms?lang=${lang}`, signal),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** POST /settings/updateTerms (terms.put): a new version of one language's text. */
export function useSaveTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateTermsRequest) => api.post<TTerms>('/settings/updateTerms', input),
    onSuccess: (saved) => queryClient.setQueryData(termsKeys.of(saved.lang), saved),
    meta: { silent: true },
  });
}
