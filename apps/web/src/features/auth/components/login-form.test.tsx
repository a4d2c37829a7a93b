import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('asks for the phone and the password in Arabic and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('من فضلك أدخل رقم الهاتف')).toBeInTheDocument();
    expect(await screen.findByText('من فضلك أدخل كلمة المرور')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('strips spaces, converts Arabic digits and submits on Enter', async () => {
    const onSuccess = vi.fn();
    const data = { access_token: 't'.repeat(43), expires_at: '2026-01-01T00:00:00Z', user: { id: 1 } };
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ status: 'success', data }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('رقم الهاتف'), { target: { value: '٠١٠ ٠٠٠٠ ٠٠٠٠' } });
    fireEvent.change(screen.getByLabelText('كلمة المرور'), { target: { value: ' Admin@12345 ' } });
    fireEvent.submit(screen.getByLabelText('كلمة المرور').closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSuccess.mock.calls[0]?.[0]).toEqual(data);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/login');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '01000000000', password: 'Admin@12345' });
    expect((init.headers as Record<string, string>)['accept-language']).toBe('ar');
  });

  it('shows the invalid-data toast when the server refuses the credentials', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ status: 'error', code: 'invalid_data', message: 'x', errors: [] }, 401)),
    );
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />, { lang: 'en' });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '01000000000' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Invalid phone or password')).toBeInTheDocument();
  });
});
