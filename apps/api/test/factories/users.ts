import type { Permission } from '@portal/shared/permissions';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { permissions, roles, userPermissions, userRoles } from '../../src/db/schema/roles.js';
import { users } from '../../src/db/schema/users.js';
import { inTransaction, SYSTEM_ACTOR } from '../../src/db/transaction.js';
import { hashPassword } from '../../src/lib/passwords.js';

let sequence = 0;

export type UserFactoryInput = {
  name?: string;
  phone?: string;
  email?: string | null;
  password?: string;
  type?: 'user' | 'admin';
  active?: boolean;
  roles?: string[];
  permissions?: Permission[];
};

/** Inserts a user (and their roles and direct permissions) straight into the database. */
export async function createUser(db: Database, input: UserFactoryInput = {}) {
  sequence += 1;
  const password = input.password ?? 'Passw0rd!';
  const phone = input.phone ?? `011${String(process.pid % 1000).padStart(3, '0')}${String(sequence).padStart(5, '0')}`;
  return inTransaction(db, SYSTEM_ACTOR, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name ?? `مستخدم ${sequence}`,
        phone,
        email: input.email === undefined ? `user${sequence}.${process.pid}@example.com` : input.email,
        passwordHash: await hashPassword(password),
        type: input.type ?? 'user',
        active: input.active ?? true,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    if (input.roles?.length) {
      const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, input.roles));
      await tx.insert(userRoles).values(found.map((r) => ({ userId: user.id, roleId: r.id })));
    }
    if (input.permissions?.length) {
      const found = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, input.permissions));
      await tx.insert(userPermissions).values(found.map((p) => ({ userId: user.id, permissionId: p.id })));
    }
    return { ...user, password };
  });
}

export async function findUserRow(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
