import type { TContactCreateRequest, TContactMessage } from '@portal/shared/schemas/contacts';
import type { TListPage } from '@portal/shared/schemas/list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactsKeys } from './keys';

/** POST /contacts (contacts.index): the table's page, search and filters. */
export function fetchContacts(body: Record<string, string | number>, signal: AbortSignal) {
  return api.post<TListPage<TContactMessage>>('/contacts', body, { signal });
}

/** PUT /contact: a guest's message (no session needed; a signed-in user may send one too). */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: TContactCreateRequest) => api.put<null>('/contact', body, { anonymous: true }),
    meta: { silent: true },
  });
}

/** POST /contact/{id} (contacts.put): the answer, mailed to the guest; the dialog shows a refusal itself. */
export function useAnswerContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) =>
      api.post<TContactMessage>(`/contact/${id}`, { reply }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() }),
    meta: { silent: true },
  });
}
