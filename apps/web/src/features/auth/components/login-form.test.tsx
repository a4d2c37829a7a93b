import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

// The login schema (and zod) arrive with the first keystroke or submit, not with the page: give them time.
const WAIT = { timeout: 10_000 };
const phone = () => screen.getByLabelText('رقم الهاتف');
const password = () => screen.getByLabelText('كلمة المرور');

describe('LoginForm', { timeout: 60_000 }, () => {
  it('asks for the phone and the password in Arabic and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('من فضلك أدخل رقم الهاتف', undefined, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('من فضلك أدخل كلمة المرور', undefined, WAIT)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('announces the errors as they appear, in a live region (issue 22 item 15)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const summary = screen.getByTestId('form-error-summary');
    // In the page before any error, so that its change is what a screen reader announces.
    expect(summary).toHaveAttribute('aria-live', 'assertive');
    expect(summary).toBeEmptyDOMElement();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(summary).toHaveTextContent('رقم الهاتف: من فضلك أدخل رقم الهاتف'), WAIT);
    expect(summary).toHaveTextContent('كلمة المرور: من فضلك أدخل كلمة المرور');
    fireEvent.change(phone(), { target: { value: '01000000000' } });
    await waitFor(() => expect(summary).not.toHaveTextContent('رقم الهاتف'), WAIT);
    expect(summary).toHaveTextContent('كلمة المرور: من فضلك أدخل كلمة المرور');
  });

  it('ties each error to its field and moves the focus to the first one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    fireEvent.change(password(), { target: { value: 'Admin@12345' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(phone()).toHaveAccessibleDescription('من فضلك أدخل رقم الهاتف'), WAIT);
    expect(phone()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(phone()).toHaveFocus(), WAIT);
    // Fixing the field clears its error as the user types.
    fireEvent.change(phone(), { target: { value: '01000000000' } });
    await waitFor(() => expect(phone()).not.toHaveAttribute('aria-invalid'), WAIT);
  });

  it('strips spaces, converts Arabic digits and submits on Enter', async () => {
    const onSuccess = vi.fn();
    const data = { access_token: 't'.repeat(43), expires_at: '2026-01-01T00:00:00Z', user: { id: 1 } };
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ status: 'success', data }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    fireEvent.change(phone(), { target: { value: '٠١٠ ٠٠٠٠ ٠٠٠٠' } });
    expect(phone()).toHaveValue('01000000000');
    fireEvent.change(password(), { target: { value: ' Admin@12345 ' } });
    fireEvent.submit(password().closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), WAIT);
    expect(onSuccess.mock.calls[0]?.[0]).toEqual(data);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/login');
    expect(JSON.parse(init.body as string)).toEqual({ phone: '01000000000', password: 'Admin@12345' });
    expect((init.headers as Record<string, string>)['accept-language']).toBe('ar');
  });

  it('sends once on the Enter key, with the button disabled while the request is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    await renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = userEvent.setup();
    await user.type(phone(), '01000000000');
    await user.type(password(), 'Admin@12345{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), WAIT);
    expect(screen.getByTestId('login-submit')).toBeDisabled();
    await user.type(password(), '{Enter}');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const data = { access_token: 't'.repeat(43), expires_at: '2026-01-01T00:00:00Z', user: { id: 1 } };
    answer(jsonResponse({ status: 'success', data }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), WAIT);
    // Signed in: the page moves on to the dashboard, which may take a moment to download. Until it
    // has, the form stays busy and a second Enter signs in no second time (issue 22 item 5).
    expect(screen.getByTestId('login-submit')).toBeDisabled();
    await user.type(password(), '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the invalid-data toast when the server refuses the credentials, and empties the password', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ status: 'error', code: 'invalid_data', message: 'x', errors: [] }, 401)),
    );
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />, { lang: 'en' });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '01000000000' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Invalid phone or password', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows and hides the password on request', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(password()).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'إظهار كلمة المرور' }));
    expect(password()).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'إخفاء كلمة المرور' }));
    expect(password()).toHaveAttribute('type', 'password');
  });
});
