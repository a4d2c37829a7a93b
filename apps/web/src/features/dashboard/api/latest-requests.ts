import { DASHBOARD_LATEST_ROWS } from '@portal/shared/constants';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import type { TListPage } from '@portal/shared/schemas/list';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardRequestsKeys } from '../../card-requests/api/keys';
import { turnMovesKeys } from '../../turn-moves/api/keys';

/**
 * The lists accept page sizes 5, 10, 20, 50, 100, 200 only (SPEC §9): the dashboard's "latest 7"
 * asks for 10, newest first, and shows 7.
 */
const LATEST_REQUEST = { page: 1, perPage: 10, sortBy: 'id', sortOrder: 'desc' } as const;

/** Dashboard item 8: the latest 7 card requests (card_requests.index). Its key is under the requests' lists: a decision refreshes it. */
export function useLatestCardRequests() {
  return useQuery({
    queryKey: cardRequestsKeys.latest(),
    queryFn: ({ signal }) => api.post<TListPage<TCardRequest>>('/card-requests', LATEST_REQUEST, { signal }),
    select: (page) => page.data.slice(0, DASHBOARD_LATEST_ROWS),
    retry: false,
    meta: { silent: true },
  });
}

/** Dashboard item 10: the latest 7 turn-move requests (association_move_turn.index). */
export function useLatestTurnMoves() {
  return useQuery({
    queryKey: turnMovesKeys.latest(),
    queryFn: ({ signal }) =>
      api.post<TListPage<TTurnMove>>('/associations/change-turn-requests', LATEST_REQUEST, { signal }),
    select: (page) => page.data.slice(0, DASHBOARD_LATEST_ROWS),
    retry: false,
    meta: { silent: true },
  });
}
