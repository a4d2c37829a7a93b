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

/** GET /get-terms of the page's language: the text to read and the version a registration names. */
const terms = (lang: 'ar' | 'en' = 'ar') => ({
  [`GET /get-terms?lang=${lang}`]: () =>
    ok({
      lang,
      version_id: 4,
      terms: lang === 'ar' ? 'يلتزم العضو بسداد الأقساط.' : 'Members pay on time.',
      updated_at: null,
    }),
});

/** The terms are read (the box can be ticked once they are shown) and accepted. */
async function acceptTerms() {
  const box = await screen.findByRole('checkbox', undefined, WAIT);
  await waitFor(() => expect(box).toBeEnabled(), WAIT);
  fireEvent.click(box);
}

async function fillValid() {
  await acceptTerms();
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
    const api = fakeApi(terms());
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
      'من فضلك اقرأ الشروط والأحكام ووافق عليها',
    ]) {
      expect(await findText(text)).toBeInTheDocument();
    }
    expect(await findText('من فضلك أدخل البيانات بشكل صحيح')).toBeInTheDocument();
    expect(api.callsTo('POST /register')).toHaveLength(0);
  });

  it('refuses a weak password, a bad email and a confirmation that does not match', async () => {
    const api = fakeApi(terms());
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await fillValid();
    type('كلمة المرور', 'secret123');
    type('تأكيد كلمة المرور', 'Secret#124');
    type('البريد الإلكتروني', 'mona@example');
    submit();
    expect(await findText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    expect(await findText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(await findText('البريد الإلكتروني غير صحيح')).toBeInTheDocument();
    expect(api.callsTo('POST /register')).toHaveLength(0);

    // Seven characters with a capital and a symbol is still too short.
    type('كلمة المرور', 'Sec#123');
    type('تأكيد كلمة المرور', 'Sec#123');
    type('البريد الإلكتروني', 'mona@example.com');
    submit();
    expect(await findText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('كلمتا المرور غير متطابقتين')).not.toBeInTheDocument(), WAIT);
    expect(api.callsTo('POST /register')).toHaveLength(0);
  });

  it('removes spaces from the email, normalizes a pasted mobile without cutting it, and registers', async () => {
    const session = { access_token: 'tok', expires_at: '2030-01-01T00:00:00.000Z', user: customer() };
    const api = fakeApi({ ...terms(), 'POST /register': () => ok(session) });
    const onRegistered = vi.fn();
    await renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillValid();
    type('البريد الإلكتروني', ' Mona @ Example.com ');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('Mona@Example.com');
    // Pasted as people copy them: no digit is lost to a length limit applied before normalizing.
    const mobile = screen.getByLabelText('رقم الموبايل');
    expect(mobile).not.toHaveAttribute('maxlength');
    for (const [pasted, kept] of [
      ['010 1234 5678', '01012345678'],
      ['+20 10 1234 5678', '01012345678'],
      ['0020-10-1234-5678', '01012345678'],
      ['٠١٠ ١٢٣-٤٥٦٧٨', '01012345678'],
    ]) {
      type('رقم الموبايل', pasted as string);
      expect(mobile).toHaveValue(kept);
    }
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
      accept_terms: true,
      terms_version_id: 4,
    });
  });

  it('refuses a 7-digit mobile with the shared Egyptian-mobile message', async () => {
    const api = fakeApi(terms());
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await fillValid();
    type('رقم الموبايل', '0101234');
    submit();
    expect(
      await findText('من فضلك أدخل رقم موبايل مصري صحيح: 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /register')).toHaveLength(0);
  });

  it('registers once for a double submit, with the submit disabled while pending and an Idempotency-Key', async () => {
    const session = { access_token: 'tok', expires_at: '2030-01-01T00:00:00.000Z', user: customer() };
    let answer: (r: Response) => void = () => {};
    let attempts = 0;
    const api = fakeApi({
      ...terms(),
      'POST /register': () => {
        attempts += 1;
        // The first answer never arrives (the connection dropped after the server created the account).
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const onRegistered = vi.fn();
    await renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillValid();
    submit();
    await waitFor(() => expect(api.callsTo('POST /register')).toHaveLength(1), WAIT);
    await waitFor(() => expect(screen.getByTestId('register-submit')).toBeEnabled(), WAIT);
    submit();
    await waitFor(() => expect(api.callsTo('POST /register')).toHaveLength(2), WAIT);
    await waitFor(() => expect(screen.getByTestId('register-submit')).toBeDisabled(), WAIT);
    submit();
    fireEvent.submit(screen.getByTestId('register-submit').closest('form') as HTMLFormElement);
    const [first, retry] = api.callsTo('POST /register');
    // The retry of the same data carries the first attempt's key: the server creates one account.
    expect(first?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    answer(ok(session));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1), WAIT);
    expect(api.callsTo('POST /register')).toHaveLength(2);
  });

  it('shows the server refusal in an alert and on the fields it names (email and mobile already registered)', async () => {
    fakeApi({
      ...terms(),
      'POST /register': () =>
        fail(409, 'accounts.errors.email_taken', 'البريد الإلكتروني مسجّل بالفعل', [
          { field: 'email', title: 'البريد الإلكتروني مسجّل بالفعل' },
          { field: 'mobile', title: 'رقم الموبايل مسجّل بالفعل' },
        ]),
    });
    const onRegistered = vi.fn();
    await renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillValid();
    submit();
    const alert = await screen.findByRole('alert', undefined, WAIT);
    expect(within(alert).getByText('تعذّر إنشاء الحساب')).toBeInTheDocument();
    // Each message lands under its own field: the input is marked invalid and described by it.
    const mobile = screen.getByLabelText('رقم الموبايل');
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('رقم الموبايل مسجّل بالفعل'), WAIT);
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    const email = screen.getByLabelText('البريد الإلكتروني');
    expect(email).toHaveAccessibleDescription('البريد الإلكتروني مسجّل بالفعل');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('shows the terms in the page’s language and refuses to register until they are accepted', async () => {
    const api = fakeApi({ ...terms(), 'POST /register': () => ok({}) });
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    expect(await findText('يلتزم العضو بسداد الأقساط.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'الشروط والأحكام' })).toHaveAttribute('tabindex', '0');
    await fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: 'قرأت الشروط والأحكام وأوافق عليها' }));
    submit();
    const box = screen.getByRole('checkbox', { name: 'قرأت الشروط والأحكام وأوافق عليها' });
    await waitFor(() => expect(box).toHaveAccessibleDescription('من فضلك اقرأ الشروط والأحكام ووافق عليها'), WAIT);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /register')).toHaveLength(0);
  });

  it('cannot be ticked while the terms failed to load, and offers to load them again', async () => {
    let attempts = 0;
    fakeApi({
      'GET /get-terms?lang=ar': () => {
        attempts += 1;
        return attempts === 1
          ? fail(500, 'errors.internal', 'خطأ')
          : ok({ lang: 'ar', version_id: 4, terms: 'نص الشروط', updated_at: null });
      },
    });
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    expect(await findText('تعذّر تحميل الشروط والأحكام.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await findText('نص الشروط')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toBeEnabled();
  });

  it('speaks English when the interface is in English', async () => {
    fakeApi(terms('en'));
    await renderWithProviders(<RegisterForm onRegistered={vi.fn()} />, { lang: 'en' });
    expect(await findText('Members pay on time.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Secret#12' } });
    submit();
    expect(await findText('Passwords must match')).toBeInTheDocument();
    expect(await findText('Please enter the first name')).toBeInTheDocument();
  });
});
