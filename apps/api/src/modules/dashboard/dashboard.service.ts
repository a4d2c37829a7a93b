import type { TDashboardCounts } from '@portal/shared/schemas/dashboard';
import type { Database } from '../../db/client.js';
import type { AuthState } from '../../plugins/auth.js';
import { countCustomers } from './dashboard.repository.js';

/**
 * Any logged-in user may open the dashboard; the user counts are given only to
 * holders of users.index (others get null), the rule of the users list itself.
 * Payments and the charts stay empty until associations exist.
 */
export async function dashboardCounts(db: Database, viewer: AuthState): Promise<TDashboardCounts> {
  const customers = viewer.permissions.has('users.index') ? await countCustomers(db) : null;
  return {
    counts: [
      {
        active_user: customers?.active ?? null,
        inactive_user: customers?.inactive ?? null,
        payments_received: 0,
        payments_late: 0,
        payments_future: 0,
      },
    ],
    counts_associations: [],
    counts_subscriptions: [],
  };
}
