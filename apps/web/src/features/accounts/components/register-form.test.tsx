import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { customer, fail, fakeApi, ok } from '../testing/fake-api';
import { RegisterForm } from './register-form';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// Validation and antd's rendering are slow on this machine's jsdom: wait longer than the default second.
const WAIT = { timeout: 10_000 };
const findText = (text: string) => screen.findByText(text, undefined, WAIT);
const submit = () => fireEvent.click(screen.getByTestId('register-submit'));

function fillValid() {
  type('الاسم الأول', 'منى');
  type('اسم العائلة', 'أحمد');
  type('البريد الإلكتروني', 'mona@example.com');
  type('رقم الموبايل', '01012345678');
  type('كلمة المرور', 'Secret#123');
  type('تأكيد كلمة المرور', 'Secret#123');
  type('العنوان', 'مدينة نصر، القاهرة');
}

describe('RegisterForm', { timeout: 60_000 }, () => {
  it('says what each empty field needs in Arabic, with the "enter the data correctly" toast, and sends nothing', async () => {
    const api = fakeApi({});
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    submit();
    for (const text of [
      'من فضلك أدخل الاسم الأول',
      'من فضلك أدخل اسم العائلة',
      'من فضلك أدخل البريد الإلكتروني',
      'من فضلك أدخل رقم الموبايل',
      'من فضلك أدخل كلمة المرور',
      'من فضلك أعد كتابة كلمة المرور',
      'من فضلك أدخل العنوان',
    ]) {
      expect(await findText(text)).toBeInTheDocument();
    }
    expect(await findText('من فضلك أدخل البيانات بشكل صحيح')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a weak password, a bad email and a confirmation that does not match', async () => {
    const api = fakeApi({});
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    fillValid();
    type('كلمة المرور', 'secret123');
    type('تأكيد كلمة المرور', 'Secret#124');
    type('البريد الإلكتروني', 'mona@example');
    submit();
    expect(await findText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    expect(await findText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(await findText('البريد الإلكتروني غير صحيح')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    // Seven characters with a capital and a symbol is still too short.
    type('كلمة المرور', 'Sec#123');
    type('تأكيد كلمة المرور', 'Sec#123');
    type('البريد الإلكتروني', 'mona@example.com');
    submit();
    expect(await findText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('كلمتا المرور غير متطابقتين')).not.toBeInTheDocument(), WAIT);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('removes spaces from the email, keeps digits only in the mobile (Arabic digits accepted) and registers', async () => {
    const session = { access_token: 'tok', expires_at: '2030-01-01T00:00:00.000Z', user: customer() };
    const api = fakeApi({ 'POST /register': () => ok(session) });
    const onRegistered = vi.fn();
    await renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    fillValid();
    type('البريد الإلكتروني', ' Mona @ Example.com ');
    type('رقم الموبايل', '٠١٠ ١٢٣-٤٥٦ab٧٨');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('Mona@Example.com');
    expect(screen.getByLabelText('رقم الموبايل')).toHaveValue('01012345678');
    submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(session), WAIT);
    expect(api.callsTo('POST /register')[0]?.body).toEqual({
      first_name: 'منى',
      last_name: 'أحمد',
      email: 'mona@example.com',
      mobile: '01012345678',
      password: 'Secret#123',
      confirm_password: 'Secret#123',
      address: 'مدينة نصر، القاهرة',
    });
  });

  it('shows the server refusal in an alert and on the fields it names (email and mobile already registered)', async () => {
    fakeApi({
      'POST /register': () =>
        fail(409, 'accounts.errors.email_taken', 'البريد الإلكتروني مسجّل بالفعل', [
          { field: 'email', title: 'البريد الإلكتروني مسجّل بالفعل' },
          { field: 'mobile', title: 'رقم الموبايل مسجّل بالفعل' },
        ]),
    });
    const onRegistered = vi.fn();
    await renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    fillValid();
    submit();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(within(alert).getByText('تعذّر إنشاء الحساب')).toBeInTheDocument();
    const mobileItem = screen.getByLabelText('رقم الموبايل').closest('.ant-form-item') as HTMLElement;
    expect(await within(mobileItem).findByText('رقم الموبايل مسجّل بالفعل', undefined, WAIT)).toBeInTheDocument();
    const emailItem = screen.getByLabelText('البريد الإلكتروني').closest('.ant-form-item') as HTMLElement;
    expect(within(emailItem).getByText('البريد الإلكتروني مسجّل بالفعل')).toBeInTheDocument();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('speaks English when the interface is in English', async () => {
    fakeApi({});
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />, { lang: 'en' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Secret#12' } });
    submit();
    expect(await findText('Passwords must match')).toBeInTheDocument();
    expect(await findText('Please enter the first name')).toBeInTheDocument();
  });
});
