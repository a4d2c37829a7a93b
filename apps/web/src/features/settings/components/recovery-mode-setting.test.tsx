import type { TUser } from '@portal/shared/schemas/auth';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RecoveryModeSetting } from './recovery-mode-setting';

configure({ asyncUtilTimeout: 5000 });

const ADMIN = {
  id: 1,
  name: 'مدير النظام',
  phone: '01000000000',
  email: null,
  type: 'admin',
  active: true,
  roles: ['admin'],
  direct_permissions: ['admin_roles'],
  role_permissions: [],
} as unknown as TUser;

type Call = { method: string; url: string; body: unknown };

function stubApi(initial: boolean, onChange?: () => Response) {
  const calls: Call[] = [];
  let value = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/v1/users/1') return jsonResponse({ status: 'success', data: ADMIN });
      if (url === '/api/v1/setting/index') {
        return jsonResponse({
          status: 'success',
          data: [{ id: 'recovery_mode', key: 'recovery_mode', value, updated_at: null }],
        });
      }
      if (url === '/api/v1/setting/change/recovery_mode') {
        if (onChange) return onChange();
        value = body.value;
        return jsonResponse({
          status: 'success',
          data: { id: 'recovery_mode', key: 'recovery_mode', value, updated_at: '2026-03-01T10:00:00.000Z' },
        });
      }
      return jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', '1');
  return calls;
}

const changes = (calls: Call[]) => calls.filter((c) => c.url === '/api/v1/setting/change/recovery_mode');

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('RecoveryModeSetting', { timeout: 60_000 }, () => {
  it('shows the current value, asks before turning it on and sends {value: true}', async () => {
    const calls = stubApi(false);
    await renderWithProviders(<RecoveryModeSetting />);
    const toggle = await screen.findByRole('switch', { name: 'وضع استعادة الحسابات' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(/يُطلب من كل عميل بياناته غير مكتملة/)).toBeInTheDocument();

    fireEvent.click(toggle);
    expect(await screen.findByText('تفعيل وضع استعادة الحسابات؟')).toBeInTheDocument();
    // Nothing is sent before the confirmation.
    expect(changes(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'نعم، فعّل' }));

    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0]).toMatchObject({ method: 'POST', body: { value: true } });
    expect(await screen.findByText('تمت العملية بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true'));
  });

  it('backing out of the confirmation changes nothing', async () => {
    const calls = stubApi(true);
    await renderWithProviders(<RecoveryModeSetting />, { lang: 'en' });
    const toggle = await screen.findByRole('switch', { name: 'Account recovery mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(toggle);
    expect(await screen.findByText('Turn account recovery mode off?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Closed: gone, or kept hidden by antd (its hidden class; no stylesheet in jsdom to check the display).
    await waitFor(() => {
      const question = screen.queryByText('Turn account recovery mode off?');
      expect(question === null || question.closest('.ant-popover-hidden') !== null).toBe(true);
    });
    expect(changes(calls)).toHaveLength(0);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  it("shows the server's error and keeps the old value when the change fails", async () => {
    stubApi(false, () =>
      jsonResponse({ status: 'error', code: 'errors.forbidden', message: 'ليس لديك صلاحية', errors: [] }, 403),
    );
    await renderWithProviders(<RecoveryModeSetting />);
    fireEvent.click(await screen.findByRole('switch'));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، فعّل' }));
    expect(await screen.findByText('ليس لديك صلاحية')).toBeInTheDocument();
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });
});
