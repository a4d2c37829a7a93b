/**
 * The query keys of turn-move requests: `all` ⊃ `lists()` ⊃ the staff list's pages (the data table
 * appends the request) and the dashboard's latest requests; a decision or a delete invalidates
 * `lists()`, so both follow.
 */
export const turnMovesKeys = {
  all: ['turn-moves'] as const,
  lists: () => [...turnMovesKeys.all, 'list'] as const,
  latest: () => [...turnMovesKeys.lists(), 'latest'] as const,
};
