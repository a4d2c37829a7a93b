import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { formatDate, formatMoney } from '../../../lib/format';
import { renderWithProviders } from '../../../test/render';
import { makeStatement, ok, refused, stubMemberApi } from '../testing/fixtures';
import { StatementScreen } from './statement-screen';

configure({ asyncUtilTimeout: 5000 });

const spaced = (text: string) => text.replace(/\s+/g, ' ');

function statementApi(statement = makeStatement()) {
  return stubMemberApi((call) =>
    call.method === 'GET' && call.path === '/me/subscriptions/31/statement' ? ok(statement) : undefined,
  );
}

const render = (route = '/my/subscriptions/31/statement', lang: 'ar' | 'en' = 'ar') =>
  renderWithProviders(<StatementScreen id={31} />, { route, lang });

describe('the statement (كشف حساب)', { timeout: 60_000 }, () => {
  it('shows the totals paid, late and remaining from the server, and one page of the 1,200 installments', async () => {
    const calls = statementApi();
    await render();
    expect(await screen.findByRole('heading', { name: 'كشف حساب: جمعية الخير' })).toBeInTheDocument();
    expect(screen.getByTestId('total-paid')).toHaveTextContent(spaced(formatMoney(3000, 'ar')));
    expect(screen.getByTestId('total-paid')).toHaveTextContent('عدد الأقساط: 30');
    expect(screen.getByTestId('total-late')).toHaveTextContent(spaced(formatMoney(500, 'ar')));
    expect(screen.getByTestId('total-late')).toHaveTextContent('عدد الأقساط: 5');
    expect(screen.getByTestId('total-remaining')).toHaveTextContent(spaced(formatMoney(117_000, 'ar')));
    expect(screen.getByTestId('total-remaining')).toHaveTextContent('عدد الأقساط: 1,170');
    expect(screen.getByText(`بتاريخ ${formatDate('2026-04-05', 'ar')}`)).toBeInTheDocument();

    // The screen draws one page (10 rows), not 1,200; the pager knows the total.
    const table = await screen.findByRole('region', { name: 'أقساط الاشتراك' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent(formatDate('2026-03-01', 'ar'));
    expect(first).toHaveTextContent('مدفوعة');
    expect(first).toHaveTextContent('FAW-1000');
    expect(screen.getByTestId('table-total')).toHaveTextContent('1,200');
    // One request for the statement, however many pages are shown.
    expect(calls.filter((c) => c.path.endsWith('/statement'))).toHaveLength(1);
  });

  it('filters the installments by status, still from the one answer', async () => {
    const calls = statementApi();
    await render('/my/subscriptions/31/statement?status=late');
    const table = await screen.findByRole('region', { name: 'أقساط الاشتراك' });
    // The rows once loaded (the skeleton has rows too).
    await within(table).findAllByText('متأخرة');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    for (const row of within(table).getAllByRole('row').slice(1)) expect(row).toHaveTextContent('متأخرة');
    expect(screen.getByTestId('table-total')).toHaveTextContent('5');
    expect(calls.filter((c) => c.path.endsWith('/statement'))).toHaveLength(1);
  });

  it('prints a summary page, then the installments one line per month, the late ones and the next 30 days (issue 22 item 13)', async () => {
    setClockForTests('2026-04-05T08:00:00Z');
    statementApi();
    await render('/my/subscriptions/31/statement?view=print');
    const doc = await screen.findByTestId('statement-document');
    expect(within(doc).getByRole('heading', { name: 'كشف حساب اشتراك' })).toBeInTheDocument();
    expect(doc).toHaveTextContent('منى حسن');
    // The association's type on its own line: no "(مميزة (VIP))" after the title.
    expect(doc).not.toHaveTextContent(/\(.*\(/);
    const summary = within(doc).getByTestId('statement-summary-page');
    expect(within(summary).getByText('النوع').nextElementSibling).toHaveTextContent('عادية');
    const totals = within(summary).getByRole('table', { name: 'ملخص الكشف' });
    expect(within(totals).getByRole('row', { name: /المتبقي/ })).toHaveTextContent(spaced(formatMoney(117_000, 'ar')));
    expect(within(totals).getByRole('row', { name: /الإجمالي/ })).toHaveTextContent(spaced(formatMoney(120_000, 'ar')));

    // 1,200 daily installments from 1 March 2026: 40 months, not 1,200 lines.
    const months = within(doc).getByRole('table', { name: 'الأقساط حسب الشهر' });
    const monthRows = within(months.querySelector('tbody') as HTMLElement).getAllByRole('row');
    expect(monthRows).toHaveLength(40);
    // March: 30 paid and 1 late (the 31st); April: 4 late, 26 to come.
    const cells = (row: Element | undefined) =>
      [...(row?.children ?? [])].map((cell) => spaced(cell.textContent ?? ''));
    const money = (pounds: number) => spaced(formatMoney(pounds, 'ar'));
    expect(cells(monthRows[0])).toEqual(['مارس 2026', '31', '30', money(3_000), '1', money(100), '—', '—']);
    expect(cells(monthRows[1])).toEqual(['أبريل 2026', '30', '—', '—', '4', money(400), '26', money(2_600)]);
    const total = within(months.querySelector('tfoot') as HTMLElement).getByRole('row');
    expect(total).toHaveTextContent('1,200');
    expect(total).toHaveTextContent(spaced(formatMoney(3_000, 'ar')));
    expect(total).toHaveTextContent(spaced(formatMoney(500, 'ar')));
    expect(total).toHaveTextContent(spaced(formatMoney(116_500, 'ar')));

    const late = within(doc).getByRole('table', { name: 'الأقساط المتأخرة' });
    expect(within(late).getAllByRole('row')).toHaveLength(1 + 5);
    // Today is 5 April 2026 in Cairo: the installments due from then to 5 May, one by one.
    const next = within(doc).getByRole('table', { name: /الأقساط المستحقة خلال 30 يومًا القادمة/ });
    const nextRows = within(next).getAllByRole('row').slice(1);
    expect(nextRows).toHaveLength(31);
    expect(nextRows[0]).toHaveTextContent(formatDate('2026-04-05', 'ar'));
    expect(nextRows[30]).toHaveTextContent(formatDate('2026-05-05', 'ar'));
    // The screen's paged table and summary make way for the document.
    expect(screen.queryByRole('region', { name: 'أقساط الاشتراك' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'طباعة / حفظ PDF' })).toBeInTheDocument();
  });

  it('sums each month in whole piastres', async () => {
    setClockForTests('2026-04-05T08:00:00Z');
    const statement = makeStatement(60, 0, 0);
    // A tenth of a pound thirty times: 3.00, not 3.0000000000000013.
    statement.rows = statement.rows.map((row) => ({ ...row, amount: 0.1 }));
    const { groupByMonth } = await import('../lib/statement-months');
    const [march] = groupByMonth(statement.rows);
    expect(march?.future).toEqual({ count: 31, piastres: 310 });
    statementApi(statement);
    await render('/my/subscriptions/31/statement?view=print', 'en');
    const months = await screen.findByRole('table', { name: 'Installments by month' });
    expect(within(months.querySelector('tfoot') as HTMLElement).getByRole('row')).toHaveTextContent(
      spaced(formatMoney(6, 'en')),
    );
  });

  it('prints in English too, and goes back to the screen', async () => {
    const { router } = await (async () => {
      statementApi();
      return render('/my/subscriptions/31/statement?view=print', 'en');
    })();
    const doc = await screen.findByTestId('statement-document');
    expect(within(doc).getByRole('heading', { name: 'Subscription statement' })).toBeInTheDocument();
    expect(within(doc).getByRole('table', { name: 'Installments by month' })).toBeInTheDocument();
    expect(within(doc).getByRole('table', { name: 'Late installments' })).toBeInTheDocument();
    expect(doc).toHaveTextContent(`As of ${formatDate('2026-04-05', 'en')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the statement' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('region', { name: 'Installments' })).toBeInTheDocument();
  });

  it('renders the whole document when the browser prints from the paged screen (Ctrl+P)', async () => {
    statementApi();
    await render();
    await screen.findByRole('region', { name: 'أقساط الاشتراك' });
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const doc = screen.getByTestId('statement-document');
    expect(within(doc).getByRole('table', { name: 'الأقساط حسب الشهر' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByTestId('statement-document')).not.toBeInTheDocument();
  });

  it('says a subscription that is not mine is not found', async () => {
    stubMemberApi((call) =>
      call.path === '/me/subscriptions/31/statement'
        ? refused(404, 'errors.not_found', 'العنصر المطلوب غير موجود')
        : undefined,
    );
    await render();
    expect(await screen.findByText('هذا الاشتراك غير موجود')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'جمعياتي' })).toHaveAttribute('href', '/my/associations');
  });
});
