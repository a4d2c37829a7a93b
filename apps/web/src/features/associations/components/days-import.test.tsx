import type { TAssociation } from '@portal/shared/schemas/associations';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DaysImport } from './days-import';

configure({ asyncUtilTimeout: 5000 });

const ASSOCIATION: TAssociation = {
  id: 7,
  code: 'A-000007',
  title: 'جمعية الأمل',
  association_type: 'normal',
  associationType: 'normal',
  cost: 50,
  from_date: '2026-01-10',
  fromDate: '2026-01-10',
  to_date: '2029-04-24',
  status: 'pending',
  started_at: null,
  can_start: true,
  closed_at: null,
  numOfSubscription: 0,
  AvailableDays: 1200,
  locked: false,
  created_at: '2025-12-01T09:00:00.000Z',
};

/** The days file goes up through XMLHttpRequest (apiUpload, for its progress): this one answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.last = this;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

function sentXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('nothing was sent');
  return FakeXhr.last;
}

describe('the days import', { timeout: 60_000 }, () => {
  it('isolates each date of a refusal left to right, and its list of rows is reached by keyboard (issue 22 item 8)', async () => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await renderWithProviders(<DaysImport association={ASSOCIATION} />);
    const input = screen.getByTestId('days-file').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['day_number,date'], 'days.csv', { type: 'text/csv' })] } });
    const check = screen.getByTestId('days-import-check');
    await waitFor(() => expect(check).toBeEnabled());
    fireEvent.click(check);
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const problems = Array.from({ length: 30 }, (_, i) => ({
      field: 'file',
      title: `السطر ${i + 2}: التاريخ خارج فترة الجمعية (2026-01-10 – 2029-04-24)`,
    }));
    sentXhr().respond(422, {
      status: 'error',
      code: 'validation',
      message: 'الملف به صفوف غير صحيحة، ولم يتم تطبيق أي تغيير',
      errors: problems,
    });
    const region = await screen.findByRole('region', { name: 'الصفوف غير الصحيحة' });
    expect(region).toHaveAttribute('tabindex', '0');
    const rows = within(region).getAllByRole('listitem');
    expect(rows).toHaveLength(30);
    const dates = rows[0]?.querySelectorAll('bdi[dir="ltr"]') ?? [];
    expect([...dates].map((d) => d.textContent)).toEqual(['2026-01-10', '2029-04-24']);
    expect(rows[0]).toHaveTextContent('السطر 2: التاريخ خارج فترة الجمعية (2026-01-10 – 2029-04-24)');
  });
});
