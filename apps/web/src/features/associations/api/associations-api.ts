import { ALL_ROWS } from '@portal/shared/constants';
import type {
  TAssociation,
  TAssociationCreateRequest,
  TAssociationDay,
  TDaysImportResult,
} from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiUpload, type UploadProgress } from '../../../lib/api-client';
import { useInvalidateAssociationsArea } from './invalidate';
import { associationsKeys } from './keys';

type ListBody = Record<string, string | number>;

/** POST /associations: a page of the list with its filters (title, code, type, cost range, dates). */
export function fetchAssociations(body: ListBody, signal: AbortSignal) {
  return api.post<TListPage<TAssociation>>('/associations', body, { signal });
}

/** One association; the screen shows not found and a failed load itself: silent. */
export function useAssociation(id: number) {
  return useQuery({
    queryKey: associationsKeys.detail(id),
    queryFn: ({ signal }) => api.get<TAssociation>(`/associations/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** Every association, by title, for dropdowns (SPEC §7: perPage -1 means all; the server caps it). */
export function useAssociationOptions(enabled = true) {
  return useQuery({
    queryKey: associationsKeys.options(),
    queryFn: ({ signal }) =>
      api.post<TListPage<TAssociation>>(
        '/associations',
        { perPage: ALL_ROWS, sortBy: 'title', sortOrder: 'asc' },
        { signal },
      ),
    select: (page) => page.data,
    enabled,
    staleTime: 60_000,
  });
}

/** The form shows a refused save itself (field errors and the "complete the data" notice): silent. */
export function useCreateAssociation() {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TAssociationCreateRequest) => api.put<TAssociation>('/associations', input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

export function useUpdateAssociation(id: number) {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TAssociationCreateRequest) => api.put<TAssociation>(`/associations/${id}`, input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

/** The row action says "can not delete: <reason>" itself (SPEC §8): silent. */
export function useDeleteAssociation() {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/associations/${id}`),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

/** POST /associations/status: force start, only while started_at is empty (the server decides). */
export function useStartAssociation() {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<TAssociation>('/associations/status', { association_id: id, status: 'started' }),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

/**
 * POST /associations/{id}/days: a page of the turn-day calendar. The table's `available` filter
 * travels as text in the URL ('true' | 'false'); the server wants a boolean. Days read in their
 * order (day 1 first): the calendar has no other sort.
 */
export function fetchDaysOf(id: number) {
  return (body: ListBody, signal: AbortSignal) => {
    const { available, sortBy: _sortBy, sortOrder: _sortOrder, search: _search, ...rest } = body;
    return api.post<TListPage<TAssociationDay>>(
      `/associations/${id}/days`,
      {
        ...rest,
        sortBy: 'day_number',
        sortOrder: 'asc',
        ...(available === 'true' ? { available: true } : available === 'false' ? { available: false } : {}),
      },
      { signal },
    );
  };
}

/** The largest page the days call serves (SPEC §9 page sizes). */
const DAYS_PAGE = 200;

/**
 * Every available day of an association (the subscription form's dropdown): at most 1,200 days,
 * read 200 at a time, so a day far down the calendar can be searched for too.
 */
export function useAvailableDays(id: number | undefined) {
  return useQuery({
    queryKey: associationsKeys.availableDays(id ?? 0),
    enabled: id !== undefined && id > 0,
    queryFn: async ({ signal }) => {
      const days: TAssociationDay[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await api.post<TListPage<TAssociationDay>>(
          `/associations/${id}/days`,
          { page, perPage: DAYS_PAGE, available: true, sortBy: 'day_number', sortOrder: 'asc' },
          { signal },
        );
        days.push(...answer.data);
        if (page >= answer.lastPage || answer.data.length === 0) return days;
      }
    },
    staleTime: 5_000,
  });
}

export type DaysImportInput = {
  associationId: number;
  file: File;
  /** false: a preview (nothing changes); true: the days move. */
  apply: boolean;
  onProgress?: UploadProgress;
};

/**
 * POST /associations/days/import (multipart: association_id, apply, file) with upload progress.
 * The screen shows the bad rows (422) itself: silent.
 */
export function useImportDays() {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: ({ associationId, file, apply, onProgress }: DaysImportInput) => {
      const form = new FormData();
      form.append('association_id', String(associationId));
      form.append('apply', apply ? 'true' : 'false');
      form.append('file', file);
      return apiUpload<TDaysImportResult>('/associations/days/import', form, onProgress);
    },
    // Applied days move the installments due on them too: every list of the area is stale.
    onSuccess: (result) => {
      if (result.applied) invalidate();
    },
    meta: { silent: true },
  });
}
