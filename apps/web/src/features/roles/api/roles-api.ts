import { DROPDOWN_PAGE_SIZE } from '@portal/shared/constants';
import type { Permission } from '@portal/shared/permissions';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TRoleCreateRequest,
  TRoleDetail,
  TRoleRow,
  TRoleUpdateRequest,
  TUserAccess,
  TUserRolesRequest,
} from '@portal/shared/schemas/roles';
import type { TUserListRow, ZUserListRequestSchema } from '@portal/shared/schemas/users';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export function fetchRoles(body: Record<string, string | number>, signal: AbortSignal) {
  return api.post<TListPage<TRoleRow>>('/roles', body, { signal });
}

/** Every role, for the role picker (they all fit: perPage -1). */
export function useAllRoles() {
  return useQuery({
    queryKey: ['roles', 'all'],
    queryFn: ({ signal }) =>
      api.post<TListPage<TRoleRow>>('/roles', { perPage: -1, sortBy: 'id', sortOrder: 'asc' }, { signal }),
    select: (page) => page.data,
  });
}

const roleKey = (id: number) => ['roles', 'detail', id] as const;

export function useRole(id: number | null) {
  return useQuery({
    queryKey: roleKey(id ?? 0),
    queryFn: ({ signal }) => api.get<TRoleDetail>(`/roles/${id}`, signal),
    enabled: id !== null && id > 0,
  });
}

/** The permissions of several roles at once (the chosen roles of a user). */
export function useRolePermissions(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: roleKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TRoleDetail>(`/roles/${id}`, signal),
    })),
    combine: (results) => {
      const details = new Map<number, readonly Permission[]>();
      for (const r of results) if (r.data) details.set(r.data.id, r.data.permissions);
      return { details, pending: results.some((r) => r.isPending), failed: results.some((r) => r.isError) };
    },
  });
}

function useRefreshRoles() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['list', 'roles'] });
    void queryClient.invalidateQueries({ queryKey: ['roles'] });
    // A role's permissions may be the signed-in user's.
    void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
  };
}

export function useCreateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (input: TRoleCreateRequest) => api.put<TRoleDetail>('/roles', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useUpdateRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TRoleUpdateRequest }) =>
      api.put<TRoleDetail>(`/roles/${id}`, input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/roles/${id}`),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

const accessKey = (userId: number) => ['roles', 'user', userId] as const;

export function useUserAccess(userId: number | null) {
  return useQuery({
    queryKey: accessKey(userId ?? 0),
    queryFn: ({ signal }) => api.get<TUserAccess>(`/roles/user/${userId}`, signal),
    enabled: userId !== null && userId > 0,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * Saves a user's roles and extra direct permissions: PUT /user/roles/:id, or
 * POST /roles/sync (user in the body) from the assign screen (SPEC §7).
 */
export function useAssignAccess(userId: number, via: 'user' | 'sync') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUserRolesRequest) =>
      via === 'sync'
        ? api.post<TUserAccess>('/roles/sync', { ...input, user_id: userId })
        : api.put<TUserAccess>(`/user/roles/${userId}`, input),
    onSuccess: (access) => {
      queryClient.setQueryData(accessKey(userId), access);
      void queryClient.invalidateQueries({ queryKey: ['users', userId] });
      void queryClient.invalidateQueries({ queryKey: ['list'] });
    },
    meta: { silent: true },
  });
}

/** The administrator picker: POST /users, 50 a page (SPEC §9 dropdown search), by name. */
export function useAdminSearch(name: string) {
  const body: z.input<typeof ZUserListRequestSchema> = {
    page: 1,
    perPage: DROPDOWN_PAGE_SIZE,
    type: 'admin',
    sortBy: 'name',
    sortOrder: 'asc',
    ...(name ? { name } : {}),
  };
  return useQuery({
    queryKey: ['roles', 'admin-search', name],
    queryFn: ({ signal }) => api.post<TListPage<TUserListRow>>('/users', body, { signal }),
    select: (page) => page.data,
    staleTime: 10_000,
  });
}

/** Who is being edited, for the heading; quietly absent for a viewer without users.view. */
export function useUserSummary(userId: number) {
  return useQuery({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => api.get<TUser>(`/users/${userId}`, signal),
    retry: false,
    meta: { silent: true },
  });
}
