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
import { meQueryKey, useSession } from '../../../lib/session';
import { usersKeys } from '../../users/api/keys';
import { rolesKeys } from './keys';

export function fetchRoles(body: Record<string, string | number>, signal: AbortSignal) {
  return api.post<TListPage<TRoleRow>>('/roles', body, { signal });
}

/** Every role, for the role picker (they all fit: perPage -1). */
export function useAllRoles() {
  return useQuery({
    queryKey: rolesKeys.options(),
    queryFn: ({ signal }) =>
      api.post<TListPage<TRoleRow>>('/roles', { perPage: -1, sortBy: 'id', sortOrder: 'asc' }, { signal }),
    select: (page) => page.data,
  });
}

export function useRole(id: number | null) {
  return useQuery({
    queryKey: rolesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TRoleDetail>(`/roles/${id}`, signal),
    enabled: id !== null && id > 0,
  });
}

/** The permissions of several roles at once (the chosen roles of a user). */
export function useRolePermissions(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: rolesKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TRoleDetail>(`/roles/${id}`, signal),
    })),
    combine: (results) => {
      const details = new Map<number, readonly Permission[]>();
      for (const r of results) if (r.data) details.set(r.data.id, r.data.permissions);
      return { details, pending: results.some((r) => r.isPending), failed: results.some((r) => r.isError) };
    },
  });
}

/**
 * After a role changes: the role lists and picker, the role's detail, the signed-in user's
 * session (the role may be theirs), and — when its name changes or it goes — the users'
 * details that show it. Nothing else.
 */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return ({ id, renamed = false }: { id?: number; renamed?: boolean } = {}) => {
    void queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: rolesKeys.options() });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: rolesKeys.detail(id) });
    if (user) void queryClient.invalidateQueries({ queryKey: meQueryKey(user.id) });
    if (renamed) void queryClient.invalidateQueries({ queryKey: usersKeys.details() });
  };
}

/** The name modal shows a refused save itself (field error and toast): silent. */
export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: TRoleCreateRequest) => api.put<TRoleDetail>('/roles', input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

/** Rename (name modal) or replace the permissions (drawer); both screens show a refusal themselves. */
export function useUpdateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TRoleUpdateRequest }) =>
      api.put<TRoleDetail>(`/roles/${id}`, input),
    onSuccess: (_role, { id, input }) => invalidate({ id, renamed: input.name !== undefined }),
    meta: { silent: true },
  });
}

/** The row action says "can not delete: <reason>" itself: silent. */
export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/roles/${id}`),
    onSuccess: (_data, id) => invalidate({ id, renamed: true }),
    meta: { silent: true },
  });
}

export function useUserAccess(userId: number | null) {
  return useQuery({
    queryKey: rolesKeys.access(userId ?? 0),
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
    // The user's access, their detail (roles on the profile), their session if it is the signed-in
    // user, and the role list's user counts.
    onSuccess: (access) => {
      queryClient.setQueryData(rolesKeys.access(userId), access);
      void queryClient.invalidateQueries({ queryKey: usersKeys.detail(userId) });
      void queryClient.invalidateQueries({ queryKey: meQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: rolesKeys.lists() });
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
    queryKey: rolesKeys.adminSearch(name),
    queryFn: ({ signal }) => api.post<TListPage<TUserListRow>>('/users', body, { signal }),
    select: (page) => page.data,
    staleTime: 10_000,
  });
}

/** Who is being edited, for the heading; quietly absent for a viewer without users.view. */
export function useUserSummary(userId: number) {
  return useQuery({
    // The same cache entry as the users feature's useUser: one request, refreshed together.
    queryKey: usersKeys.detail(userId),
    queryFn: ({ signal }) => api.get<TUser>(`/users/${userId}`, signal),
    retry: false,
    meta: { silent: true },
  });
}
