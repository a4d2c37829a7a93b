import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeCashReport, makeCashRow, makeForecast } from '../testing/fixtures';
import { CashReport } from './cash-report';

configure({ asyncUtilTimeout: 10_000 });

/** An element's text as read, the isolation marks around amounts in sentences left out. */
const plain = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u2060\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

const WIDTH = 800;

function stub(options: { report?: unknown; reportStatus?: number; rows?: unknown[] } = {}): Call[] {
  signInAs({ id: 1 });
  return stubApi((call) => {
    if (call.url === '/api/v1/users/1') return ok(makeUser({ id: 1, role_permissions: ['payments.index'] }));
    if (call.url === '/api/v1/reports/cash') {
      if (options.reportStatus) {
        return jsonResponse({ status: 'error', message: 'down', errors: [] }, options.reportStatus);
      }
      return ok(options.report ?? makeCashReport());
    }
    if (call.url === '/api/v1/reports/cash/associations') {
      const rows = options.rows ?? [
        makeCashRow(),
        makeCashRow({
          id: 9,
          code: 'A-000009',
          title: 'جمعية الخير',
          negative_on: null,
          figures: { ...makeCashRow().figures, cash_position: 5000 },
        }),
      ];
      return ok({ data: rows, total: rows.length, lastPage: 1, currentPage: 1, perPage: 10 });
    }
    return undefined;
  });
}

/** Where the chart drew its days and its amounts axis. */
function layout(card: HTMLElement) {
  const ticks = [...card.querySelectorAll('.forecast-date-tick')].map((tick) => ({
    text: tick.textContent ?? '',
    x: Number(tick.getAttribute('x')),
  }));
  const valueAxis = card.querySelector('.recharts-yAxis .recharts-cartesian-axis-line');
  return { ticks, valueAxisX: Number(valueAxis?.getAttribute('x1')) };
}

async function drawnForecast() {
  const card = await screen.findByTestId('cash-forecast');
  await within(card).findByTestId('forecast-chart');
  await vi.waitFor(
    () => {
      expect(layout(card).ticks.length).toBeGreaterThan(1);
      expect(Number.isNaN(layout(card).valueAxisX)).toBe(false);
    },
    { timeout: 10_000 },
  );
  return card;
}

describe('the cash report', { timeout: 60_000 }, () => {
  // jsdom lays nothing out: the chart's container gets a desk-sized box, as in a browser.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: WIDTH,
      bottom: 300,
      width: WIDTH,
      height: 300,
      toJSON: () => ({}),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('in English: the figures, the day the pool goes below zero in words, the lines; days run left to right', async () => {
    stub();
    await renderWithProviders(<CashReport />, { lang: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cash report' })).toBeInTheDocument();
    expect(await screen.findByTestId('cash-as-of')).toHaveTextContent('Figures as of Mar 15, 2026 · Associations: 3');
    expect(screen.getByTestId('figure-cash-value')).toHaveTextContent('EGP 62,300.00');
    expect(screen.getByTestId('figure-collected-value')).toHaveTextContent('EGP 182,450.00');
    expect(plain(screen.getByTestId('figure-paid-out'))).toContain('of which EGP 640.00 arrears deducted from payouts');
    expect(screen.getByTestId('figure-fill')).toHaveTextContent('8.4%');
    expect(screen.getByTestId('figure-fill')).toHaveTextContent('303 of 3,600 days held');
    expect(screen.getByTestId('figure-arrears')).toHaveTextContent('Late installments: 431 · members in arrears: 12');
    expect(screen.getByTestId('figure-arrears')).toHaveTextContent('Oldest late installment due Jan 6, 2026');
    // The negative day, in words (not only by colour on the chart).
    const forecast = makeForecast();
    expect(forecast.negative_on).not.toBeNull();
    const negative = forecast.days.find((d) => d.date === forecast.negative_on);
    expect(plain(screen.getByTestId('forecast-negative'))).toContain(
      `The cash position goes below zero on May 7, 2026 (-EGP ${Math.abs(negative?.cash ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 })} that day).`,
    );
    expect(plain(screen.getByTestId('forecast-overdue'))).toContain(
      'The first day includes payouts already due and not made: 1, totalling EGP 12,000.00.',
    );
    const card = await drawnForecast();
    const { ticks, valueAxisX } = layout(card);
    // The first day stands left of the last; the amounts on the left.
    expect(ticks[0]?.x).toBeLessThan(ticks[ticks.length - 1]?.x ?? 0);
    expect(valueAxisX).toBeLessThan(WIDTH / 2);
    // The first day below zero is marked on the drawing too, with its word.
    expect(card.querySelector('.forecast-negative-marker')).not.toBeNull();
    expect(card.querySelector('.forecast-negative-label')).toHaveTextContent('Below zero');
    // The lines: each association's own first day below zero, or "not within 90 days".
    expect(await screen.findByTestId('cash-line-negative-7')).toHaveTextContent('Apr 2, 2026');
    const other = screen.getByTestId('cash-line-9').closest('tr');
    expect(other).toHaveTextContent('Not within 90 days');
    expect(screen.getByTestId('cash-line-7')).toHaveAttribute('href', '/associations/7?tab=ledger');
  });

  it('in Arabic, mirrored: the first day at the right, the amounts on the right; the same verdict in Arabic words', async () => {
    stub();
    await renderWithProviders(<CashReport />, { lang: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'التقرير النقدي' })).toBeInTheDocument();
    expect(plain(await screen.findByTestId('forecast-negative'))).toContain('سيصبح الرصيد النقدي بالسالب يوم');
    const card = await drawnForecast();
    const { ticks, valueAxisX } = layout(card);
    expect(ticks[0]?.x).toBeGreaterThan(ticks[ticks.length - 1]?.x ?? Number.POSITIVE_INFINITY);
    expect(valueAxisX).toBeGreaterThan(WIDTH / 2);
    // The same figures day by day, for any reader, with the first day below zero named.
    const table = within(card).getByRole('table', { name: 'التوقعات يومًا بيوم' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(within(table).getByText(/بداية العجز/)).toBeInTheDocument();
  });

  it('says so when the pool stays above zero, and marks a negative cash position with the word "shortfall"', async () => {
    const safe = makeForecast({ opening: 500_000, payoutEvery: 30, overdue: { count: 0, sum: 0 } });
    stub({
      report: makeCashReport({ forecast: safe, figures: { ...makeCashReport().figures, cash_position: -1_500 } }),
    });
    await renderWithProviders(<CashReport />, { lang: 'en' });
    expect(plain(await screen.findByTestId('forecast-safe'))).toContain(
      'The cash position stays above zero for the next 90 days; its lowest is',
    );
    expect(screen.queryByTestId('forecast-negative')).toBeNull();
    expect(screen.queryByTestId('forecast-overdue')).toBeNull();
    expect(screen.getByTestId('figure-cash')).toHaveTextContent('-EGP 1,500.00Shortfall');
  });

  it('while loading shows the figures’ placeholders; a failed load says so with a way to try again', async () => {
    const calls = stub({ reportStatus: 500 });
    await renderWithProviders(<CashReport />, { lang: 'en' });
    const error = await screen.findByTestId('cash-error');
    expect(error).toHaveTextContent('The figures could not be loaded.');
    const before = calls.filter((c) => c.url === '/api/v1/reports/cash').length;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v1/reports/cash').length).toBeGreaterThan(before),
    );
  });

  it('with no association yet: zero figures and an empty list', async () => {
    const empty = makeCashReport({
      associations: 0,
      figures: {
        ...makeCashReport().figures,
        days_held: 0,
        days_total: 0,
        fill_rate: 0,
        members: 0,
        collected: 0,
        paid_out: 0,
        deducted: 0,
        refunds: 0,
        cash_position: 0,
        arrears: { sum: 0, count: 0, members: 0, oldest: null },
        payouts_made: { count: 0, sum: 0 },
        payouts_due: { count: 0, sum: 0 },
      },
      forecast: makeForecast({ opening: 0, payoutEvery: 1000, overdue: { count: 0, sum: 0 } }),
    });
    stub({ report: empty, rows: [] });
    await renderWithProviders(<CashReport />, { lang: 'en' });
    expect(await screen.findByTestId('figure-arrears')).toHaveTextContent('Nothing is late');
    expect(screen.getByTestId('figure-cash')).not.toHaveTextContent('Shortfall');
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
