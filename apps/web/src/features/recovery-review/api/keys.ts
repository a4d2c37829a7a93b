/** The query keys of the recovery review: list pages (the data table appends the request) and the lookups. */
export const recoveryReviewKeys = {
  all: ['recovery-review'] as const,
  lists: () => [...recoveryReviewKeys.all, 'list'] as const,
  list: (request?: Record<string, unknown>) =>
    request === undefined ? recoveryReviewKeys.lists() : ([...recoveryReviewKeys.lists(), request] as const),
  lookups: () => [...recoveryReviewKeys.all, 'lookups'] as const,
};
