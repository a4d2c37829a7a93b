/**
 * The query keys of the ledger's records (docs/decisions/0029): one receipt, one payout or refund,
 * a member's own receipt. A reversal changes them, so it invalidates `all`.
 */
export const ledgerKeys = {
  all: ['ledger'] as const,
  receipt: (id: number) => [...ledgerKeys.all, 'receipt', id] as const,
  payout: (id: number) => [...ledgerKeys.all, 'payout', id] as const,
  myReceipt: (id: number) => [...ledgerKeys.all, 'my-receipt', id] as const,
};
