import type { Permission } from '@portal/shared/permissions';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userPermissions, userRoles } from '../../db/schema/roles.js';
import { type UserRow, users } from '../../db/schema/users.js';
import type { Tx } from '../../db/transaction.js';

type Reader = Database | Tx;

export async function findUserById(db: Reader, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findUserByPhone(db: Reader, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)));
  return row;
}

export type UserAccess = {
  roles: { id: number; name: string }[];
  direct: Permission[];
  fromRoles: Permission[];
};

/** A user's roles, direct permissions and role-derived permissions (SPEC §3). */
export async function findUserAccess(db: Reader, userId: number): Promise<UserAccess> {
  const [roleRows, directRows, derivedRows] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(roles.id),
    db
      .select({ name: permissions.name })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId))
      .orderBy(permissions.id),
    db
      .selectDistinct({ id: permissions.id, name: permissions.name })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(userRoles.userId, userId))
      .orderBy(permissions.id),
  ]);
  return {
    roles: roleRows,
    direct: directRows.map((r) => r.name as Permission),
    fromRoles: derivedRows.map((r) => r.name as Permission),
  };
}

export function effectivePermissions(access: UserAccess): Set<Permission> {
  return new Set([...access.fromRoles, ...access.direct]);
}

export async function countUsers(db: Reader): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
