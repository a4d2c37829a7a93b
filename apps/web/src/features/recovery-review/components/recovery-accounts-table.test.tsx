import type { Permission } from '@portal/shared/permissions';
import type { TRecoveryAccount } from '@portal/shared/schemas/accounts';
import type { TUser } from '@portal/shared/schemas/auth';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RecoveryAccountsTable } from './recovery-accounts-table';

configure({ asyncUtilTimeout: 5000 });

const base = {
  old_email: 'old@example.com',
  university_degree_id: 1,
  university_name: null,
  organization_degree_id: null,
  organization_name: 'كلية التجارة - جامعة بنها',
  degree_education_level_id: 3,
  degree_qualification_id: 5,
  degree_specification_id: null,
  experience: 'محاسب في شركة مقاولات',
  submitted_at: '2026-03-01T10:00:00.000Z',
  verified_at: null,
};

const ROWS: TRecoveryAccount[] = [
  {
    ...base,
    id: 7,
    user_id: 21,
    status: 'pending_review',
    ar_name: 'محمد أحمد علي',
    en_name: 'Mohamed Ahmed Ali',
    email: 'mohamed@example.com',
    mobile: '01011112222',
    national_id: '29001010123456',
  },
  {
    ...base,
    id: 8,
    user_id: 22,
    status: 'pending_activation',
    ar_name: 'سارة محمود',
    en_name: 'Sara Mahmoud',
    email: 'sara@example.com',
    mobile: '01233334444',
    national_id: '29501010123457',
  },
];

const LOOKUPS = {
  degrees: [],
  levels: [{ id: 3, name: 'Higher (university) qualification', name_local: 'مؤهل عالٍ' }],
  qualifications: [{ id: 5, name: 'Bachelor of Commerce', name_local: 'بكالوريوس التجارة' }],
  specifications: [],
  degree_qualifications: [],
  degree_specifications: [],
  pre_qualifications: [],
  universities: [{ id: 1, name: 'Cairo University', name_local: 'جامعة القاهرة' }],
  collages: [],
  grades: [],
  places: [],
  governments: [],
};

function viewer(permissions: readonly Permission[]): TUser {
  return {
    id: 1,
    name: 'موظف',
    phone: '01000000000',
    email: null,
    type: 'admin',
    active: true,
    roles: [],
    direct_permissions: [...permissions],
    role_permissions: [],
  } as unknown as TUser;
}

type Call = { method: string; url: string; body: unknown };

function stubApi(permissions: readonly Permission[]) {
  const calls: Call[] = [];
  const rows = ROWS.map((r) => ({ ...r }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/users/1') return jsonResponse({ status: 'success', data: viewer(permissions) });
      if (url === '/api/v1/user/register/data') return jsonResponse({ status: 'success', data: LOOKUPS });
      if (url === '/api/v1/recovery/accounts') {
        return jsonResponse({
          status: 'success',
          data: { data: rows, total: rows.length, lastPage: 1, currentPage: 1, perPage: 10 },
        });
      }
      if (url === '/api/v1/recovery/verify') {
        const row = rows.find((r) => r.id === body.id);
        if (!row) return jsonResponse({ status: 'error', message: 'غير موجود', errors: [] }, 404);
        row.status = 'verified';
        row.verified_at = '2026-03-02T09:00:00.000Z';
        return jsonResponse({ status: 'success', data: row });
      }
      return jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', '1');
  return calls;
}

const STATUS_TITLE = 'الحالة';
const SUBMITTED_TITLE = 'تاريخ التقديم';
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const listCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/v1/recovery/accounts');

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('RecoveryAccountsTable', { timeout: 60_000 }, () => {
  it('lists recovery accounts with their status and date, and shows the rest when a row is expanded', async () => {
    const calls = stubApi(['users.index']);
    await renderWithProviders(<RecoveryAccountsTable />, { route: '/recovery-accounts?status=pending_review' });
    expect(await screen.findByText('محمد أحمد علي')).toBeInTheDocument();
    expect(listCalls(calls)[0]?.body).toEqual({ page: 1, perPage: 10, status: 'pending_review' });
    const row = rowOf('محمد أحمد علي');
    expect(within(row).getByText('mohamed@example.com')).toBeInTheDocument();
    expect(within(row).getByText('29001010123456')).toBeInTheDocument();
    expect(within(row).getByText('قيد المراجعة')).toBeInTheDocument();
    expect(within(rowOf('سارة محمود')).getByText('في انتظار تأكيد البريد')).toBeInTheDocument();
    // Status and the submission day are columns of their own, before the actions (issue 9 item 4).
    const titles = screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(titles).toEqual(expect.arrayContaining([STATUS_TITLE, SUBMITTED_TITLE]));
    expect(within(row).getByText(/2026/)).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'عرض التفاصيل' }));
    expect(await screen.findByText('جامعة القاهرة')).toBeInTheDocument();
    expect(screen.getByText('كلية التجارة - جامعة بنها')).toBeInTheDocument();
    expect(screen.getByText('بكالوريوس التجارة')).toBeInTheDocument();
    expect(screen.getByText('محاسب في شركة مقاولات')).toBeInTheDocument();
  });

  it('shows no verify or delete button without users.put / users.delete', async () => {
    stubApi(['users.index']);
    await renderWithProviders(<RecoveryAccountsTable />);
    await screen.findByText('محمد أحمد علي');
    expect(screen.queryByRole('button', { name: 'تأكيد حساب محمد أحمد علي' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'حذف بيانات استعادة محمد أحمد علي' })).toBeNull();
  });

  it('shows only delete with users.delete', async () => {
    stubApi(['users.index', 'users.delete']);
    await renderWithProviders(<RecoveryAccountsTable />);
    await screen.findByText('محمد أحمد علي');
    expect(screen.queryByRole('button', { name: 'تأكيد حساب محمد أحمد علي' })).toBeNull();
    expect(screen.getByRole('button', { name: 'حذف بيانات استعادة محمد أحمد علي' })).toBeInTheDocument();
  });

  it('verifies after confirming: posts {id}, says done and reloads the list', async () => {
    const calls = stubApi(['users.index', 'users.put']);
    await renderWithProviders(<RecoveryAccountsTable />);
    await screen.findByText('محمد أحمد علي');
    // Only an account waiting for review can be verified.
    expect(screen.queryByRole('button', { name: 'تأكيد حساب سارة محمود' })).toBeNull();
    const loads = listCalls(calls).length;

    fireEvent.click(screen.getByRole('button', { name: 'تأكيد حساب محمد أحمد علي' }));
    expect(await screen.findByText('تأكيد الحساب؟')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/recovery/verify')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'نعم، أكّد الحساب' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/v1/recovery/verify')).toEqual([
        { method: 'POST', url: '/api/v1/recovery/verify', body: { id: 7 } },
      ]),
    );
    expect(await screen.findByText('تمت العملية بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(loads));
    expect(await within(rowOf('محمد أحمد علي')).findByText('تم الاعتماد')).toBeInTheDocument();
  });
});
