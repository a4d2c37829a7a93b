import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type AccountTokenRow, accountTokens } from '../../db/schema/accounts.js';
import { roles, userRoles } from '../../db/schema/roles.js';
import { sessions } from '../../db/schema/sessions.js';
import { type UserRow, users } from '../../db/schema/users.js';
import type { Reader, Tx } from '../../db/transaction.js';
import { hashToken, newToken } from '../../lib/tokens.js';

export type TokenPurpose = 'activation' | 'recovery_activation' | 'password_reset';

export async function findLiveUserByEmail(db: Reader, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findLiveUser(db: Reader, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** Which of phone / email another live user already holds. */
export async function takenBy(
  db: Reader,
  values: { phone?: string; email?: string },
  exceptUserId?: number,
): Promise<{ phone: boolean; email: boolean }> {
  const except = exceptUserId === undefined ? undefined : ne(users.id, exceptUserId);
  const [phone] = values.phone
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, values.phone), isNull(users.deletedAt), except))
        .limit(1)
    : [];
  const [email] = values.email
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${values.email.toLowerCase()}`, isNull(users.deletedAt), except))
        .limit(1)
    : [];
  return { phone: phone !== undefined, email: email !== undefined };
}

export async function roleIdByName(tx: Tx, name: string): Promise<number> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`role ${name} missing`);
  return row.id;
}

export async function grantRole(tx: Tx, userId: number, roleName: string): Promise<void> {
  await tx
    .insert(userRoles)
    .values({ userId, roleId: await roleIdByName(tx, roleName) })
    .onConflictDoNothing();
}

/** Ends the live secrets of these purposes (a new one replaces them; a use ends its siblings). */
export async function revokeTokens(tx: Tx, userId: number, purposes: TokenPurpose[]): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
      ),
    );
}

/**
 * Issues a new secret for one purpose, revoking the previous ones: a random
 * 256-bit link token (SHA-256 stored) and, when given, the code (argon2 hash).
 */
export async function issueToken(
  tx: Tx,
  input: { userId: number; purpose: TokenPurpose; email: string; ttlMinutes: number; codeHash?: string },
): Promise<string> {
  await revokeTokens(tx, input.userId, [input.purpose]);
  const token = newToken();
  await tx.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    tokenHash: hashToken(token),
    codeHash: input.codeHash ?? null,
    expiresAt: sql`now() + make_interval(mins => ${input.ttlMinutes})`,
  });
  return token;
}

const live = () =>
  and(isNull(accountTokens.usedAt), isNull(accountTokens.revokedAt), gt(accountTokens.expiresAt, sql`now()`));

/**
 * Uses a link token once: marks it used only if it is live (one UPDATE, so two
 * concurrent clicks cannot both succeed). Unknown, used, revoked and expired
 * tokens all come back undefined.
 */
export async function consumeToken(tx: Tx, token: string, purpose: TokenPurpose): Promise<AccountTokenRow | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), live()))
    .returning();
  return row;
}

/** The user's live activation secret (locked for the code check), newest first. */
export async function liveActivationForUpdate(tx: Tx, userId: number): Promise<AccountTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'activation'), live()))
    .orderBy(desc(accountTokens.id))
    .limit(1)
    .for('update');
  return row;
}

export async function recordCodeFailure(tx: Tx, tokenId: number, burn: boolean): Promise<void> {
  await tx
    .update(accountTokens)
    .set({
      attempts: sql`${accountTokens.attempts} + 1`,
      ...(burn ? { revokedAt: sql`now()` } : {}),
    })
    .where(eq(accountTokens.id, tokenId));
}

export async function markTokenUsed(tx: Tx, tokenId: number): Promise<void> {
  await tx.update(accountTokens).set({ usedAt: sql`now()` }).where(eq(accountTokens.id, tokenId));
}

export async function markEmailVerified(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Logs the user out everywhere (a password reset). */
export async function revokeAllSessions(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Attributes the rest of the transaction to this user (a registration learns its id mid-way). */
export async function actAs(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select set_config('app.user_id', ${String(userId)}, true)`);
}
