import type { TAssociation } from '@portal/shared/schemas/associations';
import { configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DeleteAssociation, StartAssociation } from './association-actions';

configure({ asyncUtilTimeout: 5000 });

const ASSOCIATION: TAssociation = {
  id: 7,
  code: 'A-000007',
  title: 'جمعية الأمل',
  association_type: 'normal',
  associationType: 'normal',
  cost: 50,
  from_date: '2027-03-01',
  fromDate: '2027-03-01',
  to_date: '2030-06-13',
  status: 'pending',
  started_at: null,
  can_start: true,
  closed_at: null,
  numOfSubscription: 0,
  AvailableDays: 1200,
  locked: false,
  created_at: '2027-02-01T09:00:00.000Z',
};

function stub() {
  signInAs({ id: 1 });
  return stubApi((call: Call) => {
    if (call.method === 'GET' && call.url === '/api/v1/users/1') return ok(makeUser({ id: 1 }));
    if (call.method === 'POST' && call.url === '/api/v1/associations/status') return ok(ASSOCIATION);
    if (call.method === 'DELETE' && call.url === '/api/v1/associations/7') return ok(null);
    return undefined;
  });
}

describe('the association actions shared by its list row and its page', { timeout: 60_000 }, () => {
  it('starts the association after its confirmation, named by its title', async () => {
    const calls = stub();
    await renderWithProviders(<StartAssociation association={ASSOCIATION} testId="start" />);
    fireEvent.click(await screen.findByRole('button', { name: 'بدء جمعية الأمل' }));
    expect(await screen.findByText('بدء الجمعية الآن؟')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، ابدأ الجمعية' }));
    expect(await screen.findByText('بدأت الجمعية')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/associations/status').map((c) => c.body)).toEqual([
      { association_id: 7, status: 'started' },
    ]);
  });

  it('deletes after its confirmation and only then tells the page', async () => {
    const calls = stub();
    const onDeleted = vi.fn();
    await renderWithProviders(
      <DeleteAssociation association={ASSOCIATION} text="حذف" testId="delete" onDeleted={onDeleted} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'حذف جمعية الأمل' }));
    expect(await screen.findByText('حذف الجمعية؟')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، احذف' }));
    expect(await screen.findByText('تم حذف الجمعية')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v1/associations/7']);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });
});
