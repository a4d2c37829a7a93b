import type { Permission } from '@portal/shared/permissions';
import type { TUserListRequest } from '@portal/shared/schemas/users';
import { normalizePhone, stripSpaces } from '@portal/shared/text';
import { and, eq, ilike, inArray, isNotNull, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { preparedRead } from '../../db/prepared.js';
import { counters } from '../../db/schema/counters.js';
import { roles, userRoles } from '../../db/schema/roles.js';
import { sessions } from '../../db/schema/sessions.js';
import { settings } from '../../db/schema/settings.js';
import { type UserRow, users } from '../../db/schema/users.js';
import type { Reader, Tx } from '../../db/transaction.js';
import {
  type Count,
  cappedCount,
  cappedOf,
  cappedTotal,
  likeContains,
  listPage,
  orderBy,
  type PageWindow,
  withinCairoDays,
} from '../../lib/list.js';

/** The role of the system's administrators; it always holds every permission (seed). */
export const ADMIN_ROLE = 'admin';

/** The live user row, locked until the transaction ends: reads that decide a change to the user. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
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

/**
 * A user's roles, direct permissions and role-derived permissions, as subqueries of one select, each
 * as json: the driver reads json with the engine's JSON.parse, a text[] with a JavaScript parser
 * (postgres-array) that cost an administrator's read about 40 µs of CPU (issue 21 §2).
 */
const accessColumns = {
  roles: sql<
    { id: number; name: string }[] | null
  >`(select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id")`,
  direct: sql<string[] | null>`(select json_agg(p.name order by p.id)
    from user_permissions up join permissions p on p.id = up.permission_id where up.user_id = "users"."id")`,
  fromRoles: sql<string[] | null>`(select json_agg(p.name order by p.id) from permissions p
    where p.id in (select rp.permission_id from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
      where ur.user_id = "users"."id"))`,
};

function toAccess(row: { roles: unknown; direct: string[] | null; fromRoles: string[] | null }): UserAccess {
  const parsed = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles;
  return {
    roles: Array.isArray(parsed) ? (parsed as { id: number; name: string }[]) : [],
    direct: (row.direct ?? []) as Permission[],
    fromRoles: (row.fromRoles ?? []) as Permission[],
  };
}

const userAccess = preparedRead('user_access', (db) =>
  db
    .select(accessColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);

/** A user's roles, direct permissions and role-derived permissions (SPEC §3), in one query. */
export async function findUserAccess(db: Reader, userId: number): Promise<UserAccess> {
  const [row] = await userAccess(db).execute({ id: userId });
  return row ? toAccess(row) : { roles: [], direct: [], fromRoles: [] };
}

/**
 * The live user with their access and the recovery-mode setting, in one round trip:
 * everything the user DTO needs (GET /users/:id, login, registration).
 */
const userWithAccess = preparedRead('user_with_access', (db) =>
  db
    .select({
      row: users,
      ...accessColumns,
      recoveryMode: sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = 'recovery_mode')`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt))),
);

export async function findUserWithAccess(
  db: Reader,
  id: number,
): Promise<{ row: UserRow; access: UserAccess; recoveryMode: unknown } | undefined> {
  const [found] = await userWithAccess(db).execute({ id });
  return found ? { row: found.row, access: toAccess(found), recoveryMode: found.recoveryMode } : undefined;
}

export function effectivePermissions(access: UserAccess): Set<Permission> {
  return new Set([...access.fromRoles, ...access.direct]);
}

export type UserListOptions = {
  /** admin_users: removed users are listed too (and may be filtered on). */
  includeRemoved: boolean;
};

function listFilters(query: TUserListRequest, options: UserListOptions): SQL | undefined {
  const f = query.filters;
  const where: (SQL | undefined)[] = [];
  // Removed users are listed only when asked for (removed: true), and only to admin_users holders.
  if (options.includeRemoved && f.removed === true) where.push(isNotNull(users.deletedAt));
  else where.push(isNull(users.deletedAt));
  const type = query.type ?? f.type;
  if (type) where.push(eq(users.type, type));
  for (const name of [query.name, f.name]) {
    if (name) where.push(ilike(users.name, likeContains(name)));
  }
  if (f.email) where.push(ilike(users.email, likeContains(stripSpaces(f.email))));
  if (f.association_id) {
    where.push(sql`exists (select 1 from subscriptions s where s.user_id = ${users.id}
      and s.association_id = ${f.association_id} and s.status = 'active')`);
  }
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
  where.push(...withinCairoDays(users.createdAt, query));
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

/** Sums counters (db/schema/counters.ts) for the given keys. */
export async function sumCounters(db: Reader, keys: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${counters.n}), 0)::bigint` })
    .from(counters)
    .where(inArray(counters.key, keys));
  return Number(row?.n ?? 0);
}

/**
 * The counter keys that answer a list's total exactly when it filters on nothing but the
 * user type and the removed flag (the default views); undefined when other filters apply.
 */
function counterKeysOf(query: TUserListRequest, options: UserListOptions): string[] | undefined {
  const f = query.filters;
  if (
    query.name ||
    f.name ||
    f.email ||
    f.phone ||
    f.association_id ||
    query.search ||
    query.from_date ||
    query.to_date
  ) {
    return undefined;
  }
  const types = (query.type ?? f.type) ? [query.type ?? f.type] : ['user', 'admin'];
  let states = options.includeRemoved && f.removed === true ? ['removed'] : ['active', 'inactive'];
  if (f.active === true) states = states.filter((s) => s === 'active');
  if (f.active === false) states = states.filter((s) => s !== 'active');
  return types.flatMap((type) => states.map((state) => `users.${type}.${state}`));
}

export async function listUsers(db: Reader, query: TUserListRequest, window: PageWindow, options: UserListOptions) {
  const where = listFilters(query, options);
  const order = orderBy(SORT_COLUMNS, query.sortBy, query.sortOrder, users.id);
  const keys = counterKeysOf(query, options);
  const matching = db.select({ one: sql`1` }).from(users).where(where).getSQL();
  return listPage(
    window,
    // One round trip: the page's ids (an index walk, however deep the page) and the rows of those
    // ids only, with the total riding along as a scalar subquery: the counters' for the default
    // views, a capped count for the others.
    async (limit, offset) => {
      const page = db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const total = keys
        ? sql<number>`(select coalesce(sum(${counters.n}), 0)::int from ${counters} where ${inArray(counters.key, keys)})`
        : cappedTotal(matching);
      const found = await db
        .select({ row: users, total })
        .from(users)
        .where(inArray(users.id, page))
        .orderBy(...order);
      const first = found[0];
      let counted: Count | undefined;
      if (first) counted = keys ? { total: Number(first.total), atLeast: false } : cappedOf(first.total);
      return { rows: found.map((r) => r.row), total: counted };
    },
    async (): Promise<Count> => {
      if (keys) return { total: await sumCounters(db, keys), atLeast: false };
      return cappedCount(db, matching);
    },
  );
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
  Pick<
    UserRow,
    'name' | 'email' | 'phone' | 'birthDate' | 'address' | 'active' | 'phoneVerified' | 'image' | 'reminderEmails'
  > & {
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
