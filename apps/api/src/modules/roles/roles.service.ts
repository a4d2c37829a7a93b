import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import { PERMISSION_GROUPS, type Permission, type PermissionGroup } from '@portal/shared/permissions';
import { firstNotHeld, isStronger, userPolicy } from '@portal/shared/policy';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TPermissionGroup,
  TRoleCreateRequest,
  TRoleDetail,
  TRoleListRequest,
  TRoleRow,
  TRoleUpdateRequest,
  TUserAccess,
  TUserRolesRequest,
} from '@portal/shared/schemas/roles';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, accessChanged, allow, viewerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow } from '../../lib/list.js';
import { notifyUser } from '../notifications/notifications.repository.js';
import {
  ADMIN_ROLE,
  effectivePermissions,
  findUserAccess,
  findUserWithAccess,
  lockUser,
  type UserAccess,
} from '../users/users.repository.js';
import { assertAnotherAdministrator } from '../users/users.service.js';
import {
  countRoleHolders,
  deleteRoleRow,
  findRoleDetail,
  insertRole,
  isSystemRole,
  listRoles as listRoleRows,
  lockRole,
  permissionsOfHolders,
  permissionsOfRole,
  permissionsOfRoles,
  type RoleRecord,
  renameRole,
  setRolePermissions,
  setUserAccess,
  shareRoles,
  touchRole,
} from './roles.repository.js';

const GROUP_ORDER = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

function iso(value: string): string {
  return new Date(value).toISOString();
}

function toRoleRow(r: RoleRecord): TRoleRow {
  return {
    id: r.id,
    name: r.name,
    system: isSystemRole(r.name),
    users_count: r.usersCount,
    permissions_count: r.permissionsCount,
    created_at: iso(r.createdAt),
  };
}

/** Permissions in catalogue order, grouped as packages/shared/src/permissions.ts groups them. */
function grouped(held: Permission[]) {
  return GROUP_ORDER.map((group) => ({
    name: group,
    permissions: (PERMISSION_GROUPS[group] as readonly Permission[]).filter((p) => held.includes(p)),
  })).filter((g) => g.permissions.length > 0);
}

function catalogueOrder(held: Iterable<Permission>): Permission[] {
  const set = new Set(held);
  return GROUP_ORDER.flatMap((g) => (PERMISSION_GROUPS[g] as readonly Permission[]).filter((p) => set.has(p)));
}

/** The catalogue with labels in the caller's language (POST /roles/permissions). */
export function permissionCatalogue(locale: Locale): TPermissionGroup[] {
  return GROUP_ORDER.map((group) => ({
    name: group,
    label: translate(locale, `roles.groups.${group}`),
    permissions: (PERMISSION_GROUPS[group] as readonly Permission[]).map((name) => ({
      name,
      label: translate(locale, `roles.permissions.${name}`),
    })),
  }));
}

export async function listRoles(ctx: AppContext, query: TRoleListRequest): Promise<TListPage<TRoleRow>> {
  const page = await listRoleRows(ctx.db, query, pageWindow(query.page, query.perPage));
  return { ...page, data: page.data.map(toRoleRow) };
}

export async function getRole(ctx: AppContext, id: number): Promise<TRoleDetail> {
  const role = await findRoleDetail(ctx.db, id);
  if (!role) throw AppError.notFound();
  const held = catalogueOrder(role.permissions);
  return { ...toRoleRow(role), permissions: held, groups: grouped(held), updated_at: iso(role.updatedAt) };
}

/** Nobody grants what they do not hold themselves (no raising one's own reach through a role). */
function assertHolds(ctx: AppContext, granted: Iterable<Permission>): void {
  const missing = firstNotHeld(viewerOf(ctx), granted);
  allow(missing === undefined, 'roles.errors.grant_not_held', { permission: missing ?? '' });
}

function nameTaken() {
  return AppError.conflict('roles.errors.name_taken', [{ field: 'name', key: 'roles.errors.name_taken' }]);
}

async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw nameTaken();
    throw error;
  }
}

export async function createRole(ctx: AppContext, input: TRoleCreateRequest): Promise<TRoleDetail> {
  const wanted = catalogueOrder(input.permissions);
  assertHolds(ctx, wanted);
  // The name is unique ignoring case by a database index (roles_name_lower_key).
  const id = await withUniqueName(() =>
    inTransaction(ctx, async (tx) => {
      const roleId = await insertRole(tx.db, input.name);
      await setRolePermissions(tx.db, roleId, [], wanted);
      return roleId;
    }),
  );
  return getRole(ctx, id);
}

/**
 * Rename and/or replace the permissions, with the role locked so two edits
 * apply one after the other. The admin role is fixed (the seed gives it every
 * permission on each start); the other seeded roles keep their names (the seed
 * finds them by name) but their permissions may change.
 */
export async function updateRole(ctx: AppContext, id: number, input: TRoleUpdateRequest): Promise<TRoleDetail> {
  await withUniqueName(() =>
    inTransaction(ctx, async (tx) => {
      const role = await lockRole(tx.db, id);
      if (!role) throw AppError.notFound();
      if (role.name === ADMIN_ROLE) throw AppError.conflict('roles.errors.admin_role_locked');
      const rename = input.name !== undefined && input.name !== role.name;
      if (rename && isSystemRole(role.name)) {
        throw AppError.conflict('roles.errors.system_role_rename', [
          { field: 'name', key: 'roles.errors.system_role_rename' },
        ]);
      }
      const current = await permissionsOfRole(tx.db, id);
      const wanted = input.permissions === undefined ? current : catalogueOrder(input.permissions);
      assertHolds(
        ctx,
        wanted.filter((p) => !current.includes(p)),
      );
      const changes = wanted.length !== current.length || wanted.some((p) => !current.includes(p));
      // Changing what a role gives changes its holders: it takes every permission of every
      // holder (nobody weakens a stronger colleague through a shared role), or admin_roles.
      if (changes && !viewerOf(ctx).permissions.has('admin_roles')) {
        const missing = firstNotHeld(viewerOf(ctx), await permissionsOfHolders(tx.db, id));
        allow(missing === undefined, 'roles.errors.stronger_holder');
      }
      if (rename && input.name !== undefined) await renameRole(tx.db, id, input.name);
      const { added, removed } = await setRolePermissions(tx.db, id, current, wanted);
      if (added.length > 0 || removed.length > 0) accessChanged(tx);
      if (!rename && (added.length > 0 || removed.length > 0)) await touchRole(tx.db, id);
    }),
  );
  return getRole(ctx, id);
}

/**
 * A role still held by a live user is not deleted (409 with the count): taking
 * permissions away from people must be a visible, deliberate step. Seeded roles
 * are never deleted (the seed would recreate them). The role is locked first, so
 * an assignment racing the delete either lands before it (and the delete is
 * refused) or finds the role gone.
 */
export async function deleteRole(ctx: AppContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const role = await lockRole(tx.db, id);
    if (!role) throw AppError.notFound();
    if (isSystemRole(role.name)) throw AppError.conflict('roles.errors.system_role_delete');
    const holders = await countRoleHolders(tx.db, id);
    if (holders > 0) throw new AppError(409, 'roles.errors.in_use', { count: holders });
    await deleteRoleRow(tx.db, id);
    accessChanged(tx);
  });
}

function toAccess(userId: number, type: string, access: UserAccess): TUserAccess {
  return {
    user_id: userId,
    type: type === 'admin' ? 'admin' : 'user',
    roles: access.roles,
    direct_permissions: catalogueOrder(access.direct),
    role_permissions: catalogueOrder(access.fromRoles),
    permissions: catalogueOrder(effectivePermissions(access)),
  };
}

/** GET /roles/user/:id: oneself, or roles.index. */
export async function getUserAccess(ctx: AppContext, userId: number): Promise<TUserAccess> {
  allow(userPolicy.viewAccess(viewerOf(ctx), userId));
  // The live user and their access in one statement (the one GET /users/:id reads), not two.
  const found = await findUserWithAccess(ctx.db, userId);
  if (!found) throw AppError.notFound();
  return toAccess(userId, found.row.type, found.access);
}

/**
 * PUT /user/roles/:id and POST /roles/sync. Rules (docs/decisions/0003-roles.md):
 * never oneself; only administrator accounts (type admin) get roles or direct
 * permissions; the target may not hold anything the caller lacks, and the result
 * may not either; only the permissions the chosen roles do not already give are
 * stored as direct ones; the last administrator keeps the admin role. The target
 * is locked and the chosen roles are held (FOR KEY SHARE) for the transaction,
 * so a concurrent assignment waits and a concurrent role delete cannot remove
 * a role being given.
 */
export async function assignUserAccess(
  ctx: AppContext,
  userId: number,
  input: TUserRolesRequest,
): Promise<TUserAccess> {
  const viewer = viewerOf(ctx);
  if (viewer.id === userId) throw new AppError(403, 'roles.errors.self_assign');
  allow(userPolicy.assignAccess(viewer, userId));
  const result = await inTransaction(ctx, async (tx) => {
    const user = await lockUser(tx.db, userId);
    if (!user) throw AppError.notFound();
    const current = await findUserAccess(tx.db, userId);
    allow(!isStronger(viewer, userId, effectivePermissions(current)), 'users.errors.stronger_target');

    const roleIds = [...new Set(input.roles)];
    const chosen = await shareRoles(tx.db, roleIds);
    if (chosen.length !== roleIds.length) {
      throw AppError.validation([{ field: 'roles', key: 'roles.errors.unknown_role' }]);
    }
    const requested = [...new Set(input.permissions)];
    if (user.type !== 'admin' && (chosen.length > 0 || requested.length > 0)) {
      throw AppError.conflict('roles.errors.customer_no_roles');
    }
    const fromRoles = await permissionsOfRoles(tx.db, roleIds);
    const direct = catalogueOrder(requested.filter((p) => !fromRoles.has(p)));
    assertHolds(ctx, [...fromRoles, ...direct]);

    const losesAdmin =
      current.roles.some((r) => r.name === ADMIN_ROLE) && !chosen.some((r) => r.name === ADMIN_ROLE) && user.active;
    if (losesAdmin) await assertAnotherAdministrator(tx.db, userId);
    await setUserAccess(
      tx.db,
      userId,
      { roleIds: current.roles.map((r) => r.id), direct: current.direct },
      { roleIds, direct },
    );
    accessChanged(tx);
    // The user hears of a real change made by someone else (self-assignment is refused above).
    const kept = (before: readonly unknown[], after: readonly unknown[]) =>
      before.length === after.length && before.every((x) => after.includes(x));
    const rolesBefore = current.roles.map((r) => r.id);
    if (!kept(rolesBefore, roleIds) || !kept(current.direct, direct)) {
      await notifyUser(tx, userId, {
        type: 'access_changed',
        titleKey: 'notifications.types.access_changed.title',
        messageKey: 'notifications.types.access_changed.message',
        link: `/users/${userId}`,
      });
    }
    return { type: user.type, access: await findUserAccess(tx.db, userId) };
  });
  return toAccess(userId, result.type, result.access);
}
