import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import type { Tx } from '../../db/transaction.js';

/** The live session behind a token hash: not revoked, not expired, its user active and not deleted. */
export async function findLiveSession(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: users.id, userType: users.type, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        eq(users.active, true),
      ),
    );
  return row;
}

export async function insertSession(
  tx: Tx,
  values: { userId: number; tokenHash: string; ip: string | null; userAgent: string | null; ttlMinutes: number },
) {
  const [row] = await tx
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      ip: values.ip,
      userAgent: values.userAgent?.slice(0, 500) ?? null,
      expiresAt: sql`now() + make_interval(mins => ${values.ttlMinutes})`,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

export async function revokeSession(tx: Tx, sessionId: number) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
