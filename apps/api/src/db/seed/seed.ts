import { ROLE_NAMES } from '@portal/shared/enums';
import { PERMISSIONS, permissionGroupOf, ROLE_PERMISSIONS } from '@portal/shared/permissions';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Env } from '../../config/env.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../client.js';
import { permissions, rolePermissions, roles, userRoles } from '../schema/roles.js';
import { users } from '../schema/users.js';
import { inTransaction, systemScope, type Tx } from '../transaction.js';
import { seedRequestLookups } from './request-lookups.js';
import { seedTerms } from './terms.js';

async function seedPermissions(tx: Tx) {
  await tx
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name, groupName: permissionGroupOf(name) })))
    .onConflictDoNothing({ target: permissions.name });
}

/**
 * Creates the five roles once with their catalogue permissions. A role that
 * already exists keeps whatever an administrator made of it, except `admin`,
 * which always holds every permission (new ones included).
 */
async function seedRoles(tx: Tx) {
  const created = await tx
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: roles.id, name: roles.name });
  const allPermissions = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const idOf = new Map(allPermissions.map((p) => [p.name, p.id]));
  const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
  const grants = created.flatMap((role) =>
    ROLE_PERMISSIONS[role.name as keyof typeof ROLE_PERMISSIONS].map((p) => ({
      roleId: role.id,
      permissionId: idOf.get(p) ?? 0,
    })),
  );
  if (admin) grants.push(...allPermissions.map((p) => ({ roleId: admin.id, permissionId: p.id })));
  if (grants.length > 0) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
}

/** The first administrator, from ADMIN_PHONE / ADMIN_PASSWORD, only while no live administrator exists. */
async function seedAdministrator(tx: Tx, env: Env) {
  const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
  if (!admin) throw new Error('admin role missing after seeding roles');
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, admin.id)))
    .where(and(isNull(users.deletedAt), eq(users.type, 'admin')))
    .limit(1);
  if (existing) return;
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, env.ADMIN_PHONE), isNull(users.deletedAt)));
  if (taken) throw new Error(`ADMIN_PHONE ${env.ADMIN_PHONE} belongs to a user who is not an administrator`);
  const [user] = await tx
    .insert(users)
    .values({
      name: env.ADMIN_NAME,
      email: env.ADMIN_EMAIL,
      phone: env.ADMIN_PHONE,
      passwordHash: await hashPassword(env.ADMIN_PASSWORD),
      type: 'admin',
      phoneVerified: true,
      emailVerifiedAt: sql`now()`,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('administrator insert returned nothing');
  await tx.insert(userRoles).values({ userId: user.id, roleId: admin.id });
}

/** Idempotent: safe on every start. */
export async function seedDatabase(db: Database, env: Env): Promise<void> {
  await inTransaction(systemScope(db, 'seed'), async (tx) => {
    await seedPermissions(tx.db);
    await seedRoles(tx.db);
    await seedAdministrator(tx.db, env);
    await seedRequestLookups(tx.db);
    await seedTerms(tx.db);
  });
}
