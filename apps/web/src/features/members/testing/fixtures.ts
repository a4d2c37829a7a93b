import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import type { TMySubscription, TOpenAssociation, TStatement, TStatementRow } from '@portal/shared/schemas/members';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse } from '../../../test/render';

/** A customer whose email is confirmed (may join); tests override what they are about. */
export const MEMBER = makeUser({
  id: 7,
  name: 'منى حسن',
  email: 'mona@example.com',
  phone: '01011112222',
  type: 'user',
  email_verified: true,
});

export function makeSubscription(overrides: Partial<TMySubscription> = {}): TMySubscription {
  return {
    id: 31,
    association: { id: 4, title: 'جمعية الخير', cost: 100, type: 'normal' },
    day: { day_number: 45, date: '2026-05-14' },
    amount: 120_000,
    transfer_status: 'unpaid',
    transfer_date: null,
    installments_total: 1200,
    installments_received: 10,
    installments_late: 2,
    next_due: { due_date: '2026-04-02', amount: 100, status: 'late' },
    open_turn_move: null,
    can_move: true,
    ...overrides,
  };
}

/** A statement of `count` installments from 2026-03-01, the first `received` paid, the next `late` late. */
export function makeStatement(count = 1200, received = 30, late = 5): TStatement {
  const start = Date.UTC(2026, 2, 1);
  const rows: TStatementRow[] = Array.from({ length: count }, (_, i) => {
    const status = i < received ? 'received' : i < received + late ? 'late' : 'future';
    const due = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return {
      id: 1000 + i,
      day_number: i + 1,
      due_date: due,
      amount: 100,
      status,
      received_at: status === 'received' ? `${due}T10:00:00.000Z` : null,
      reference: status === 'received' ? `FAW-${1000 + i}` : null,
      receipt:
        status === 'received'
          ? { id: 1000 + i, number: `R-2026-${String(1000 + i).padStart(6, '0')}`, method: 'cash' }
          : null,
    };
  });
  const future = count - received - late;
  return {
    subscription: makeSubscription({
      installments_total: count,
      installments_received: received,
      installments_late: late,
    }),
    totals: {
      total: count,
      received_count: received,
      received_sum: received * 100,
      late_count: late,
      late_sum: late * 100,
      future_count: future,
      future_sum: future * 100,
      cancelled_count: 0,
    },
    remaining_sum: (late + future) * 100,
    rows,
    as_of: '2026-04-05',
  };
}

export function makeOpenAssociation(overrides: Partial<TOpenAssociation> = {}): TOpenAssociation {
  return {
    id: 4,
    code: 'A-000004',
    title: 'جمعية الخير',
    type: 'normal',
    cost: 100,
    from_date: '2026-03-01',
    to_date: '2029-06-13',
    amount: 120_000,
    available_days: 3,
    first_available: { day_number: 40, date: '2026-04-09' },
    ...overrides,
  };
}

export const DAYS = [
  { day_number: 40, date: '2026-04-09' },
  { day_number: 45, date: '2026-04-14' },
  { day_number: 52, date: '2026-04-21' },
];

export function makeTurnMove(overrides: Partial<TTurnMove> = {}): TTurnMove {
  return {
    id: 5,
    user: { id: 7, name: 'منى حسن', phone: '01011112222', image_url: null },
    association: { id: 4, title: 'جمعية الخير', cost: 100 },
    subscription_id: 31,
    from_day: { day_number: 45, date: '2026-05-14' },
    to_day: { day_number: 52, date: '2026-05-21' },
    status: 0,
    note: null,
    changed_by: null,
    created_at: '2026-04-01T09:00:00.000Z',
    decided_at: null,
    actions: ['cancel'],
    ...overrides,
  };
}

export function makeCardRequest(overrides: Partial<TCardRequest> = {}): TCardRequest {
  return {
    id: 9,
    name: 'منى حسن',
    national_id: '29001011234567',
    status: 0,
    note: null,
    user: { id: 7, name: 'منى حسن', phone: '01011112222', image_url: null },
    decided_by: null,
    created_at: '2026-04-01T09:00:00.000Z',
    decided_at: null,
    actions: [],
    ...overrides,
  };
}

/** A call as the stand-in API saw it, with its headers (the idempotency key). */
export type SeenCall = { method: string; path: string; body: unknown; headers: Record<string, string> };

type Answer = Response | undefined;

/**
 * Stands in for the API with the member signed in: GET /users/{id} answers the session, every other
 * call goes to `answer` (path without /api/v1); unknown calls get a 500. Every call is recorded.
 */
export function stubMemberApi(answer: (call: SeenCall) => Answer | Promise<Answer>, member = MEMBER): SeenCall[] {
  const calls: SeenCall[] = [];
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', String(member.id));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: SeenCall = {
        method: init.method ?? 'GET',
        path: url.replace(/^\/api\/v1/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...(init.headers as Record<string, string>) },
      };
      calls.push(call);
      if (call.method === 'GET' && call.path === `/users/${member.id}`) {
        return jsonResponse({ status: 'success', data: member });
      }
      return (await answer(call)) ?? jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  return calls;
}

/** A success envelope. */
export function ok(data: unknown, status = 200): Response {
  return jsonResponse({ status: 'success', data }, status);
}

/** An error envelope with the server's translated message and its code. */
export function refused(status: number, code: string, message: string): Response {
  return jsonResponse({ status: 'error', code, message, errors: [] }, status);
}
