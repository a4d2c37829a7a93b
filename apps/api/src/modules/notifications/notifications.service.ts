import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type {
  TNotificationItem,
  TNotificationList,
  TNotificationListRequest,
  TNotificationsDeleted,
} from '@portal/shared/schemas/notifications';
import type { NotificationRow } from '../../db/schema/notifications.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { formatDayFor } from '../../lib/recipients.js';
import { deleteAllOfUser, deleteOne, listOfUser, markSeen } from './notifications.repository.js';

/**
 * The signed-in user's own notifications (SPEC §4, §7). Every query is scoped
 * to that user: another user's id reads as "not found", never as their data.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The values a message names, a day among them written in the reader's language. */
function paramsFor(params: Record<string, string | number>, locale: Locale): Record<string, string | number> {
  const date = params.date;
  return typeof date === 'string' && DAY.test(date) ? { ...params, date: formatDayFor(locale, date) } : params;
}

function toItem(row: NotificationRow, locale: Locale): TNotificationItem {
  const params = paramsFor(row.params, locale);
  return {
    id: row.id,
    type: row.type,
    title: translate(locale, row.titleKey, params).trim(),
    message: translate(locale, row.messageKey, params).trim(),
    link: row.link,
    seen: row.seenAt !== null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export async function listNotifications(ctx: AppContext, query: TNotificationListRequest): Promise<TNotificationList> {
  const { rows, unseen, total } = await listOfUser(ctx.db, callerOf(ctx).userId, query.limit);
  return { data: rows.map((row) => toItem(row, ctx.locale)), unseen, total };
}

export async function seeNotification(ctx: AppContext, id: number): Promise<TNotificationItem> {
  const row = await inTransaction(ctx, (tx) => markSeen(tx.db, callerOf(ctx).userId, id));
  if (!row) throw AppError.notFound();
  return toItem(row, ctx.locale);
}

export async function deleteNotification(ctx: AppContext, id: number) {
  const deleted = await inTransaction(ctx, (tx) => deleteOne(tx.db, callerOf(ctx).userId, id));
  if (!deleted) throw AppError.notFound();
}

/** Every notification of the user, in one transaction. */
export async function deleteAllNotifications(ctx: AppContext): Promise<TNotificationsDeleted> {
  const deleted = await inTransaction(ctx, (tx) => deleteAllOfUser(tx.db, callerOf(ctx).userId));
  return { deleted };
}
