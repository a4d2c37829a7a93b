import type {
  ArchiveLanguage,
  TArchiveBatchResult,
  TArchiveCrumb,
  TArchiveDownloadToken,
  TArchiveItem,
  TArchiveListing,
  TArchivePage,
  TArchiveShortNameCheck,
  TArchiveUploadResult,
} from '@portal/shared/schemas/archive';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, apiUpload, type UploadProgress } from '../../../lib/api-client';
import { archiveKeys } from './keys';

/** POST /archive[/{id}]: a folder's items in their order and the upload limits (folder 0: the root). */
export function useArchiveListing(folderId: number) {
  return useQuery({
    queryKey: archiveKeys.listing(folderId),
    queryFn: ({ signal }) =>
      api.post<TArchiveListing>(folderId === 0 ? '/archive' : `/archive/${folderId}`, undefined, { signal }),
    retry: false,
    meta: { silent: true },
  });
}

/** GET /archive/parents/{id}/{locale}/0: the trail from the archive down to the folder. */
export function useArchiveCrumbs(folderId: number, lang: ArchiveLanguage) {
  return useQuery({
    queryKey: archiveKeys.crumbs(folderId, lang),
    queryFn: ({ signal }) => api.get<TArchiveCrumb[]>(`/archive/parents/${folderId}/${lang}/0`, signal),
    retry: false,
    meta: { silent: true },
  });
}

/** GET /archive/page/{id}?language=: a folder's page text in one language. */
export function useArchivePage(folderId: number, language: ArchiveLanguage, enabled = true) {
  return useQuery({
    queryKey: archiveKeys.page(folderId, language),
    queryFn: ({ signal }) => api.get<TArchivePage>(`/archive/page/${folderId}?language=${language}`, signal),
    enabled: enabled && folderId > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** After any change (an upload too): every archive query is read again. */
export function useInvalidateArchive() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: archiveKeys.all });
}

/** Every archive change: the server's answer, then the archive's queries again. Errors are shown by the caller. */
function useArchiveMutation<I, O>(call: (input: I) => Promise<O>) {
  const invalidate = useInvalidateArchive();
  return useMutation({ mutationFn: call, onSettled: invalidate, meta: { silent: true } });
}

export function useCreateFolder() {
  return useArchiveMutation((input: { parent_id: number; name: string; short_name: string }) =>
    api.put<TArchiveItem>('/archive', input),
  );
}

export function useRenameItem() {
  return useArchiveMutation(({ id, ...input }: { id: number; name: string; short_name: string }) =>
    api.put<TArchiveItem>(`/archive/${id}`, input),
  );
}

export function useDeleteItem() {
  return useArchiveMutation((id: number) => api.delete<null>(`/archive/${id}`));
}

export function useOrderItem() {
  return useArchiveMutation(({ a, type, b }: { a: number; type: 'before' | 'after'; b: number }) =>
    api.post<TArchiveItem[]>(`/archive/order/${a}/${type}/${b}`),
  );
}

export function useMoveItems() {
  return useArchiveMutation(({ to, ids }: { to: number; ids: number[] }) =>
    api.post<TArchiveBatchResult>(`/archive/move_to/${to}`, { ids }),
  );
}

export function usePasteItems() {
  return useArchiveMutation(({ to, ids }: { to: number; ids: number[] }) =>
    api.post<TArchiveBatchResult>(`/archive/paste_to/${to}`, { ids }),
  );
}

export function useSaveContent(folderId: number) {
  return useArchiveMutation((input: { language: ArchiveLanguage; content: string }) =>
    api.put<TArchivePage>(`/archive/content/${folderId}`, input),
  );
}

/** POST /archive/check_short_name/{folder}/{name}: asked as the dialog's short name is typed. */
export function checkShortName(folderId: number, name: string, exceptId?: number, signal?: AbortSignal) {
  return api.post<TArchiveShortNameCheck>(
    `/archive/check_short_name/${folderId}/${encodeURIComponent(name)}`,
    exceptId === undefined ? {} : { except_id: exceptId },
    { signal },
  );
}

/**
 * POST /archive/upload/{folder}: the files as `files[n]` (and `folder`, a new folder to hold
 * them), with the upload's progress in whole percent. A lost connection is an ApiError with
 * `isNetwork`; an abort, an AbortError.
 */
export function uploadArchiveFiles(
  folderId: number,
  files: readonly File[],
  options: { folder?: string; onProgress?: UploadProgress; signal?: AbortSignal } = {},
) {
  const body = new FormData();
  if (options.folder) body.append('folder', options.folder);
  for (const [index, file] of files.entries()) body.append(`files[${index}]`, file, file.name);
  return apiUpload<TArchiveUploadResult>(`/archive/upload/${folderId}`, body, options.onProgress, {
    signal: options.signal,
  });
}

/** GET /archive/download/{id}: one file with the session, handed to the browser as a download. */
export function downloadArchiveFile(item: Pick<TArchiveItem, 'id' | 'name'>) {
  return apiDownload(`/archive/download/${item.id}`, undefined, { method: 'GET', fallbackName: item.name });
}

/**
 * A folder as a zip: a short-lived link for this session (POST /archive/zip/token/{id}) that the
 * browser then opens itself, so the zip streams straight to the disk, never into this page's memory.
 */
export async function downloadFolderZip(folderId: number): Promise<void> {
  const link = await api.post<TArchiveDownloadToken>(`/archive/zip/token/${folderId}`);
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  anchor.setAttribute('download', '');
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
