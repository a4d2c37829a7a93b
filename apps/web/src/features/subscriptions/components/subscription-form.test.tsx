import type { TAssociation, TAssociationDay } from '@portal/shared/schemas/associations';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format';
import { renderWithProviders } from '../../../test/render';
import { ok, stubStaffApi } from '../../ledger/testing/fixtures';
import { SubscriptionForm } from './subscription-form';

configure({ asyncUtilTimeout: 5000 });

const ASSOCIATION = {
  id: 3,
  code: 'A-000003',
  title: 'جمعية الأمل',
  cost: 100,
  AvailableDays: 5,
} as TAssociation;

/** Free days 1, 2, 10, 11 and 100, one a day from 1 March 2027. */
const DAYS: TAssociationDay[] = [1, 2, 10, 11, 100].map((n) => ({
  day_number: n,
  date: `2027-03-${String(n % 28 || 28).padStart(2, '0')}`,
  subscription_id: null,
  user: null,
}));

function stubDays() {
  return stubStaffApi((call) => {
    if (call.path === '/associations') {
      return ok({ data: [ASSOCIATION], total: 1, lastPage: 1, currentPage: 1, perPage: -1 });
    }
    if (call.path === '/associations/3/days') {
      return ok({ data: DAYS, total: DAYS.length, lastPage: 1, currentPage: 1, perPage: 200 });
    }
    return undefined;
  });
}

/** The day dropdown's options shown now (their labels). */
function shownDays(): string[] {
  return [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title') ?? '');
}

describe('the turn-day picker of /subscriptions/create (issue 22 item 1)', { timeout: 60_000 }, () => {
  it.each([
    ['ar', '١٠'],
    ['ar', '10'],
    ['en', '١٠'],
    ['ar', '۱۰'],
  ] as const)('in %s, typing %s finds day 10 (then 100), never «no day available»', async (lang, typed) => {
    stubDays();
    await renderWithProviders(<SubscriptionForm initial={{ association_id: 3 }} />, { lang });
    const day = await screen.findByRole('combobox', { name: lang === 'ar' ? 'يوم الدور' : 'Turn day' });
    await waitFor(() => expect(day).toBeEnabled());
    fireEvent.mouseDown(day);
    fireEvent.change(day, { target: { value: typed } });
    const ten =
      lang === 'ar'
        ? `اليوم 10 — ${formatDate(DAYS[2]?.date ?? '', 'ar')}`
        : `Day 10 — ${formatDate(DAYS[2]?.date ?? '', 'en')}`;
    expect(await screen.findByTitle(ten)).toBeInTheDocument();
    expect(shownDays()).toEqual([ten, expect.stringMatching(lang === 'ar' ? /^اليوم 100 —/ : /^Day 100 —/)]);
    expect(screen.queryByText(lang === 'ar' ? 'لا توجد أيام متاحة' : 'No available days')).toBeNull();
  });
});
