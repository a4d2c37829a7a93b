import type { Permission } from '@portal/shared/permissions';
import type { TPayment, TSubscription, TSubscriptionDetail } from '@portal/shared/schemas/associations';
import type {
  TLedgerEntry,
  TPayout,
  TPayoutQuote,
  TReceipt,
  TSubscriptionBalance,
  TWithdrawQuote,
} from '@portal/shared/schemas/ledger';
import { vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse } from '../../../test/render';

/**
 * Money records as the API answers them (docs/decisions/0029), for the money screens' component
 * tests; each test overrides only what it is about. The story: هبة سامي holds day 3 of جمعية
 * موظفي البريد (100 EGP a day, a payout of 120,000), and owes 11 installments by the payout date.
 */

export const STAFF_PERMISSIONS: Permission[] = [
  'subscriptions.index',
  'subscriptions.put',
  'payments.index',
  'payments.put',
  'payments.reverse',
  'users.index',
];

export function makeSubscriptionRow(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    id: 51,
    user_id: 8,
    userName: 'هبة سامي',
    userPhone: '01099887766',
    date: '2027-03-03',
    dayNumber: 3,
    association: { id: 5, title: 'جمعية موظفي البريد', cost: 100 },
    amount: 120_000,
    transferStatus: 'unpaid',
    transfer_reference: null,
    transfer_date: null,
    payout_id: null,
    subscription_status: 'active',
    created_at: '2027-03-15T08:00:00.000Z',
    ...overrides,
  };
}

export function makeBalance(overrides: Partial<TSubscriptionBalance> = {}): TSubscriptionBalance {
  return {
    paid: 200,
    paid_out: 0,
    refunded: 0,
    owed_back: 200,
    late_count: 11,
    late_sum: 1100,
    future_count: 1187,
    future_sum: 118_700,
    ...overrides,
  };
}

export function makeSubscriptionDetail(overrides: Partial<TSubscriptionDetail> = {}): TSubscriptionDetail {
  return {
    ...makeSubscriptionRow(),
    installments: {
      total: 1200,
      received_count: 2,
      received_sum: 200,
      late_count: 11,
      late_sum: 1100,
      future_count: 1187,
      future_sum: 118_700,
      cancelled_count: 0,
    },
    payout_due: true,
    association_status: 'started',
    balance: makeBalance(),
    can_withdraw: true,
    can_replace: true,
    can_refund: false,
    ...overrides,
  };
}

/** Eleven installments of 100 EGP, days 1–4 and 7–13, due 1–13 March 2027. */
const ARREARS = [1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13].map((day) => ({
  id: 900 + day,
  day_number: day,
  due_date: `2027-03-${String(day).padStart(2, '0')}`,
  amount: 100,
}));

export function makePayoutQuote(overrides: Partial<TPayoutQuote> = {}): TPayoutQuote {
  return {
    subscription_id: 51,
    date: '2027-03-15',
    turn_date: '2027-03-03',
    gross: 120_000,
    arrears: { count: 11, sum: 1100, late_count: 11, late_sum: 1100, installments: ARREARS },
    deducted: 1100,
    net: 118_900,
    policy: 'net',
    refusal: null,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<TPayment> = {}): TPayment {
  return {
    id: 901,
    user: { id: 8, name: 'هبة سامي', phone: '01099887766' },
    association: { id: 5, title: 'جمعية موظفي البريد', cost: 100 },
    association_id: 5,
    subscription_id: 51,
    dayNumber: 1,
    dueDate: '2027-03-01',
    status: 'late',
    amount: 100,
    days_late: 14,
    reference: null,
    note: null,
    received_at: null,
    receipt: null,
    ...overrides,
  };
}

export function makeReceipt(overrides: Partial<TReceipt> = {}): TReceipt {
  return {
    id: 71,
    number: 'R-2027-000012',
    date: '2027-03-15',
    created_at: '2027-03-15T08:30:00.000Z',
    method: 'fawry',
    reference: 'FAWRY-55102',
    note: null,
    amount: 200,
    member: { id: 8, name: 'هبة سامي', phone: '01099887766' },
    association: { id: 5, code: 'A-000005', title: 'جمعية موظفي البريد', cost: 100 },
    subscription: { id: 51, day_number: 3, date: '2027-03-03' },
    installments: [
      { id: 901, day_number: 1, due_date: '2027-03-01', amount: 100 },
      { id: 915, day_number: 15, due_date: '2027-03-15', amount: 100 },
    ],
    recorded_by: { id: 1, name: 'مدير النظام' },
    payout_id: null,
    reversal: null,
    ...overrides,
  };
}

export function makePayout(overrides: Partial<TPayout> = {}): TPayout {
  return {
    id: 81,
    kind: 'payout',
    subscription_id: 51,
    association_id: 5,
    member: { id: 8, name: 'هبة سامي', phone: '01099887766' },
    gross: 120_000,
    deducted: 1100,
    net: 118_900,
    reference: 'BM-TRX-7781',
    date: '2027-03-15',
    note: null,
    recorded_by: { id: 1, name: 'مدير النظام' },
    created_at: '2027-03-15T09:00:00.000Z',
    deduction_receipt: { id: 72, number: 'R-2027-000013' },
    reversal: null,
    ...overrides,
  };
}

export function makeWithdrawQuote(overrides: Partial<TWithdrawQuote> = {}): TWithdrawQuote {
  return {
    subscription_id: 51,
    balance: makeBalance(),
    cancel_count: 1198,
    cancel_sum: 119_800,
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<TLedgerEntry> & Pick<TLedgerEntry, 'kind' | 'id'>): TLedgerEntry {
  return {
    at: '2027-03-15T08:30:00.000Z',
    number: null,
    amount: null,
    method: null,
    reference: null,
    date: null,
    member: { id: 8, name: 'هبة سامي', phone: '01099887766' },
    previous_member: null,
    recorded_by: { id: 1, name: 'مدير النظام' },
    reason: null,
    target: null,
    reversed: false,
    ...overrides,
  };
}

/** A call as the stand-in API saw it (path without /api/v1), with its headers. */
export type MoneyCall = { method: string; path: string; body: unknown; headers: Record<string, string> };

/**
 * Stands in for the API with a staff member signed in holding `permissions`: GET /users/1 answers
 * the session, every other call goes to `answer`; an unknown call gets a 500. Every call is recorded.
 */
export function stubStaffApi(
  answer: (call: MoneyCall) => Response | undefined | Promise<Response | undefined>,
  permissions: readonly Permission[] = STAFF_PERMISSIONS,
): MoneyCall[] {
  const calls: MoneyCall[] = [];
  const staff = makeUser({ id: 1, type: 'admin', direct_permissions: [...permissions] });
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', '1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: MoneyCall = {
        method: init.method ?? 'GET',
        path: url.replace(/^\/api\/v1/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...(init.headers as Record<string, string>) },
      };
      calls.push(call);
      if (call.method === 'GET' && call.path === '/users/1') return jsonResponse({ status: 'success', data: staff });
      return (await answer(call)) ?? jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  return calls;
}

export function ok(data: unknown, status = 200): Response {
  return jsonResponse({ status: 'success', data }, status);
}

/** An error envelope with the server's translated message, its code and field errors. */
export function refused(
  status: number,
  code: string,
  message: string,
  errors: { title: string; field?: string }[] = [],
): Response {
  return jsonResponse({ status: 'error', code, message, errors }, status);
}

/**
 * Finds an element by its whole text as a person reads it, whatever isolates (U+2068…U+2069) wrap
 * the names and amounts in it: `screen.findByText(readAs('تم تسجيل …'))`.
 */
export function readAs(text: string) {
  const plain = (value: string | null | undefined) =>
    (value ?? '')
      .replace(/[\u2068\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  return (_content: string, element: Element | null): boolean =>
    element !== null &&
    plain(element.textContent) === text &&
    [...element.children].every((child) => plain(child.textContent) !== text);
}

/** An amount as the screens show it, with its spaces as a text query reads them (no-break spaces as plain ones). */
export function moneyText(amount: number, lang: 'ar' | 'en' = 'ar'): string {
  return formatMoney(amount, lang).replace(/\s+/g, ' ');
}
