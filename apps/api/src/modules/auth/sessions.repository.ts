import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/sessions.js';
import type { Tx } from '../../db/transaction.js';

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
