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
import { formatDayFor, formatMoneyFor } from '../../lib/recipients.js';
import { deleteAllOfUser, deleteOne, listOfUser, markSeen } from './notifications.repository.js';

/**
 * The signed-in user's own notifications (SPEC §4, §7). Every query is scoped
 * to that user: another user's id reads as "not found", never as their data.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The suffix of a param holding money in piastres: `total_piastres` is read as `total`, in EGP. */
const PIASTRES = '_piastres';

/**
 * The values a message names, in the reader's language: a day (`date`, yyyy-mm-dd) written out,
 * and money kept in piastres (`<name>_piastres`) as EGP under `<name>`.
 */
function paramsFor(params: Record<string, string | number>, locale: Locale): Record<string, string | number> {
  const out = { ...params };
  const date = params.date;
  if (typeof date === 'string' && DAY.test(date)) out.date = formatDayFor(locale, date);
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith(PIASTRES) && typeof value === 'number') {
      out[key.slice(0, -PIASTRES.length)] = formatMoneyFor(locale, value);
    }
  }
  return out;
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
