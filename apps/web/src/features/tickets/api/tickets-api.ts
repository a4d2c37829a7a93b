import type { TListPage } from '@portal/shared/schemas/list';
import type { TTicket, TTicketDetail } from '@portal/shared/schemas/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, apiUpload, type UploadProgress } from '../../../lib/api-client';
import { useKeepsOffline } from '../../../lib/session';
import { ticketsKeys } from './keys';

type ListBody = Record<string, string | number>;

/**
 * POST /ticket/tickets: the table's page, search and filters (the server scopes a customer to their
 * own). `keepOffline`: one's own list, kept for reading offline (docs/decisions/0032-pwa.md).
 */
export function fetchTickets(body: ListBody, signal: AbortSignal, keepOffline = false) {
  return api.post<TListPage<TTicket>>('/ticket/tickets', body, { signal, keepOffline });
}

/** GET /ticket/get/{id}: the ticket and its conversation; the screen shows a failed load itself. */
export function useTicket(id: number) {
  const keepOffline = useKeepsOffline();
  return useQuery({
    queryKey: ticketsKeys.detail(id),
    queryFn: ({ signal }) => api.get<TTicketDetail>(`/ticket/get/${id}`, signal, { keepOffline }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** PUT /ticket/tickets (multipart: subject, message, file), with the upload's progress. */
export function sendNewTicket(body: FormData, onProgress: UploadProgress) {
  return apiUpload<TTicketDetail>('/ticket/tickets', body, onProgress, { method: 'PUT' });
}

/** POST /ticket/add/{id} (multipart: message, file), with the upload's progress. */
export function sendTicketReply(id: number, body: FormData, onProgress: UploadProgress) {
  return apiUpload<TTicketDetail>(`/ticket/add/${id}`, body, onProgress);
}

/** After a new ticket or a reply: the ticket as the server answered it, and every list again. */
export function useTicketChanged() {
  const queryClient = useQueryClient();
  return (ticket: TTicketDetail) => {
    queryClient.setQueryData(ticketsKeys.detail(ticket.id), ticket);
    void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists() });
  };
}

/** Reads a ticket and the lists again (a reply or a close refused because the ticket changed meanwhile). */
export function useRefreshTicket() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: ticketsKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists() });
  };
}

/** POST /ticket/close/{id}: the confirmation's button reports a refusal itself (silent). */
export function useCloseTicket(id: number) {
  const changed = useTicketChanged();
  const refresh = useRefreshTicket();
  return useMutation({
    mutationFn: () => api.post<TTicketDetail>(`/ticket/close/${id}`),
    onSuccess: changed,
    onError: () => refresh(id),
    meta: { silent: true },
  });
}

/** An attachment, fetched with the session (the route needs it) and handed over as a download. */
export function downloadAttachment(url: string, name: string) {
  return apiDownload(url, undefined, { method: 'GET', fallbackName: name });
}
