import type { TDashboardCounts } from '@portal/shared/schemas/dashboard';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AssociationsByCostChart, RequestsByStatusChart, SubscriptionsByAssociationChart } from './dashboard-charts';

configure({ asyncUtilTimeout: 10_000 });

const WIDTH = 600;

const COUNTS: TDashboardCounts = {
  counts: [{ active_user: 1, inactive_user: 0, payments_received: 0, payments_late: 0, payments_future: 0 }],
  counts_associations: [
    { cost: 5, cost_count: 1 },
    { cost: 50, cost_count: 4 },
    { cost: 200, cost_count: 2 },
  ],
  counts_subscriptions: [
    { title: 'جمعية الأمل للموظفين في القاهرة', users: 9 },
    { title: 'جمعية النور', users: 3 },
  ],
};

function stub(counts: TDashboardCounts = COUNTS) {
  signInAs({ id: 1 });
  stubApi((call) => {
    if (call.url === '/api/v1/users/1') return ok(makeUser({ id: 1 }));
    if (call.url === '/api/v1/dashbored/count') return ok(counts);
    if (call.url === '/api/v1/customers_requests/statistics') {
      return ok({
        statistics: {
          draft: 2,
          submitted: 5,
          reviewed: 1,
          accepted: 0,
          paid: 3,
          ready: 0,
          delivered: 7,
          rejected: 1,
          canceled: 0,
          branched: 2,
        },
        total: 19,
      });
    }
    return undefined;
  });
}

/** Where the chart drew each axis: the category ticks' x in order, and the value axis' x. */
function layout(card: HTMLElement) {
  const ticks = [...card.querySelectorAll('.chart-category-tick')].map((tick) => ({
    // Intl puts a no-break space between the currency and the amount.
    text: (tick.textContent ?? '').replace(/\s/g, ' '),
    x: Number(tick.getAttribute('x')),
  }));
  const valueAxis = card.querySelector('.recharts-yAxis .recharts-cartesian-axis-line');
  return { ticks, valueAxisX: Number(valueAxis?.getAttribute('x1')) };
}

async function drawn(testId: string) {
  const card = await screen.findByTestId(testId);
  await within(card).findByTestId('count-bar-chart');
  // recharts draws its axes once it knows its size (the stubbed layout below).
  await vi.waitFor(() => expect(layout(card).ticks.length).toBeGreaterThan(0), { timeout: 10_000 });
  return card;
}

describe('the dashboard charts', { timeout: 60_000 }, () => {
  // jsdom lays nothing out: give the chart's container a desk-sized box, as a browser would.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: WIDTH,
      bottom: 280,
      width: WIDTH,
      height: 280,
      toJSON: () => ({}),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('in English: the first bar at the left, the value axis on the left, EGP labels', async () => {
    stub();
    await renderWithProviders(<AssociationsByCostChart />, { lang: 'en' });
    const card = await drawn('chart-associations');
    const { ticks, valueAxisX } = layout(card);
    expect(ticks.map((t) => t.text)).toEqual(['EGP 5', 'EGP 50', 'EGP 200']);
    expect(ticks[0]?.x).toBeLessThan(ticks[2]?.x ?? 0);
    expect(valueAxisX).toBeLessThan(WIDTH / 2);
  });

  it('in Arabic, mirrored: the first bar at the right, the value axis on the right', async () => {
    stub();
    await renderWithProviders(<AssociationsByCostChart />, { lang: 'ar' });
    const card = await drawn('chart-associations');
    const { ticks, valueAxisX } = layout(card);
    expect(ticks[0]?.text).toContain('5');
    expect(ticks[0]?.text).toContain('ج.م.');
    // The first (cheapest) bar stands right of the others, in order.
    expect(ticks[0]?.x).toBeGreaterThan(ticks[1]?.x ?? Number.POSITIVE_INFINITY);
    expect(ticks[1]?.x).toBeGreaterThan(ticks[2]?.x ?? Number.POSITIVE_INFINITY);
    expect(valueAxisX).toBeGreaterThan(WIDTH / 2);
    // The same figures for screen readers, beside the drawing hidden from them.
    const table = within(card).getByRole('table', { name: 'بيانات الرسم البياني: الجمعيات حسب قيمة القسط' });
    // In the data's order (readers are not mirrored): each installment and how many associations have it.
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('قيمة القسطعدد الجمعيات');
    expect(rows.slice(1).map((row) => row.textContent?.replace(/\D/g, ''))).toEqual(['51', '504', '2002']);
  });

  it('shortens long association titles on the axis and keeps them whole in the table', async () => {
    stub();
    await renderWithProviders(<SubscriptionsByAssociationChart />, { lang: 'ar' });
    const card = await drawn('chart-subscriptions');
    const { ticks, valueAxisX } = layout(card);
    expect(ticks.map((t) => t.text)).toEqual(['جمعية الأمل للم…', 'جمعية النور']);
    expect(ticks[0]?.x).toBeGreaterThan(ticks[1]?.x ?? Number.POSITIVE_INFINITY);
    expect(valueAxisX).toBeGreaterThan(WIDTH / 2);
    expect(within(card).getByRole('rowheader', { name: 'جمعية الأمل للموظفين في القاهرة' })).toBeInTheDocument();
  });

  it('labels the bar of every other association in the reader’s language, with how many it sums', async () => {
    const withOthers = {
      ...COUNTS,
      counts_subscriptions: [...COUNTS.counts_subscriptions, { title: 'جمعيات أخرى (14)', users: 20, others: 14 }],
    };
    stub(withOthers);
    await renderWithProviders(<SubscriptionsByAssociationChart />, { lang: 'en' });
    const card = await drawn('chart-subscriptions');
    const table = within(card).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['جمعية الأمل للموظفين في القاهرة9', 'جمعية النور3', 'Other associations (14)20']);
  });

  it('the others bar in Arabic', async () => {
    stub({
      ...COUNTS,
      counts_subscriptions: [...COUNTS.counts_subscriptions, { title: 'x', users: 20, others: 14 }],
    });
    await renderWithProviders(<SubscriptionsByAssociationChart />, { lang: 'ar' });
    const card = await drawn('chart-subscriptions');
    expect(within(card).getByRole('rowheader', { name: 'جمعيات أخرى (14)' })).toBeInTheDocument();
  });

  it('says there is nothing to draw yet, without loading the chart', async () => {
    stub({ ...COUNTS, counts_subscriptions: [] });
    await renderWithProviders(<SubscriptionsByAssociationChart />, { lang: 'en' });
    const card = await screen.findByTestId('chart-subscriptions');
    expect(await within(card).findByText('No data yet')).toBeInTheDocument();
    expect(within(card).queryByTestId('count-bar-chart')).toBeNull();
  });

  it('counts service requests by status, in the order a request goes', async () => {
    stub();
    await renderWithProviders(<RequestsByStatusChart />, { lang: 'en' });
    const card = await drawn('chart-requests');
    const table = within(card).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Draft2',
      'Submitted5',
      'Reviewed1',
      'Accepted0',
      'Paid3',
      'Ready for delivery0',
      'Delivered7',
      'Rejected1',
      'Canceled0',
    ]);
  });
});
