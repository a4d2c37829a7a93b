import { useQueryClient } from '@tanstack/react-query';
import { paymentsKeys } from '../../payments/api/keys';
import { reportsKeys } from '../../reports/api/keys';
import { subscriptionsKeys } from '../../subscriptions/api/keys';
import { dashboardKeys } from '../../users/api/dashboard-counts';
import { usersKeys } from '../../users/api/keys';
import { associationsKeys } from './keys';

/**
 * What a change in the associations area touches: one change moves the others' figures (a
 * subscription takes a day and writes 1,200 installments; an import moves due dates; a payment
 * changes the dashboard's counts), so every cached list of associations, subscriptions and
 * installments, the members of an association (users filtered by it), the dashboard's counts
 * and the cash report's figures are marked stale. Only what is on screen fetches again.
 */
export function useInvalidateAssociationsArea() {
  const queryClient = useQueryClient();
  return ({ members = false }: { members?: boolean } = {}) => {
    for (const key of [
      associationsKeys.all,
      subscriptionsKeys.all,
      paymentsKeys.all,
      dashboardKeys.all,
      reportsKeys.all,
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    if (members) void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
  };
}
