import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import { PERMISSION_GROUPS, type Permission, type PermissionGroup } from '@portal/shared/permissions';
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
import type { Database } from '../../db/client.js';
import { type ActorContext, inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow, toListPage } from '../../lib/pagination.js';
import type { AuthState } from '../../plugins/auth.js';
import { notifyUser } from '../notifications/notifications.repository.js';
import { assertNotStronger } from '../users/users.access.js';
import {
  ADMIN_ROLE,
  effectivePermissions,
  findUserAccess,
  findUserById,
  type UserAccess,
} from '../users/users.repository.js';
import { assertAnotherAdministrator } from '../users/users.service.js';
import {
  countRoleHolders,
  deleteRoleRow,
  findRole,
  findRoleByName,
  findRolesByIds,
  insertRole,
  isSystemRole,
  listRoles as listRoleRows,
  permissionsOfRole,
  permissionsOfRoles,
  type RoleRecord,
  renameRole,
  setRolePermissions,
  setUserAccess,
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

export async function listRoles(db: Database, query: TRoleListRequest): Promise<TListPage<TRoleRow>> {
  const window = pageWindow(query.page, query.perPage);
  const { rows, total } = await listRoleRows(db, query, window);
  return toListPage(rows.map(toRoleRow), total, window);
}

export async function getRole(db: Database, id: number): Promise<TRoleDetail> {
  const role = await findRole(db, id);
  if (!role) throw AppError.notFound();
  const held = catalogueOrder(await permissionsOfRole(db, id));
  return { ...toRoleRow(role), permissions: held, groups: grouped(held), updated_at: iso(role.updatedAt) };
}

/** Nobody grants what they do not hold themselves (no raising one's own reach through a role). */
function assertHolds(viewer: AuthState, granted: Iterable<Permission>): void {
  for (const permission of granted) {
    if (!viewer.permissions.has(permission)) throw new AppError(403, 'roles.errors.grant_not_held', { permission });
  }
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

export async function createRole(
  db: Database,
  viewer: AuthState,
  input: TRoleCreateRequest,
  actor: ActorContext,
): Promise<TRoleDetail> {
  const wanted = catalogueOrder(input.permissions);
  assertHolds(viewer, wanted);
  if (await findRoleByName(db, input.name)) throw nameTaken();
  const id = await withUniqueName(() =>
    inTransaction(db, actor, async (tx) => {
      const roleId = await insertRole(tx, input.name);
      await setRolePermissions(tx, roleId, [], wanted);
      return roleId;
    }),
  );
  return getRole(db, id);
}

/**
 * Rename and/or replace the permissions. The admin role is fixed (the seed gives
 * it every permission on each start); the other seeded roles keep their names
 * (the seed finds them by name) but their permissions may change.
 */
export async function updateRole(
  db: Database,
  viewer: AuthState,
  id: number,
  input: TRoleUpdateRequest,
  actor: ActorContext,
): Promise<TRoleDetail> {
  const role = await findRole(db, id);
  if (!role) throw AppError.notFound();
  if (role.name === ADMIN_ROLE) throw AppError.conflict('roles.errors.admin_role_locked');
  const rename = input.name !== undefined && input.name !== role.name;
  if (rename && isSystemRole(role.name)) {
    throw AppError.conflict('roles.errors.system_role_rename', [
      { field: 'name', key: 'roles.errors.system_role_rename' },
    ]);
  }
  const current = await permissionsOfRole(db, id);
  const wanted = input.permissions === undefined ? current : catalogueOrder(input.permissions);
  assertHolds(
    viewer,
    wanted.filter((p) => !current.includes(p)),
  );
  if (rename && input.name !== undefined) {
    const other = await findRoleByName(db, input.name);
    if (other && other.id !== id) throw nameTaken();
  }
  await withUniqueName(() =>
    inTransaction(db, actor, async (tx) => {
      if (rename && input.name !== undefined) await renameRole(tx, id, input.name);
      const { added, removed } = await setRolePermissions(tx, id, current, wanted);
      if (!rename && (added.length > 0 || removed.length > 0)) await touchRole(tx, id);
    }),
  );
  return getRole(db, id);
}

/**
 * A role still held by a live user is not deleted (409 with the count): taking
 * permissions away from people must be a visible, deliberate step. Seeded roles
 * are never deleted (the seed would recreate them).
 */
export async function deleteRole(db: Database, id: number, actor: ActorContext): Promise<void> {
  const role = await findRole(db, id);
  if (!role) throw AppError.notFound();
  if (isSystemRole(role.name)) throw AppError.conflict('roles.errors.system_role_delete');
  const holders = await countRoleHolders(db, id);
  if (holders > 0) throw new AppError(409, 'roles.errors.in_use', { count: holders });
  await inTransaction(db, actor, (tx) => deleteRoleRow(tx, id));
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
export async function getUserAccess(db: Database, viewer: AuthState, userId: number): Promise<TUserAccess> {
  if (viewer.userId !== userId && !viewer.permissions.has('roles.index')) throw AppError.forbidden();
  const user = await findUserById(db, userId);
  if (!user) throw AppError.notFound();
  return toAccess(userId, user.type, await findUserAccess(db, userId));
}

/**
 * PUT /user/roles/:id and POST /roles/sync. Rules (docs/decisions/0003-roles.md):
 * never oneself; only administrator accounts (type admin) get roles or direct
 * permissions; the target may not hold anything the caller lacks, and the result
 * may not either; only the permissions the chosen roles do not already give are
 * stored as direct ones; the last administrator keeps the admin role.
 */
export async function assignUserAccess(
  db: Database,
  viewer: AuthState,
  userId: number,
  input: TUserRolesRequest,
  actor: ActorContext,
): Promise<TUserAccess> {
  if (viewer.userId === userId) throw new AppError(403, 'roles.errors.self_assign');
  const user = await findUserById(db, userId);
  if (!user) throw AppError.notFound();
  const current = await findUserAccess(db, userId);
  assertNotStronger(viewer, userId, effectivePermissions(current));

  const roleIds = [...new Set(input.roles)];
  const chosen = await findRolesByIds(db, roleIds);
  if (chosen.length !== roleIds.length) {
    throw new AppError(422, 'errors.validation', {}, [{ field: 'roles', key: 'roles.errors.unknown_role' }]);
  }
  const requested = [...new Set(input.permissions)];
  if (user.type !== 'admin' && (chosen.length > 0 || requested.length > 0)) {
    throw AppError.conflict('roles.errors.customer_no_roles');
  }
  const fromRoles = await permissionsOfRoles(db, roleIds);
  const direct = catalogueOrder(requested.filter((p) => !fromRoles.has(p)));
  assertHolds(viewer, [...fromRoles, ...direct]);

  const losesAdmin =
    current.roles.some((r) => r.name === ADMIN_ROLE) && !chosen.some((r) => r.name === ADMIN_ROLE) && user.active;
  await inTransaction(db, actor, async (tx) => {
    if (losesAdmin) await assertAnotherAdministrator(tx, userId);
    await setUserAccess(
      tx,
      userId,
      { roleIds: current.roles.map((r) => r.id), direct: current.direct },
      { roleIds, direct },
    );
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
  });
  return toAccess(userId, user.type, await findUserAccess(db, userId));
}
