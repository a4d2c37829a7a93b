import type { TDashboardCounts } from '@portal/shared/schemas/dashboard';
import { type AppContext, callerOf } from '../../lib/context.js';
import {
  associationsByCost,
  countCustomers,
  countInstallments,
  subscriptionsByAssociation,
} from './dashboard.repository.js';

/**
 * Any logged-in user may open the dashboard; the user counts are given only to
 * holders of users.index (others get null), the rule of the users list itself.
 * Payment counts need payments.index and the charts associations.index / subscriptions.index;
 * all come from counters kept in the same transaction as the changes (DESIGN §5).
 */
export async function dashboardCounts(ctx: AppContext): Promise<TDashboardCounts> {
  const can = callerOf(ctx).permissions;
  const [customers, payments, byCost, bySubscriptions] = await Promise.all([
    can.has('users.index') ? countCustomers(ctx.db) : null,
    can.has('payments.index') ? countInstallments(ctx.db, ctx.clock.today()) : null,
    can.has('associations.index') ? associationsByCost(ctx.db) : [],
    can.has('subscriptions.index') ? subscriptionsByAssociation(ctx.db) : [],
  ]);
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
    counts_subscriptions: bySubscriptions,
  };
}
