import type { Permission } from '@portal/shared/permissions';
import type { TContactMessage } from '@portal/shared/schemas/contacts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';
import { ContactsTable } from './contacts-table';

configure({ asyncUtilTimeout: 5000 });

function message(overrides: Partial<TContactMessage> = {}): TContactMessage {
  return {
    id: 7,
    name: 'نادية إبراهيم',
    email: 'nadia@example.com',
    phone: '01012345678',
    subject: 'الاشتراك في جمعية',
    message: 'ما شروط الاشتراك في جمعية بقسط 200 جنيه؟',
    locale: 'ar',
    status: 0,
    reply: null,
    replied_by: null,
    replied_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function stub(userId: number, permissions: readonly Permission[], answer: (call: Call) => Response | undefined) {
  signInAs({ id: userId });
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === `/api/v1/users/${userId}`) {
      return ok(makeUser({ id: userId, type: 'admin', direct_permissions: [...permissions] }));
    }
    return answer(call);
  });
}

const page = (rows: TContactMessage[]) =>
  ok({ data: rows, total: rows.length, lastPage: 1, currentPage: 1, perPage: 10 });

describe('the guest’s contact form', { timeout: 60_000 }, () => {
  it('asks for what is missing in Arabic and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    await renderWithProviders(<ContactForm />);
    fireEvent.change(await screen.findByLabelText('البريد الإلكتروني'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('من فضلك أدخل اسمك')).toBeInTheDocument();
    expect(await screen.findByText('البريد الإلكتروني غير صحيح')).toBeInTheDocument();
    expect(await screen.findByText('من فضلك أدخل موضوع الرسالة')).toBeInTheDocument();
    expect(await screen.findByText('من فضلك اكتب رسالتك')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the message without a session and says it was sent', async () => {
    const calls = stubApi((call) =>
      call.method === 'PUT' && call.url === '/api/v1/contact' ? ok(null, 201) : undefined,
    );
    await renderWithProviders(<ContactForm />, { lang: 'en' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Omar Khaled' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'omar@example.com' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Joining' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'How do I join an association?' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByTestId('contact-sent')).toHaveTextContent(
      'Your message was sent; we will answer you by email',
    );
    const sent = calls.find((c) => c.url === '/api/v1/contact');
    expect(sent?.body).toEqual({
      name: 'Omar Khaled',
      email: 'omar@example.com',
      phone: null,
      subject: 'Joining',
      message: 'How do I join an association?',
    });
  });

  it('shows the server’s refusal (too many messages) and stays on the form', async () => {
    stubApi((call) =>
      call.url === '/api/v1/contact'
        ? jsonResponse({ status: 'error', message: 'Too many attempts, please try again in 15 min', errors: [] }, 429)
        : undefined,
    );
    await renderWithProviders(<ContactForm />, { lang: 'en' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Omar' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'omar@example.com' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Joining' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('Too many attempts, please try again in 15 min')).toBeInTheDocument();
    expect(screen.getByTestId('contact-form')).toBeInTheDocument();
  });
});

describe('staff answer contact messages', { timeout: 60_000 }, () => {
  it('open a new message, refuse an empty answer, send the answer', async () => {
    const calls = stub(9, ['contacts.index', 'contacts.put'], (call) => {
      if (call.url === '/api/v1/contacts') return page([message()]);
      if (call.method === 'POST' && call.url === '/api/v1/contact/7') {
        return ok(message({ status: 1, reply: 'الشروط في صفحة الجمعيات' }));
      }
      return undefined;
    });
    await renderWithProviders(<ContactsTable />, { lang: 'ar', route: '/contacts' });
    expect(await screen.findByText('نادية إبراهيم')).toBeInTheDocument();
    expect(screen.getByTestId('contact-status-7')).toHaveTextContent('جديدة');
    fireEvent.click(screen.getByTestId('contact-answer-7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('contact-message-body')).toHaveTextContent('ما شروط الاشتراك');
    fireEvent.click(within(dialog).getByTestId('contact-dialog-ok'));
    expect(await within(dialog).findByText('من فضلك اكتب الرد')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/contact/7')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('الرد'), { target: { value: 'الشروط في صفحة الجمعيات' } });
    fireEvent.click(within(dialog).getByTestId('contact-dialog-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/contact/7')?.body).toEqual({ reply: 'الشروط في صفحة الجمعيات' }),
    );
    expect(await screen.findByText('تم إرسال الرد إلى البريد الإلكتروني للمرسل')).toBeInTheDocument();
  });

  it('an answer given meanwhile by someone else (409) is said in the dialog', async () => {
    stub(9, ['contacts.index', 'contacts.put'], (call) => {
      if (call.url === '/api/v1/contacts') return page([message()]);
      if (call.url === '/api/v1/contact/7') {
        return jsonResponse({ status: 'error', message: 'This message was already answered', errors: [] }, 409);
      }
      return undefined;
    });
    await renderWithProviders(<ContactsTable />, { lang: 'en', route: '/contacts' });
    fireEvent.click(await screen.findByTestId('contact-answer-7'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your answer'), { target: { value: 'Welcome' } });
    fireEvent.click(within(dialog).getByTestId('contact-dialog-ok'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This message was already answered');
  });

  it('without contacts.put, or once answered, a message opens to be read only', async () => {
    stub(9, ['contacts.index'], (call) =>
      call.url === '/api/v1/contacts'
        ? page([
            message(),
            message({
              id: 8,
              status: 1,
              reply: 'Welcome aboard',
              replied_by: { id: 3, name: 'Sara' },
              replied_at: '2026-11-21T08:00:00.000Z',
            }),
          ])
        : undefined,
    );
    await renderWithProviders(<ContactsTable />, { lang: 'en', route: '/contacts' });
    expect(await screen.findByTestId('contact-view-7')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-answer-7')).toBeNull();
    expect(screen.getByTestId('contact-status-8')).toHaveTextContent('Answered');
    fireEvent.click(screen.getByTestId('contact-view-8'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('contact-reply-body')).toHaveTextContent('Welcome aboard');
    expect(within(dialog).queryByLabelText('Your answer')).toBeNull();
  });
});
