/** The query keys of installments (payments): every table of them (the list, an association's tab, a member's tab). */
export const paymentsKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentsKeys.all, 'list'] as const,
  list: (scope: string) => [...paymentsKeys.lists(), scope] as const,
};
