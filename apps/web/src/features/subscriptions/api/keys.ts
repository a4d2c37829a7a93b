/**
 * The query keys of subscriptions: `all` ⊃ `lists()` ⊃ one page (every table of them: the list,
 * an association's tab, a member's tab); `details()` ⊃ `detail(id)` (with the installments summed);
 * `quote(…)` what subscribing to a day would mean; a payout's and a withdrawal's quotes and the
 * subscription's ledger, all under `all`, so any change in the area refreshes them.
 */
export const subscriptionsKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionsKeys.all, 'list'] as const,
  list: (scope: string) => [...subscriptionsKeys.lists(), scope] as const,
  details: () => [...subscriptionsKeys.all, 'detail'] as const,
  detail: (id: number) => [...subscriptionsKeys.details(), id] as const,
  quote: (associationId: number, dayNumber: number) =>
    [...subscriptionsKeys.all, 'quote', associationId, dayNumber] as const,
  members: (search: string) => [...subscriptionsKeys.all, 'members', search] as const,
  /** What a payout dated `date` would be (arrears, deductions, net): asked again whenever anything in the area changes. */
  payoutQuote: (id: number, date: string) => [...subscriptionsKeys.all, 'payout-quote', id, date] as const,
  /** The subscription's money history (receipts, payouts, refunds, reversals, withdrawal, replacements). */
  ledger: (id: number) => [...subscriptionsKeys.all, 'ledger', id] as const,
  /** What withdrawing would mean now (balance, installments cancelled). */
  withdrawQuote: (id: number) => [...subscriptionsKeys.all, 'withdraw-quote', id] as const,
};
