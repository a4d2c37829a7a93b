import { z } from 'zod';
import { USER_TYPES } from '../enums.js';
import { PERMISSION_GROUPS, PERMISSIONS, type Permission, type PermissionGroup } from '../permissions.js';
import { ZRoleSummary } from './auth.js';
import { idField, nameText } from './fields.js';
import { ZListQuery } from './list.js';

export const ROLE_NAME_MAX_LENGTH = 100;
/** Upper bounds on list inputs, so a huge array cannot be sent. */
export const MAX_ROLES_PER_REQUEST = 100;
export const MAX_PERMISSIONS_PER_REQUEST = 200;

const GROUPS = Object.keys(PERMISSION_GROUPS) as [PermissionGroup, ...PermissionGroup[]];

export const permissionField = z.enum(PERMISSIONS as [Permission, ...Permission[]], {
  error: 'roles.validation.unknown_permission',
});

const permissionList = z
  .array(permissionField, { error: 'validation.invalid_type' })
  .max(MAX_PERMISSIONS_PER_REQUEST, { error: 'validation.too_long' });

export const roleNameField = nameText('roles.validation.name_required', ROLE_NAME_MAX_LENGTH);

/** PUT /roles: a new role; name required and unique, permissions optional. */
export const ZRoleCreateRequestSchema = z.object({
  name: roleNameField,
  permissions: permissionList.default([]),
});
export type TRoleCreateRequest = z.infer<typeof ZRoleCreateRequestSchema>;

/** PUT /roles/:id: rename and/or replace the permission set (at least one of them). */
export const ZRoleUpdateRequestSchema = z
  .object({
    name: roleNameField.optional(),
    permissions: permissionList.optional(),
  })
  .refine((b) => b.name !== undefined || b.permissions !== undefined, { error: 'validation.complete_fields' });
export type TRoleUpdateRequest = z.infer<typeof ZRoleUpdateRequestSchema>;

/** POST /roles: the role list (all fit on one page; paging kept for the shared table). */
export const ZRoleListRequestSchema = ZListQuery.extend({
  sortBy: z.enum(['id', 'name'], { error: 'validation.invalid_value' }).default('id'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'validation.invalid_value' }).default('asc'),
});
export type TRoleListRequest = z.infer<typeof ZRoleListRequestSchema>;

export const ZRoleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** One of the five seeded roles: its name is fixed and it cannot be deleted. */
  system: z.boolean(),
  users_count: z.number().int(),
  permissions_count: z.number().int(),
  created_at: z.string(),
});
export type TRoleRow = z.infer<typeof ZRoleRow>;

export const ZPermissionGroup = z.object({
  name: z.enum(GROUPS),
  label: z.string(),
  permissions: z.array(z.object({ name: permissionField, label: z.string() })),
});
export type TPermissionGroup = z.infer<typeof ZPermissionGroup>;

/** GET /roles/:id: the role with its permissions, flat and grouped as the catalogue groups them. */
export const ZRoleDetail = ZRoleRow.extend({
  permissions: z.array(permissionField),
  groups: z.array(z.object({ name: z.enum(GROUPS), permissions: z.array(permissionField) })),
  updated_at: z.string(),
});
export type TRoleDetail = z.infer<typeof ZRoleDetail>;

/** PUT /user/roles/:id: the user's roles (ids) and the extra direct permissions. */
export const ZUserRolesRequestSchema = z.object({
  roles: z
    .array(idField, {
      error: (iss) =>
        iss.input === undefined || iss.input === null ? 'roles.validation.select_role' : 'validation.invalid_type',
    })
    .max(MAX_ROLES_PER_REQUEST, { error: 'validation.too_long' }),
  permissions: permissionList.default([]),
});
export type TUserRolesRequest = z.infer<typeof ZUserRolesRequestSchema>;

/** POST /roles/sync: the same, with the user in the body. */
export const ZRoleSyncRequestSchema = ZUserRolesRequestSchema.extend({ user_id: idField });
export type TRoleSyncRequest = z.infer<typeof ZRoleSyncRequestSchema>;

/** A user's access: roles, the direct permissions stored for them, and what the roles grant. */
export const ZUserAccess = z.object({
  user_id: z.number().int(),
  type: z.enum(USER_TYPES),
  roles: z.array(ZRoleSummary),
  direct_permissions: z.array(permissionField),
  role_permissions: z.array(permissionField),
  /** Everything the user may do: role permissions and direct ones together. */
  permissions: z.array(permissionField),
});
export type TUserAccess = z.infer<typeof ZUserAccess>;
