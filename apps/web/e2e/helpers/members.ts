import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../api/src/db/schema/users';
import type { Caller } from './api-calls';
import type { Portal } from './portal';

/**
 * Seeding the members' side through the real API (and, for what no API call does for staff,
 * the database): the administrator's calls, a customer whose email is confirmed, an association.
 */

export type Member = { name: string; email: string; phone: string; password: string };

/**
 * A customer made by staff (PUT /users, type user) whose email is then marked confirmed, as the
 * activation link would: joining an association needs it (docs/decisions/0018-members.md).
 */
export async function createMember(portal: Portal, admin: Caller, member: Member, confirmed = true): Promise<number> {
  const created = await admin('PUT', '/users', { ...member, type: 'user' });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const id = (created.data as { id: number }).id;
  if (confirmed) {
    await portal.app.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, id));
  }
  return id;
}

export async function createAssociation(
  admin: Caller,
  input: { title: string; cost: number; association_type?: 'normal' | 'vip'; from_date: string },
): Promise<number> {
  const res = await admin('PUT', '/associations', { association_type: 'normal', ...input });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return (res.data as { id: number }).id;
}
