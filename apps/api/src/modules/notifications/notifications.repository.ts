import { isMessageKey } from '@portal/shared/messages';
import type { NotificationType } from '@portal/shared/schemas/notifications';
import { and, desc, eq, sql } from 'drizzle-orm';
import { preparedRead } from '../../db/prepared.js';
import { type NotificationRow, notifications } from '../../db/schema/notifications.js';
import type { Reader, Tx } from '../../db/transaction.js';
import type { TxContext } from '../../lib/context.js';

export type NewNotification = {
  type: NotificationType;
  /** Catalogue keys (packages/shared/src/locales/<lang>/server/notifications.json), translated when read. */
  titleKey: string;
  messageKey: string;
  params?: Record<string, string | number>;
  /** An app path such as '/recovery' (never an outside address). */
  link?: string | null;
};

/** An app path: one leading slash, not "//host" (which a browser reads as another site). */
const APP_PATH = /^\/(?![/\\])[^\s]*$/;

/**
 * THE way a module tells a user something: call it inside the transaction of the
 * change that caused it, so the notification lands (and is audited) with the
 * change or not at all. Keys are checked here so a typo fails in tests, not on screen.
 */
export async function notifyUser(tx: TxContext, userId: number, notification: NewNotification): Promise<number> {
  const [id] = await notifyUsers(tx, [{ userId, notification }]);
  if (id === undefined) throw new Error('notification insert returned nothing');
  return id;
}

/**
 * notifyUser for many users in one INSERT (a daily digest for thousands of members), with the same
 * checks; each user’s open screens hear of theirs after the commit. Returns the new ids.
 */
export async function notifyUsers(
  tx: TxContext,
  items: { userId: number; notification: NewNotification }[],
): Promise<number[]> {
  if (items.length === 0) return [];
  for (const { notification } of items) {
    for (const key of [notification.titleKey, notification.messageKey]) {
      if (!isMessageKey(key)) throw new Error(`notifyUser: unknown catalogue key ${key}`);
    }
    const link = notification.link ?? null;
    if (link !== null && !APP_PATH.test(link)) throw new Error(`notifyUser: not an app path: ${link}`);
  }
  const rows = await tx.db
    .insert(notifications)
    .values(
      items.map(({ userId, notification }) => ({
        userId,
        type: notification.type,
        titleKey: notification.titleKey,
        messageKey: notification.messageKey,
        params: notification.params ?? {},
        link: notification.link ?? null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  // The bell of every open screen of these users updates without a reload (SSE, Redis between instances).
  tx.afterCommit(() => {
    for (const row of rows) tx.events.publish(row.userId, { type: 'notification', id: row.id });
  });
  return rows.map((r) => r.id);
}

const newestOfUser = preparedRead('notifications_newest', (db) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.id))
    .limit(sql.placeholder('limit')),
);

const countsOfUser = preparedRead('notifications_counts', (db) =>
  db
    .select({
      total: sql<number>`count(*)::int`,
      unseen: sql<number>`(count(*) filter (where ${notifications.seenAt} is null))::int`,
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId'))),
);

/** The newest `limit` notifications of a user, with their unseen and total counts (the bell of every screen). */
export async function listOfUser(db: Reader, userId: number, limit: number) {
  const [rows, [counts]] = await Promise.all([
    newestOfUser(db).execute({ userId, limit }),
    countsOfUser(db).execute({ userId }),
  ]);
  return { rows, total: counts?.total ?? 0, unseen: counts?.unseen ?? 0 };
}

/** Marks one of the user's notifications seen (the first time only); undefined when it is not theirs. */
export async function markSeen(tx: Tx, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .update(notifications)
    .set({ seenAt: sql`coalesce(${notifications.seenAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the user's notifications; false when it is not theirs. */
export async function deleteOne(tx: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Deletes every notification of the user; returns how many. */
export async function deleteAllOfUser(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return rows.length;
}
