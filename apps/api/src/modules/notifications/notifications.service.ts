import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type {
  TNotificationItem,
  TNotificationList,
  TNotificationListRequest,
  TNotificationsDeleted,
} from '@portal/shared/schemas/notifications';
import type { Database } from '../../db/client.js';
import type { NotificationRow } from '../../db/schema/notifications.js';
import { type ActorContext, inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { deleteAllOfUser, deleteOne, listOfUser, markSeen } from './notifications.repository.js';

/**
 * The signed-in user's own notifications (SPEC §4, §7). Every query is scoped
 * to that user: another user's id reads as "not found", never as their data.
 */

function toItem(row: NotificationRow, locale: Locale): TNotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: translate(locale, row.titleKey, row.params),
    message: translate(locale, row.messageKey, row.params),
    link: row.link,
    seen: row.seenAt !== null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export async function listNotifications(
  db: Database,
  userId: number,
  query: TNotificationListRequest,
  locale: Locale,
): Promise<TNotificationList> {
  const { rows, unseen, total } = await listOfUser(db, userId, query.limit);
  return { data: rows.map((row) => toItem(row, locale)), unseen, total };
}

export async function seeNotification(
  db: Database,
  userId: number,
  id: number,
  locale: Locale,
  actor: ActorContext,
): Promise<TNotificationItem> {
  const row = await inTransaction(db, actor, (tx) => markSeen(tx, userId, id));
  if (!row) throw AppError.notFound();
  return toItem(row, locale);
}

export async function deleteNotification(db: Database, userId: number, id: number, actor: ActorContext) {
  const deleted = await inTransaction(db, actor, (tx) => deleteOne(tx, userId, id));
  if (!deleted) throw AppError.notFound();
}

/** Every notification of the user, in one transaction. */
export async function deleteAllNotifications(
  db: Database,
  userId: number,
  actor: ActorContext,
): Promise<TNotificationsDeleted> {
  const deleted = await inTransaction(db, actor, (tx) => deleteAllOfUser(tx, userId));
  return { deleted };
}
