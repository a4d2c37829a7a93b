import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SettingsRoute from '../../../app/routes/settings/settings';
import { ok, stubApi } from '../../../test/api-stub';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { TermsEditor } from '../../terms/components/terms-editor';

configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const SETTINGS = [
  { id: 'recovery_mode', key: 'recovery_mode', value: false, updated_at: null },
  { id: 'request_documents_url', key: 'request_documents_url', value: '', updated_at: null },
  { id: 'request_contracts_url', key: 'request_contracts_url', value: 'https://old.example.com', updated_at: null },
  { id: 'mail_sender_name', key: 'mail_sender_name', value: 'بوابة الجمعيات', updated_at: null },
  { id: 'default_page_size', key: 'default_page_size', value: 10, updated_at: null },
  { id: 'reminder_days_before', key: 'reminder_days_before', value: 1, updated_at: null },
];

describe('the settings screen', { timeout: 60_000 }, () => {
  it('shows every setting with its value and saves a changed link, checked by the shared rule first', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/v1/setting/index') return ok(SETTINGS);
      if (call.url === '/api/v1/setting/change/request_documents_url') {
        return ok({
          ...SETTINGS[1],
          value: (call.body as { value?: unknown } | undefined)?.value,
          updated_at: '2026-11-20T10:00:00.000Z',
        });
      }
      return undefined;
    });
    await renderWithProviders(<SettingsRoute />, { lang: 'en' });
    const link = await screen.findByLabelText('Document templates link');
    expect(screen.getByLabelText('Contracts page link')).toHaveValue('https://old.example.com');
    expect(screen.getByLabelText('Email sender name')).toHaveValue('بوابة الجمعيات');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('10');
    const save = screen.getByTestId('setting-request_documents_url-save');
    expect(save).toBeDisabled();

    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(
      await screen.findByText('Enter a full web address starting with https://, or leave it empty'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/setting/change/'))).toHaveLength(0);

    fireEvent.change(link, { target: { value: ' https://drive.example.com/forms ' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/setting/change/request_documents_url')?.body).toEqual({
        value: 'https://drive.example.com/forms',
      }),
    );
    expect(await screen.findByText('Done')).toBeInTheDocument();
  });

  it('offers the reminder days from the due date itself to a week before, in Arabic, and saves a number', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/v1/setting/index') return ok(SETTINGS);
      if (call.url === '/api/v1/setting/change/reminder_days_before') {
        return ok({ ...SETTINGS[5], value: (call.body as { value?: unknown }).value, updated_at: null });
      }
      return undefined;
    });
    await renderWithProviders(<SettingsRoute />);
    const days = await screen.findByLabelText('موعد تذكير الأعضاء بالأقساط');
    expect(days).toHaveValue('1');
    const options = [...(days as HTMLSelectElement).options].filter((o) => o.value !== '').map((o) => o.textContent);
    expect(options).toEqual([
      'يوم الاستحقاق نفسه',
      'قبل الموعد بيوم واحد',
      'قبل الموعد بيومين',
      'قبل الموعد بـ3 أيام',
      'قبل الموعد بـ4 أيام',
      'قبل الموعد بـ5 أيام',
      'قبل الموعد بـ6 أيام',
      'قبل الموعد بـ7 أيام',
    ]);
    fireEvent.change(days, { target: { value: '3' } });
    const save = screen.getByTestId('setting-reminder_days_before-save');
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/setting/change/reminder_days_before')?.body).toEqual({ value: 3 }),
    );
    expect(await screen.findByText('تمت العملية بنجاح')).toBeInTheDocument();
  });

  it('shows the server’s refusal under the field, in Arabic', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/v1/setting/index') return ok(SETTINGS);
      if (call.url === '/api/v1/setting/change/mail_sender_name') {
        return jsonResponse(
          {
            status: 'error',
            message: 'البيانات غير صحيحة',
            errors: [{ field: 'value', title: 'لا يمكن أن يحتوي اسم المرسل على علامات تنصيص أو < أو >' }],
          },
          422,
        );
      }
      return undefined;
    });
    await renderWithProviders(<SettingsRoute />);
    const name = await screen.findByLabelText('اسم مرسل البريد');
    fireEvent.change(name, { target: { value: 'دعم الجمعيات' } });
    await waitFor(() => expect(screen.getByTestId('setting-mail_sender_name-save')).toBeEnabled());
    fireEvent.click(screen.getByTestId('setting-mail_sender_name-save'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/setting/change/mail_sender_name'));
    expect(await screen.findByText('لا يمكن أن يحتوي اسم المرسل على علامات تنصيص أو < أو >')).toBeInTheDocument();
  });
});

describe('the terms editor', { timeout: 60_000 }, () => {
  it('edits each language in its own direction and saves a new version', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/v1/get-terms?lang=ar') {
        return ok({ lang: 'ar', version_id: 1, terms: 'الشروط الأولى', updated_at: '2026-11-01T08:00:00.000Z' });
      }
      if (call.url === '/api/v1/get-terms?lang=en') {
        return ok({ lang: 'en', version_id: 2, terms: 'First terms', updated_at: null });
      }
      if (call.url === '/api/v1/settings/updateTerms') {
        return ok({ ...(call.body as object), version_id: 3, updated_at: '2026-11-20T08:00:00.000Z' });
      }
      return undefined;
    });
    await renderWithProviders(<TermsEditor />);
    const arabic = await screen.findByLabelText('النص العربي');
    await waitFor(() => expect(arabic).toHaveValue('الشروط الأولى'));
    expect(arabic).toHaveAttribute('dir', 'rtl');
    const save = screen.getByTestId('terms-save-ar');
    expect(save).toBeDisabled();

    fireEvent.change(arabic, { target: { value: '   ' } });
    fireEvent.click(save);
    expect(await screen.findByText('من فضلك اكتب نص الشروط والأحكام')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/settings/updateTerms')).toHaveLength(0);

    fireEvent.change(arabic, { target: { value: 'الشروط الجديدة\n\nالبند الثاني' } });
    expect(screen.getByText('لم يُحفظ بعد')).toBeInTheDocument();
    fireEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/settings/updateTerms')?.body).toEqual({
        lang: 'ar',
        terms: 'الشروط الجديدة\n\nالبند الثاني',
      }),
    );
    expect(await screen.findByText('تم حفظ الشروط والأحكام')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'الإنجليزية' }));
    const english = await screen.findByLabelText('النص الإنجليزي');
    await waitFor(() => expect(english).toHaveValue('First terms'));
    expect(english).toHaveAttribute('dir', 'ltr');
  });
});
