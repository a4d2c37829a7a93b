import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fail, fakeApi, ok } from '../testing/fake-api';
import { ActivationCodeForm } from './activation-code-form';

const WAIT = { timeout: 10_000 };
const codeInput = () => screen.getByLabelText('رمز التفعيل');
const submit = () => fireEvent.click(screen.getByTestId('activation-submit'));

async function renderForm() {
  const onActivated = vi.fn();
  const onLogout = vi.fn();
  await renderWithProviders(
    <ActivationCodeForm email="mona@example.com" onActivated={onActivated} onLogout={onLogout} />,
  );
  return { onActivated, onLogout };
}

describe('ActivationCodeForm', { timeout: 60_000 }, () => {
  it('turns Arabic digits into Latin ones, drops anything else, and sends the 6-digit code', async () => {
    const api = fakeApi({ 'POST /users/verify/email': () => ok({ email: 'mona@example.com', email_verified: true }) });
    const { onActivated } = await renderForm();
    expect(screen.getByText('mona@example.com')).toBeInTheDocument();
    fireEvent.change(codeInput(), { target: { value: '١٢٣ ٤-٥٦٧' } });
    expect(codeInput()).toHaveValue('123456');
    submit();
    await waitFor(() => expect(onActivated).toHaveBeenCalledTimes(1), WAIT);
    expect(api.callsTo('POST /users/verify/email')[0]?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('تم تفعيل حسابك بنجاح', undefined, WAIT)).toBeInTheDocument();
  });

  it('asks for the code, and for all 6 digits, before calling the server', async () => {
    const api = fakeApi({});
    await renderForm();
    submit();
    expect(await screen.findByText('من فضلك أدخل رمز التفعيل', undefined, WAIT)).toBeInTheDocument();
    fireEvent.change(codeInput(), { target: { value: '١٢٣' } });
    submit();
    expect(await screen.findByText('رمز التفعيل مكوّن من 6 أرقام', undefined, WAIT)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says on the field that a wrong code is wrong and empties it', async () => {
    fakeApi({
      'POST /users/verify/email': () =>
        fail(400, 'accounts.errors.code_invalid', 'رمز التفعيل غير صحيح', [
          { field: 'code', title: 'رمز التفعيل غير صحيح' },
        ]),
    });
    const { onActivated } = await renderForm();
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    submit();
    // Said on the field itself: the input is marked invalid and described by the message.
    await waitFor(() => expect(codeInput()).toHaveAccessibleDescription('رمز التفعيل غير صحيح'), WAIT);
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveValue('');
    expect(onActivated).not.toHaveBeenCalled();
  });

  it('sends the email again, and logs out on request', async () => {
    const api = fakeApi({ 'POST /users/verify/email/resend': () => ok(null) });
    const { onLogout } = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: /إعادة إرسال البريد/ }));
    expect(
      await screen.findByText('أرسلنا رابط تفعيل ورمزًا جديدين إلى بريدك الإلكتروني', undefined, WAIT),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /users/verify/email/resend')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /تسجيل الخروج والعودة للرئيسية/ }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
