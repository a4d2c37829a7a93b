import type { UserType } from '@portal/shared/enums';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TPasswordChangeRequest,
  TUserCreateRequest,
  TUserListRow,
  TUserUpdateRequest,
  ZUserListRequestSchema,
} from '@portal/shared/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiUpload, type UploadProgress } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/session';
import { dashboardKeys } from './dashboard-counts';
import { usersKeys } from './keys';

/** Filters the users table offers; they travel in `filters` of POST /users (SPEC §7). */
export const USER_FILTER_NAMES = ['name', 'email', 'phone', 'type', 'active', 'removed', 'association_id'] as const;

type ListBody = Record<string, string | number>;

/**
 * The shared table sends a flat body (page, perPage, sortBy, sortOrder, search, and its filters);
 * POST /users wants the filters in `filters`, and the list's own user type unless a type filter was chosen.
 */
export function toUserListRequest(body: ListBody, kind: UserType): z.input<typeof ZUserListRequestSchema> {
  const filters: Record<string, string> = {};
  const rest: ListBody = {};
  for (const [key, value] of Object.entries(body)) {
    if ((USER_FILTER_NAMES as readonly string[]).includes(key)) filters[key] = String(value);
    else rest[key] = value;
  }
  const { type, ...others } = filters;
  return { ...rest, type: type === 'user' || type === 'admin' ? type : kind, filters: others };
}

/** `fixed`: filters the screen sets whatever the table's own say (the members of one association). */
export function fetchUsersOf(kind: UserType, fixed: ListBody = {}) {
  return (body: ListBody, signal: AbortSignal) =>
    api.post<TListPage<TUserListRow>>('/users', toUserListRequest({ ...body, ...fixed }, kind), { signal });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => api.get<TUser>(`/users/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // The page shows 403 / 404 itself (access denied, not found).
    meta: { silent: true },
  });
}

/**
 * Invalidates what a change to users touches, and nothing else: the lists (every page of both
 * kinds), the dashboard's counts, and — for one user — their detail and, when they are the
 * signed-in user, the session (name, photo and permissions in the shell).
 */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return ({ id, counts = true }: { id?: number; counts?: boolean } = {}) => {
    void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    if (counts) void queryClient.invalidateQueries({ queryKey: dashboardKeys.counts() });
    if (id !== undefined) {
      void queryClient.invalidateQueries({ queryKey: usersKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: meQueryKey(id) });
    }
  };
}

/** The screen shows a refused save itself (field errors and the toast): silent. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: TUserCreateRequest) => api.put<TUser>('/users', input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

export function useUpdateUser(id: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: TUserUpdateRequest) => api.put<TUser>(`/users/${id}`, input),
    onSuccess: () => invalidate({ id }),
    meta: { silent: true },
  });
}

/** The row action says "can not delete: <reason>" itself: silent. */
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/users/${id}`),
    onSuccess: (_data, id) => invalidate({ id }),
    meta: { silent: true },
  });
}

/** POST /users/{id}/photo with upload progress (0–100) for the form's file field. */
export function useUploadPhoto() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: UploadProgress }) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload<TUser>(`/users/${id}/photo`, form, onProgress);
    },
    onSuccess: (_data, { id }) => invalidate({ id, counts: false }),
    meta: { silent: true },
  });
}

/** POST /me/password?user_id={id}: the old password is only asked for (and sent) for one's own. Nothing cached changes. */
export function useChangePassword(id: number) {
  return useMutation({
    mutationFn: (input: TPasswordChangeRequest) => api.post<null>(`/me/password?user_id=${id}`, input),
    meta: { silent: true },
  });
}
