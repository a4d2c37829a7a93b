import type {
  TAssociationCash,
  TCashFigures,
  TCashReport,
  TCashReportRow,
  TForecast,
  TMemberBalance,
} from '@portal/shared/schemas/reports';

/** Days from `from` (yyyy-mm-dd), as the server counts them. */
function dayAfter(from: string, n: number): string {
  const date = new Date(`${from}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

export function makeFigures(overrides: Partial<TCashFigures> = {}): TCashFigures {
  return {
    days_held: 303,
    days_total: 1200,
    fill_rate: 0.2525,
    members: 287,
    collected: 182_450,
    paid_out: 120_000,
    deducted: 640,
    refunds: 150,
    cash_position: 62_300,
    arrears: { sum: 4_310, count: 431, members: 12, oldest: '2026-01-06' },
    payouts_made: { count: 10, sum: 120_000 },
    payouts_due: { count: 1, sum: 12_000 },
    ...overrides,
  };
}

/**
 * A 90-day forecast from 2026-03-15: 3,030 EGP collected a day and a 12,000 EGP payout every
 * `payoutEvery` days from the opening cash; negative_on and lowest as the server computes them.
 */
export function makeForecast({
  opening = 62_300,
  payoutEvery = 3,
  overdue = { count: 1, sum: 12_000 },
}: {
  opening?: number;
  payoutEvery?: number;
  overdue?: { count: number; sum: number };
} = {}): TForecast {
  const from = '2026-03-15';
  let cash = opening;
  const days = Array.from({ length: 90 }, (_, i) => {
    const payoutsCount = (i % payoutEvery === payoutEvery - 1 ? 1 : 0) + (i === 0 ? overdue.count : 0);
    const payouts = (i % payoutEvery === payoutEvery - 1 ? 12_000 : 0) + (i === 0 ? overdue.sum : 0);
    const collections = 3_030;
    cash += collections - payouts;
    return { date: dayAfter(from, i), collections, payouts, payouts_count: payoutsCount, cash };
  });
  const negative = days.find((d) => d.cash < 0);
  const lowest = days.reduce((low, d) => (d.cash < low.cash ? d : low), days[0] ?? { date: from, cash: opening });
  return {
    from,
    to: dayAfter(from, 89),
    opening_cash: opening,
    overdue_payouts: overdue,
    days,
    negative_on: negative?.date ?? null,
    lowest: { date: lowest.date, cash: lowest.cash },
  };
}

export function makeAssociationCash(overrides: Partial<TAssociationCash> = {}): TAssociationCash {
  return {
    as_of: '2026-03-15',
    association: {
      id: 7,
      code: 'A-000007',
      title: 'جمعية الأمل',
      status: 'started',
      cost: 10,
      from_date: '2026-01-01',
      to_date: '2029-04-15',
    },
    figures: makeFigures(),
    forecast: makeForecast(),
    ...overrides,
  };
}

export function makeCashReport(overrides: Partial<TCashReport> = {}): TCashReport {
  return {
    as_of: '2026-03-15',
    associations: 3,
    figures: makeFigures({ days_total: 3600, fill_rate: 0.0842 }),
    forecast: makeForecast(),
    ...overrides,
  };
}

export function makeCashRow(overrides: Partial<TCashReportRow> = {}): TCashReportRow {
  return {
    id: 7,
    code: 'A-000007',
    title: 'جمعية الأمل',
    status: 'started',
    cost: 10,
    from_date: '2026-01-01',
    to_date: '2029-04-15',
    figures: makeFigures(),
    negative_on: '2026-04-02',
    ...overrides,
  };
}

export function makeBalance(overrides: Partial<TMemberBalance> = {}): TMemberBalance {
  return {
    user_id: 5,
    as_of: '2026-03-15',
    paid: 1_040,
    received: 12_000,
    payouts: 12_000,
    deducted: 640,
    refunds: 0,
    owed: { count: 1126, sum: 11_260 },
    late: { count: 3, sum: 30, oldest: '2026-03-12' },
    to_receive: { count: 1, sum: 12_000 },
    lines: [
      {
        subscription_id: 11,
        association: { id: 7, code: 'A-000007', title: 'جمعية الأمل' },
        day_number: 5,
        turn_date: '2026-01-05',
        status: 'active',
        transfer_status: 'paid',
        holder: true,
        paid: 740,
        received: 12_000,
        owed: { count: 1126, sum: 11_260 },
        late: { count: 3, sum: 30 },
      },
      {
        subscription_id: 12,
        association: { id: 8, code: 'A-000008', title: 'جمعية النور' },
        day_number: 100,
        turn_date: '2026-04-10',
        status: 'active',
        transfer_status: 'unpaid',
        holder: false,
        paid: 300,
        received: 0,
        owed: { count: 0, sum: 0 },
        late: { count: 0, sum: 0 },
      },
    ],
    ...overrides,
  };
}
