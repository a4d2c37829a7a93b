import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/users.js';

/**
 * Customer accounts by state (docs/decisions/0004-active-users.md): type user,
 * not removed; active when `active` is true, inactive otherwise.
 */
export async function countCustomers(db: Database): Promise<{ active: number; inactive: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${users.active})::int`,
      inactive: sql<number>`count(*) filter (where not ${users.active})::int`,
    })
    .from(users)
    .where(and(eq(users.type, 'user'), isNull(users.deletedAt)));
  return { active: row?.active ?? 0, inactive: row?.inactive ?? 0 };
}
