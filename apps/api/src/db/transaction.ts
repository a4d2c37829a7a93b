import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** Who is acting and where: what the audit trigger writes beside each change. */
export type ActorContext = {
  userId: number | null;
  url: string | null;
  method: string | null;
  ip: string | null;
  requestId: string | null;
  /** Overrides the trigger's default `<table>.<operation>` action name (login, logout, seed, …). */
  action?: string;
};

export const SYSTEM_ACTOR: ActorContext = { userId: null, url: null, method: null, ip: null, requestId: null };

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Every write goes through here: one transaction that first declares the actor,
 * so the audit trigger records it and a multi-row change lands whole or not at all.
 */
export function inTransaction<T>(db: Database, actor: ActorContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('app.user_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
      set_config('app.url', ${actor.url ?? ''}, true),
      set_config('app.method', ${actor.method ?? ''}, true),
      set_config('app.ip', ${actor.ip ?? ''}, true),
      set_config('app.request_id', ${actor.requestId ?? ''}, true),
      set_config('app.action', ${actor.action ?? ''}, true)`);
    return work(tx);
  });
}
