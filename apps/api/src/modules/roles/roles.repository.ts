import { ROLE_NAMES } from '@portal/shared/enums';
import type { Permission } from '@portal/shared/permissions';
import type { TRoleListRequest } from '@portal/shared/schemas/roles';
import { and, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { jsonArrayOf } from '../../db/json-array.js';
import { fixedRead } from '../../db/prepared.js';
import { permissions, rolePermissions, roles, userPermissions, userRoles } from '../../db/schema/roles.js';
import { users } from '../../db/schema/users.js';
import type { Reader, Tx } from '../../db/transaction.js';
import { likeContains, listPage, orderBy, type PageWindow } from '../../lib/list.js';

export type RoleRecord = {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  usersCount: number;
  permissionsCount: number;
};

/**
 * Correlated counts, written with explicit table names: drizzle leaves columns of a
 * one-table select unqualified, which would bind "id" to the subquery's own table.
 * Live users only (removed users keep their rows for history but do not count): the holders are
 * counted by triggers into `counters` (migration 0033), exact and O(1); counting the customer
 * role's 100,000 holders on each call held the roles list to 46 req/s.
 */
const usersCount = sql<number>`coalesce((select c.n::int from counters c
  where c.key = 'roles.' || "roles"."id" || '.users'), 0)`;
const permissionsCount = sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = "roles"."id")`;

const recordColumns = {
  id: roles.id,
  name: roles.name,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  usersCount,
  permissionsCount,
};

export async function listRoles(db: Reader, query: TRoleListRequest, window: PageWindow) {
  const where: SQL | undefined = query.search ? ilike(roles.name, likeContains(query.search)) : undefined;
  const order = orderBy({ id: roles.id, name: roles.name }, query.sortBy, query.sortOrder, roles.id);
  return listPage(
    window,
    async (limit, offset) =>
      (await db
        .select(recordColumns)
        .from(roles)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as RoleRecord[],
    async () => {
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(roles).where(where);
      return { total: count?.total ?? 0, atLeast: false };
    },
  );
}

/** A role's permissions, the one text both reads below use; the id is what they order by. */
const permissionsOf = (roleId: number) => sql`select p.id, p.name from role_permissions rp
  join permissions p on p.id = rp.permission_id where rp.role_id = ${roleId}`;

export type RoleDetailRecord = RoleRecord & { permissions: Permission[] };

/**
 * A role with its permissions in one statement: the row, then its permissions, were two round
 * trips per GET /roles/:id. The permissions come as a JSON array (the driver parses json with the
 * engine's JSON.parse, a text[] with a JavaScript parser, users.repository.ts). The table keeps
 * its name: the counts' subqueries refer to "roles"."id".
 */
const roleDetailById = fixedRead<RoleDetailRecord, [number]>(
  'role_detail',
  (id) => sql`select roles.id, roles.name, roles.created_at as "createdAt", roles.updated_at as "updatedAt",
      ${usersCount} as "usersCount", ${permissionsCount} as "permissionsCount",
      ${jsonArrayOf(permissionsOf(id), sql`r.id`, sql`r.name`)} as permissions
    from roles where roles.id = ${id}`,
);

export async function findRoleDetail(db: Reader, id: number): Promise<RoleDetailRecord | undefined> {
  const [row] = await roleDetailById(db, id);
  return row;
}

/** The role locked until the transaction ends (an edit or delete decides on what it reads). */
export async function lockRole(tx: Tx, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id)).for('update');
  return row;
}

/** Roles being given to someone: held (FOR KEY SHARE) so they cannot be deleted before the commit. */
export async function shareRoles(tx: Tx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, ids))
    .orderBy(roles.id)
    .for('key share');
}

const rolePermissionNames = fixedRead<{ name: Permission }, [number]>(
  'role_permission_names',
  (roleId) => sql`${permissionsOf(roleId)} order by p.id`,
);

export async function permissionsOfRole(db: Reader, roleId: number): Promise<Permission[]> {
  const rows = await rolePermissionNames(db, roleId);
  return rows.map((r) => r.name);
}

export async function permissionsOfRoles(db: Reader, roleIds: number[]): Promise<Set<Permission>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return new Set(rows.map((r) => r.name as Permission));
}

async function permissionIds(tx: Reader, names: Permission[]): Promise<Map<Permission, number>> {
  if (names.length === 0) return new Map();
  const rows = await tx
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.name, names));
  return new Map(rows.map((r) => [r.name as Permission, r.id]));
}

export async function insertRole(tx: Tx, name: string): Promise<number> {
  const [row] = await tx.insert(roles).values({ name }).returning({ id: roles.id });
  if (!row) throw new Error('role insert returned nothing');
  return row.id;
}

export async function renameRole(tx: Tx, id: number, name: string): Promise<void> {
  await tx.update(roles).set({ name, updatedAt: sql`now()` }).where(eq(roles.id, id));
}

export async function touchRole(tx: Tx, id: number): Promise<void> {
  await tx.update(roles).set({ updatedAt: sql`now()` }).where(eq(roles.id, id));
}

/** Makes the role hold exactly `wanted`, touching only the rows that change (so the audit log shows the difference). */
export async function setRolePermissions(tx: Tx, roleId: number, current: Permission[], wanted: Permission[]) {
  const add = wanted.filter((p) => !current.includes(p));
  const remove = current.filter((p) => !wanted.includes(p));
  const ids = await permissionIds(tx, [...add, ...remove]);
  const removeIds = remove.map((p) => ids.get(p)).filter((id): id is number => id !== undefined);
  if (removeIds.length > 0) {
    await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, removeIds)));
  }
  const addIds = add.map((p) => ids.get(p)).filter((id): id is number => id !== undefined);
  if (addIds.length > 0) {
    await tx.insert(rolePermissions).values(addIds.map((permissionId) => ({ roleId, permissionId })));
  }
  return { added: add, removed: remove };
}

export async function deleteRoleRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

export function isSystemRole(name: string): boolean {
  return (ROLE_NAMES as readonly string[]).includes(name);
}

/** Sets a user's roles and direct permissions to exactly the given ones, row by changed row. */
export async function setUserAccess(
  tx: Tx,
  userId: number,
  current: { roleIds: number[]; direct: Permission[] },
  wanted: { roleIds: number[]; direct: Permission[] },
): Promise<void> {
  const removeRoles = current.roleIds.filter((id) => !wanted.roleIds.includes(id));
  const addRoles = wanted.roleIds.filter((id) => !current.roleIds.includes(id));
  if (removeRoles.length > 0) {
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, removeRoles)));
  }
  if (addRoles.length > 0) await tx.insert(userRoles).values(addRoles.map((roleId) => ({ userId, roleId })));

  const removeDirect = current.direct.filter((p) => !wanted.direct.includes(p));
  const addDirect = wanted.direct.filter((p) => !current.direct.includes(p));
  const ids = await permissionIds(tx, [...removeDirect, ...addDirect]);
  const removeIds = removeDirect.map((p) => ids.get(p)).filter((id): id is number => id !== undefined);
  if (removeIds.length > 0) {
    await tx
      .delete(userPermissions)
      .where(and(eq(userPermissions.userId, userId), inArray(userPermissions.permissionId, removeIds)));
  }
  const addIds = addDirect.map((p) => ids.get(p)).filter((id): id is number => id !== undefined);
  if (addIds.length > 0) {
    await tx.insert(userPermissions).values(addIds.map((permissionId) => ({ userId, permissionId })));
  }
}

/** Live users holding a role, for the "still assigned" check. */
export async function countRoleHolders(db: Reader, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

/** Every permission some live holder of the role has (from any of their roles, or directly). */
export async function permissionsOfHolders(db: Reader, roleId: number): Promise<Permission[]> {
  const rows = await db.execute(sql`select distinct p.name from permissions p where p.id in (
      select rp.permission_id from user_roles holder
        join users u on u.id = holder.user_id and u.deleted_at is null
        join user_roles ur on ur.user_id = holder.user_id
        join role_permissions rp on rp.role_id = ur.role_id
        where holder.role_id = ${roleId}
      union
      select up.permission_id from user_roles holder
        join users u on u.id = holder.user_id and u.deleted_at is null
        join user_permissions up on up.user_id = holder.user_id
        where holder.role_id = ${roleId})`);
  return rowsOf<{ name: Permission }>(rows).map((r) => r.name);
}
