import type { Permission } from '@portal/shared/permissions';
import type { TUserListRequest } from '@portal/shared/schemas/users';
import { normalizePhone, stripSpaces } from '@portal/shared/text';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { permissions, rolePermissions, roles, userPermissions, userRoles } from '../../db/schema/roles.js';
import { sessions } from '../../db/schema/sessions.js';
import { type UserRow, users } from '../../db/schema/users.js';
import type { Tx } from '../../db/transaction.js';
import { CAIRO_TZ } from '../../lib/cairo-day.js';
import type { PageWindow } from '../../lib/pagination.js';

type Reader = Database | Tx;

/** The role of the system's administrators; it always holds every permission (seed). */
export const ADMIN_ROLE = 'admin';

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

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function startOfCairoDay(day: string): SQL {
  return sql`(${day}::date)::timestamp at time zone ${CAIRO_TZ}`;
}

export type UserListOptions = {
  /** admin_users: removed users are listed too (and may be filtered on). */
  includeRemoved: boolean;
};

function listFilters(query: TUserListRequest, options: UserListOptions): SQL | undefined {
  const f = query.filters;
  const where: (SQL | undefined)[] = [];
  if (!options.includeRemoved) where.push(isNull(users.deletedAt));
  else if (f.removed === true) where.push(isNotNull(users.deletedAt));
  else if (f.removed === false) where.push(isNull(users.deletedAt));
  const type = query.type ?? f.type;
  if (type) where.push(eq(users.type, type));
  for (const name of [query.name, f.name]) {
    if (name) where.push(ilike(users.name, likeContains(name)));
  }
  if (f.email) where.push(ilike(users.email, likeContains(stripSpaces(f.email))));
  if (f.phone) where.push(like(users.phone, likeContains(normalizePhone(f.phone))));
  if (f.active === true) where.push(and(eq(users.active, true), isNull(users.deletedAt)));
  if (f.active === false) where.push(or(eq(users.active, false), isNotNull(users.deletedAt)));
  if (query.search) {
    const pattern = likeContains(query.search);
    where.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        like(users.phone, likeContains(normalizePhone(query.search))),
      ),
    );
  }
  if (query.from_date) where.push(gte(users.createdAt, startOfCairoDay(query.from_date)));
  // to_date is inclusive: everything before the start of the next Cairo day.
  if (query.to_date) where.push(lt(users.createdAt, sql`${startOfCairoDay(query.to_date)} + interval '1 day'`));
  return and(...where);
}

const SORT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  birthDate: users.birthDate,
  created_at: users.createdAt,
} as const;

export async function listUsers(db: Reader, query: TUserListRequest, window: PageWindow, options: UserListOptions) {
  const where = listFilters(query, options);
  const column = SORT_COLUMNS[query.sortBy];
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // id breaks ties so paging is stable whatever the sort column.
      .orderBy(direction(column), direction(users.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Roles of many users at once (the detailed list), in role id order. */
export async function rolesOfUsers(
  db: Reader,
  userIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.id);
  for (const row of rows) {
    const list = result.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name });
    result.set(row.userId, list);
  }
  return result;
}

export type NewUser = {
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
  birthDate: string | null;
  address: string | null;
  type: 'user' | 'admin';
};

export async function insertUser(tx: Tx, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export type UserChanges = Partial<
  Pick<UserRow, 'name' | 'email' | 'phone' | 'birthDate' | 'address' | 'active' | 'phoneVerified' | 'image'> & {
    passwordHash: string;
    emailVerifiedAt: string | null;
  }
>;

export async function updateUserRow(tx: Tx, id: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  if (!row) throw new Error('user update matched nothing');
  return row;
}

export async function softDeleteUserRow(tx: Tx, id: number): Promise<void> {
  await tx
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
}

/** Revokes a user's live sessions, all of them or all but one (the caller's own). */
export async function revokeUserSessions(tx: Tx, userId: number, keepSessionId?: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/**
 * Serializes every change that could remove the last administrator: the admin
 * role's row is locked until the transaction ends, so two such changes cannot
 * both see "another administrator remains".
 */
export async function lockAdminRole(tx: Tx): Promise<number | undefined> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE)).for('update');
  return row?.id;
}

/** Live, active users holding the admin role, other than `exceptUserId`. */
export async function countOtherAdministrators(db: Reader, exceptUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.name, ADMIN_ROLE)))
    .where(and(isNull(users.deletedAt), eq(users.active, true), ne(users.id, exceptUserId)));
  return row?.n ?? 0;
}
