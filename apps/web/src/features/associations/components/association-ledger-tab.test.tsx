import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeAssociationCash, makeForecast } from '../../reports/testing/fixtures';
import AssociationLedgerTab from './association-ledger-tab';

configure({ asyncUtilTimeout: 10_000 });

/** An element's text as read, the isolation marks around amounts in sentences left out. */
const plain = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u2060\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

function stub(answer: Response) {
  signInAs({ id: 1 });
  return stubApi((call) => {
    if (call.url === '/api/v1/users/1') return ok(makeUser({ id: 1 }));
    if (call.url === '/api/v1/reports/cash/associations/7') return answer;
    return undefined;
  });
}

describe('the Ledger tab of an association', () => {
  it('shows the association’s figures and its forecast, with the day its pool goes below zero in words', async () => {
    stub(ok(makeAssociationCash()));
    await renderWithProviders(<AssociationLedgerTab associationId={7} />, { lang: 'ar' });
    const tab = await screen.findByTestId('association-ledger');
    expect(within(tab).getByText(/الأرقام حتى/)).toBeInTheDocument();
    expect(within(tab).getByTestId('figure-members-value')).toHaveTextContent('287');
    expect(plain(within(tab).getByTestId('forecast-negative'))).toContain('سيصبح الرصيد النقدي بالسالب يوم');
    expect(plain(within(tab).getByTestId('forecast-overdue'))).toContain('يشمل اليوم الأول مبالغ قبض مستحقة');
  });

  it('a pool below zero today says "today"', async () => {
    stub(ok(makeAssociationCash({ forecast: makeForecast({ opening: -500 }) })));
    await renderWithProviders(<AssociationLedgerTab associationId={7} />, { lang: 'en' });
    expect(plain(await screen.findByTestId('forecast-negative'))).toContain('The cash position is below zero today');
  });

  it('a failed load is said, with a way to try again', async () => {
    stub(jsonResponse({ status: 'error', message: 'down', errors: [] }, 500));
    await renderWithProviders(<AssociationLedgerTab associationId={7} />, { lang: 'en' });
    expect(await screen.findByTestId('cash-error')).toHaveTextContent('The figures could not be loaded.');
  });
});
