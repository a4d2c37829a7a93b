import { z } from 'zod';

/**
 * GET /dashbored/count (SPEC §7 spelling). `counts` has one element (SPEC §3);
 * user counts are null for a caller without users.index (docs/decisions/0004-active-users.md).
 * Payment counts are null without payments.index; late/future split at today in Cairo.
 */
export const ZDashboardCountsRow = z.object({
  active_user: z.number().int().nullable(),
  inactive_user: z.number().int().nullable(),
  /** Null without payments.index. */
  payments_received: z.number().int().nullable(),
  payments_late: z.number().int().nullable(),
  payments_future: z.number().int().nullable(),
});
export type TDashboardCountsRow = z.infer<typeof ZDashboardCountsRow>;

/** Associations chart (SPEC §3): cost as labels, cost_count as values. */
export const ZDashboardAssociationsRow = z.object({ cost: z.number(), cost_count: z.number().int() });
/**
 * Subscriptions chart (SPEC §3): association title as labels, users as values. The ten most
 * subscribed associations, then one row for all the others: `others` is how many associations it
 * sums (its title is "other associations (n)" in the caller's language).
 */
export const ZDashboardSubscriptionsRow = z.object({
  title: z.string(),
  users: z.number().int(),
  others: z.number().int().optional(),
});
export type TDashboardSubscriptionsRow = z.infer<typeof ZDashboardSubscriptionsRow>;

export const ZDashboardCounts = z.object({
  counts: z.array(ZDashboardCountsRow),
  counts_associations: z.array(ZDashboardAssociationsRow),
  counts_subscriptions: z.array(ZDashboardSubscriptionsRow),
});
export type TDashboardCounts = z.infer<typeof ZDashboardCounts>;
