/** The query keys of the cash report (issue 20 §4): the report, its lines, an association's ledger, a balance. */
export const reportsKeys = {
  all: ['reports'] as const,
  cash: () => [...reportsKeys.all, 'cash'] as const,
  lines: () => [...reportsKeys.all, 'lines'] as const,
  association: (id: number) => [...reportsKeys.all, 'association', id] as const,
  balance: (who: number | 'me') => [...reportsKeys.all, 'balance', who] as const,
};
