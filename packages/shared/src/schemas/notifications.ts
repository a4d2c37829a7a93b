import { z } from 'zod';
import { NOTIFICATIONS_MAX_LIMIT, NOTIFICATIONS_START_LIMIT } from '../constants.js';
import { wholeNumber } from './fields.js';

/**
 * In-app notifications (SPEC §3, §4, §7). A notification is stored as catalogue
 * keys plus params and translated when it is read, so one notification reads
 * right in Arabic and in English (docs/decisions/0007-notifications.md).
 */

/** What caused a notification; each has `notifications.types.<type>.{title,message}` in the catalogue. */
export const NOTIFICATION_TYPES = [
  'access_changed',
  'recovery_verified',
  'recovery_refused',
  'turn_move_approved',
  'turn_move_rejected',
  'card_request_issued',
  'card_request_rejected',
  'customer_request_status',
  'ticket_answered',
  'ticket_replied',
  'ticket_closed',
  'payout_recorded',
  'receipt_reversed',
  'payout_reversed',
  // The daily reminders (docs/decisions/0031-reminders.md): a member's digest of installments due
  // soon, of installments that became late, and the staff digest of new arrears.
  'payment_due',
  'payment_late',
  'arrears_digest',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Defined with the other limits (constants.ts), so the bell reads it without loading zod. */
export { NOTIFICATIONS_MAX_LIMIT };

/** POST /user/notifications: the newest `limit` notifications of the signed-in user. */
export const ZNotificationListRequestSchema = z.object({
  limit: wholeNumber(
    'notifications.validation.limit_range',
    { min: 1, max: NOTIFICATIONS_MAX_LIMIT },
    'validation.invalid_value',
  ).default(NOTIFICATIONS_START_LIMIT),
});
export type TNotificationListRequest = z.infer<typeof ZNotificationListRequestSchema>;

export const ZNotificationItem = z.object({
  id: z.number().int(),
  type: z.string(),
  /** Translated in the request's language. */
  title: z.string(),
  message: z.string(),
  /** An app path to open on click (e.g. /recovery), or null. */
  link: z.string().nullable(),
  seen: z.boolean(),
  created_at: z.string(),
});
export type TNotificationItem = z.infer<typeof ZNotificationItem>;

export const ZNotificationList = z.object({
  data: z.array(ZNotificationItem),
  /** Unseen notifications of the user (all of them, not only those in `data`). */
  unseen: z.number().int(),
  /** All notifications of the user. */
  total: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationsDeleted = z.object({ deleted: z.number().int() });
export type TNotificationsDeleted = z.infer<typeof ZNotificationsDeleted>;
