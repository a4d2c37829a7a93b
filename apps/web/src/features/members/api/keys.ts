/**
 * The query keys of the member's own area (one factory, TanStack's convention). Everything a
 * member's action can change lives under `all`, so a join, a turn-move request or its
 * cancellation refreshes the member's screens with one invalidation and touches nothing of staff.
 */
export const membersKeys = {
  all: ['members'] as const,
  subscriptions: () => [...membersKeys.all, 'subscriptions'] as const,
  /** A list's on-screen pages of my subscriptions (`list`: which list, e.g. the profile's payments tab). */
  subscriptionPages: (list: string, version: number) =>
    [...membersKeys.all, 'subscription-pages', list, version] as const,
  statement: (id: number) => [...membersKeys.all, 'statement', id] as const,
  /** The statement's on-screen pages (the data table appends its page request). */
  statementPages: (id: number, version: number) => [...membersKeys.all, 'statement-pages', id, version] as const,
  openAssociations: () => [...membersKeys.all, 'open'] as const,
  days: (associationId: number) => [...membersKeys.all, 'days', associationId] as const,
  quote: (associationId: number, day: number) => [...membersKeys.all, 'quote', associationId, day] as const,
  turnMoves: () => [...membersKeys.all, 'turn-moves'] as const,
  turnMovePages: (version: number) => [...membersKeys.all, 'turn-move-pages', version] as const,
  cardRequests: () => [...membersKeys.all, 'cards'] as const,
  cardRequestPages: (version: number) => [...membersKeys.all, 'card-pages', version] as const,
};
