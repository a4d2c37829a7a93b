import type { Permission } from '@portal/shared/permissions';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { permissions, roles, userPermissions, userRoles } from '../../src/db/schema/roles.js';
import { users } from '../../src/db/schema/users.js';
import { inTransaction, systemScope } from '../../src/db/transaction.js';
import { hashPassword } from '../../src/lib/passwords.js';

let sequence = 0;

export type UserFactoryInput = {
  name?: string;
  phone?: string;
  email?: string | null;
  password?: string;
  type?: 'user' | 'admin';
  active?: boolean;
  /** The email counts as confirmed (a member may join associations, decisions are mailed). */
  emailVerified?: boolean;
  roles?: string[];
  permissions?: Permission[];
};

/** Inserts a user (and their roles and direct permissions) straight into the database. */
export async function createUser(db: Database, input: UserFactoryInput = {}) {
  // Captured now: concurrent calls (Promise.all) must not share a number.
  sequence += 1;
  const n = sequence;
  const password = input.password ?? 'Passw0rd!';
  const phone = input.phone ?? `011${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
  return inTransaction(systemScope(db), async (tx) => {
    const [user] = await tx.db
      .insert(users)
      .values({
        name: input.name ?? `مستخدم ${n}`,
        phone,
        email: input.email === undefined ? `user${n}.${process.pid}@example.com` : input.email,
        passwordHash: await hashPassword(password),
        type: input.type ?? 'user',
        active: input.active ?? true,
        emailVerifiedAt: input.emailVerified ? new Date().toISOString() : null,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    if (input.roles?.length) {
      const found = await tx.db.select({ id: roles.id }).from(roles).where(inArray(roles.name, input.roles));
      await tx.db.insert(userRoles).values(found.map((r) => ({ userId: user.id, roleId: r.id })));
    }
    if (input.permissions?.length) {
      const found = await tx.db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, input.permissions));
      await tx.db.insert(userPermissions).values(found.map((p) => ({ userId: user.id, permissionId: p.id })));
    }
    return { ...user, password };
  });
}

export async function findUserRow(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
