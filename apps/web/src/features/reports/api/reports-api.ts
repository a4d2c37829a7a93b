import type { TListPage } from '@portal/shared/schemas/list';
import type { TAssociationCash, TCashReport, TCashReportRow, TMemberBalance } from '@portal/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportsKeys } from './keys';

/**
 * The cash report's calls (docs/decisions/0030). Figures are read fresh whenever a screen shows
 * them (money recorded elsewhere marks them stale, features/associations/api/invalidate.ts); a
 * failed read shows on the screen with a Retry, not as a toast.
 */
const FIGURES = { staleTime: 10_000, retry: false, meta: { silent: true } } as const;

/** GET /reports/cash: every association together, and the 90-day forecast. */
export function useCashReport() {
  return useQuery({
    queryKey: reportsKeys.cash(),
    queryFn: ({ signal }) => api.get<TCashReport>('/reports/cash', signal),
    ...FIGURES,
  });
}

/** GET /reports/cash/associations/{id}: one association's Ledger tab. */
export function useAssociationCash(id: number) {
  return useQuery({
    queryKey: reportsKeys.association(id),
    queryFn: ({ signal }) => api.get<TAssociationCash>(`/reports/cash/associations/${id}`, signal),
    ...FIGURES,
  });
}

/** POST /reports/cash/associations: the report's lines, a page at a time (the shared table). */
export function fetchCashLines(body: Record<string, string | number>, signal: AbortSignal) {
  return api.post<TListPage<TCashReportRow>>('/reports/cash/associations', body, { signal });
}

/** A member's balance: staff read anyone's (GET /users/{id}/balance), a member their own (GET /me/balance). */
export function useMemberBalance(who: number | 'me') {
  return useQuery({
    queryKey: reportsKeys.balance(who),
    queryFn: ({ signal }) => api.get<TMemberBalance>(who === 'me' ? '/me/balance' : `/users/${who}/balance`, signal),
    ...FIGURES,
  });
}
