import { translate } from '@portal/shared/messages';
import type { TDashboardCounts, TDashboardSubscriptionsRow } from '@portal/shared/schemas/dashboard';
import { type AppContext, callerOf } from '../../lib/context.js';
import { dashboardFigures, type SubscriptionsChart } from './dashboard.repository.js';

/**
 * The chart's bars: the most subscribed associations by name, then one bar for every other
 * association (its title translated for a client that shows titles only; `others` tells the web
 * app to write its own label). No bar at all while nobody has subscribed (the chart's empty state).
 */
function subscriptionBars(
  chart: SubscriptionsChart | null,
  locale: AppContext['locale'],
): TDashboardSubscriptionsRow[] {
  if (!chart || chart.top.length === 0) return [];
  if (chart.others.associations === 0) return chart.top;
  const title = translate(locale, 'associations.dashboard.others', { count: chart.others.associations });
  return [...chart.top, { title, users: chart.others.users, others: chart.others.associations }];
}

/**
 * Any logged-in user may open the dashboard; the user counts are given only to
 * holders of users.index (others get null), the rule of the users list itself.
 * Payment counts need payments.index and the charts associations.index / subscriptions.index;
 * all come from counters kept in the same transaction as the changes (DESIGN §5), in one statement.
 */
export async function dashboardCounts(ctx: AppContext): Promise<TDashboardCounts> {
  const can = callerOf(ctx).permissions;
  const { customers, payments, byCost, bySubscriptions } = await dashboardFigures(ctx.db, ctx.clock.today(), {
    customers: can.has('users.index'),
    payments: can.has('payments.index'),
    byCost: can.has('associations.index'),
    bySubscriptions: can.has('subscriptions.index'),
  });
  return {
    counts: [
      {
        active_user: customers?.active ?? null,
        inactive_user: customers?.inactive ?? null,
        payments_received: payments?.received ?? null,
        payments_late: payments?.late ?? null,
        payments_future: payments?.future ?? null,
      },
    ],
    counts_associations: byCost,
    counts_subscriptions: subscriptionBars(bySubscriptions, ctx.locale),
  };
}
