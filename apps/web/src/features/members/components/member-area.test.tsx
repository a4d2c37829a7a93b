import { PERMISSIONS } from '@portal/shared/permissions';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/router';
import DashboardRoute from '../../../app/routes/dashboard/dashboard';
import { Sidebar } from '../../../components/layout/sidebar';
import { accessOfPathIn } from '../../../lib/authorization';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { makeSubscription, makeTurnMove, ok, stubMemberApi } from '../testing/fixtures';
import { MyTurnMoves } from './my-turn-moves';

configure({ asyncUtilTimeout: 5000 });

const accessOf = accessOfPathIn(routes);

async function sidebarLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
  await waitFor(() => expect(within(nav).getAllByRole('menuitem').length).toBeGreaterThan(1));
  return within(nav)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
}

describe("the customer's area", { timeout: 60_000 }, () => {
  it('gives a customer their own menu, not the back office', async () => {
    stubMemberApi(() => undefined);
    await renderWithProviders(<Sidebar accessOf={accessOf} />);
    await screen.findByText('منى حسن');
    expect(await sidebarLinks()).toEqual([
      'لوحة التحكم',
      'جمعياتي',
      'الاشتراك في جمعية',
      'طلبات تغيير الدور',
      'طلبات البطاقة',
      'طلباتي',
      'الدعم الفني',
      'ملفي الشخصي',
    ]);
    expect(screen.getByRole('link', { name: 'طلباتي' })).toHaveAttribute('href', '/requests/me');
    expect(screen.getByRole('link', { name: 'ملفي الشخصي' })).toHaveAttribute('href', '/users/7');
  });

  it('keeps the staff menu for staff, without the customer entries', async () => {
    const admin = makeUser({ direct_permissions: [...PERMISSIONS] });
    stubMemberApi(() => undefined, admin);
    await renderWithProviders(<Sidebar accessOf={accessOf} />);
    await screen.findByText(admin.name);
    const links = await sidebarLinks();
    expect(links).toContain('لوحة التحكم');
    expect(links).not.toContain('جمعياتي');
    expect(links).not.toContain('طلبات البطاقة');
  });

  it('shows a customer their home on /dashboard: the ways to their area and their associations', async () => {
    stubMemberApi((call) => (call.path === '/me/subscriptions' ? ok([makeSubscription()]) : undefined));
    await renderWithProviders(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'أهلًا، منى حسن' })).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: 'اختصارات' });
    expect(within(shortcuts).getByRole('link', { name: 'الاشتراك في جمعية' })).toHaveAttribute(
      'href',
      '/my/associations/open',
    );
    expect(within(shortcuts).getByRole('link', { name: 'طلبات البطاقة' })).toHaveAttribute('href', '/my/cards');
    expect(await screen.findByRole('article', { name: 'جمعية الخير' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'جمعية الخير' })).toBeInTheDocument();
  });

  it('routes the paths the notifications link to (/my/associations, /my/cards) for any signed-in user', () => {
    for (const path of ['/my/associations', '/my/associations/open', '/my/cards', '/my/turn-moves']) {
      expect(accessOf(path), path).toBe('authenticated');
    }
    expect(accessOf('/my/subscriptions/31/statement')).toBe('authenticated');
  });
});

describe('my turn-move requests', { timeout: 60_000 }, () => {
  it('lists each with its days, status and staff note, and offers cancel only where the server allows it', async () => {
    stubMemberApi((call) =>
      call.path === '/me/turn-moves'
        ? ok([
            makeTurnMove(),
            makeTurnMove({
              id: 4,
              status: 2,
              note: 'اليوم المطلوب محجوز لعميل آخر',
              actions: [],
              decided_at: '2026-03-20T10:00:00.000Z',
              changed_by: { id: 1, name: 'مدير النظام' },
            }),
            makeTurnMove({ id: 3, status: 1, actions: [] }),
            makeTurnMove({ id: 2, status: 3, actions: [] }),
          ])
        : undefined,
    );
    await renderWithProviders(<MyTurnMoves />, { route: '/my/turn-moves' });
    await waitFor(() => expect(screen.getByTestId('turn-move-status-5')).toHaveTextContent('قيد المراجعة'));
    expect(screen.getByTestId('turn-move-status-4')).toHaveTextContent('مرفوض');
    expect(screen.getByTestId('turn-move-status-3')).toHaveTextContent('تم النقل');
    expect(screen.getByTestId('turn-move-status-2')).toHaveTextContent('ملغي');
    expect(screen.getByText('اليوم المطلوب محجوز لعميل آخر')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^إلغاء الطلب/ })).toHaveLength(1);
    expect(screen.getByTestId('turn-move-cancel-5')).toBeInTheDocument();
  });

  it('filters by status', async () => {
    stubMemberApi((call) =>
      call.path === '/me/turn-moves'
        ? ok([makeTurnMove(), makeTurnMove({ id: 4, status: 2, actions: [] })])
        : undefined,
    );
    await renderWithProviders(<MyTurnMoves />, { route: '/my/turn-moves?status=2' });
    await waitFor(() => expect(screen.getByTestId('turn-move-status-4')).toBeInTheDocument());
    expect(screen.queryByTestId('turn-move-status-5')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('table-reset'));
    await waitFor(() => expect(screen.getByTestId('turn-move-status-5')).toBeInTheDocument());
  });
});
