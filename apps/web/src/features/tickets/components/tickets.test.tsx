import type { Permission } from '@portal/shared/permissions';
import type { TTicketDetail } from '@portal/shared/schemas/tickets';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TicketConversation } from './ticket-conversation';
import { TicketForm } from './ticket-form';
import { TicketsTable } from './tickets-table';

configure({ asyncUtilTimeout: 5000 });

type Listener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** A stand-in XMLHttpRequest (uploads go through it for their progress): records what is sent, plays the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  FakeXhr.sent = [];
});

function stub(
  userId: number,
  permissions: readonly Permission[],
  answer: (call: Call) => Response | undefined = () => undefined,
) {
  signInAs({ id: userId });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === `/api/v1/users/${userId}`) {
      return ok(
        makeUser({ id: userId, type: permissions.length ? 'admin' : 'user', direct_permissions: [...permissions] }),
      );
    }
    return answer(call);
  });
}

function ticket(overrides: Partial<TTicketDetail> = {}): TTicketDetail {
  return {
    id: 12,
    subject: 'لم يصلني إشعار السداد',
    status: 0,
    user: { id: 5, name: 'منى عبد الله', phone: '01012345678', image_url: null },
    messages_count: 2,
    last_message_at: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-20T08:00:00.000Z',
    closed_at: null,
    closed_by: null,
    actions: ['reply', 'close'],
    messages: [
      {
        id: 30,
        body: 'دفعت القسط ولم يصلني أي إشعار',
        from_staff: false,
        author: { id: 5, name: 'منى عبد الله' },
        created_at: '2026-11-20T08:00:00.000Z',
        file: { name: 'إيصال.png', size: 2048, mime: 'image/png', url: '/ticket/12/files/30' },
      },
      {
        id: 31,
        body: 'Received; we are checking it.',
        from_staff: true,
        author: { id: 9, name: 'Ahmed Support' },
        created_at: '2026-11-20T09:00:00.000Z',
        file: null,
      },
    ],
    ...overrides,
  };
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('opening a ticket', { timeout: 60_000 }, () => {
  it('asks for the subject and the message in Arabic and sends nothing', async () => {
    stub(5, []);
    await renderWithProviders(<TicketForm />);
    fireEvent.click(await screen.findByTestId('ticket-submit'));
    expect(await screen.findByText('من فضلك أدخل عنوان التذكرة')).toBeInTheDocument();
    expect(await screen.findByText('من فضلك اكتب رسالتك')).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);
  });

  it('refuses an attachment of another type in the browser, then sends the form with its picture and shows the progress', async () => {
    stub(5, []);
    const { router } = await renderWithProviders(<TicketForm />, { lang: 'en', route: '/tickets/new' });
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Installment not recorded' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'I paid on Sunday.' } });
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The attachment must be a PDF, PNG or JPG file of at most 512 KB',
    );
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 513 * 1024 });
    pick(big);
    // Too large: the message names the file refused and the limit (issue 22 item 11).
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The file “\u2068scan.pdf\u2069” is larger than 512 KB'),
    );
    expect(screen.queryByText('scan.pdf')).toBeNull();
    pick(new File(['png'], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByText('receipt.png')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('ticket-submit'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent as [FakeXhr];
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/v1/ticket/tickets');
    expect(xhr.body?.get('subject')).toBe('Installment not recorded');
    expect(xhr.body?.get('message')).toBe('I paid on Sunday.');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('receipt.png');

    xhr.progress(50, 100);
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    xhr.answer(201, { status: 'success', data: ticket({ id: 44 }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/44'));
  });

  it('puts the server’s refusal under its field', async () => {
    stub(5, []);
    await renderWithProviders(<TicketForm />, { lang: 'en' });
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Card' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is it?' } });
    pick(new File(['not a png'], 'photo.png', { type: 'image/png' }));
    fireEvent.click(await screen.findByTestId('ticket-submit'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.answer(422, {
      status: 'error',
      message: 'Please complete the required fields',
      errors: [{ field: 'file', title: 'The attachment must be a PDF, PNG or JPG file of at most 512 KB' }],
    });
    expect(
      await screen.findByText('The attachment must be a PDF, PNG or JPG file of at most 512 KB'),
    ).toBeInTheDocument();
  });
});

describe('the conversation', { timeout: 60_000 }, () => {
  it('shows the messages with the support team’s marked, and sends the owner’s reply with its attachment', async () => {
    stub(5, []);
    await renderWithProviders(<TicketConversation ticket={ticket()} />, { lang: 'ar' });
    expect(await screen.findByRole('heading', { name: 'لم يصلني إشعار السداد' })).toBeInTheDocument();
    const messages = screen.getByTestId('ticket-messages');
    expect(within(messages).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByTestId('ticket-message-31')).getByText('فريق الدعم')).toBeInTheDocument();
    expect(within(screen.getByTestId('ticket-message-30')).queryByText('فريق الدعم')).toBeNull();
    expect(screen.getByText('إيصال.png')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('بانتظار الرد');

    // An empty reply is refused in the browser.
    fireEvent.click(await screen.findByTestId('ticket-reply-submit'));
    expect(await screen.findByText('من فضلك اكتب رسالتك')).toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('ردك'), { target: { value: 'ما زلت أنتظر' } });
    pick(new File(['%PDF'], 'كشف.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByTestId('ticket-reply-submit'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [xhr] = FakeXhr.sent as [FakeXhr];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/ticket/add/12');
    expect(xhr.body?.get('message')).toBe('ما زلت أنتظر');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('كشف.pdf');
    xhr.answer(200, { status: 'success', data: ticket() });
    expect(await screen.findByText('تم إرسال ردك')).toBeInTheDocument();
  });

  it('closes only after a confirmation', async () => {
    const calls = stub(9, ['tickets.index', 'tickets.put'], (call) =>
      call.method === 'POST' && call.url === '/api/v1/ticket/close/12'
        ? ok(ticket({ status: 2, actions: [], closed_at: '2026-11-21T10:00:00.000Z' }))
        : undefined,
    );
    await renderWithProviders(<TicketConversation ticket={ticket({ actions: ['answer', 'close'] })} />, { lang: 'en' });
    // Staff see who opened it.
    expect(await screen.findByText('منى عبد الله', { exact: false, selector: 'span' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('ticket-close'));
    expect(await screen.findByText('Close this ticket?')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/ticket/close/'))).toBe(false);
    const confirm = (await screen.findAllByRole('button', { name: 'Close the ticket' })).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/ticket/close/12')).toBe(true),
    );
    expect(await screen.findByText('The ticket was closed')).toBeInTheDocument();
  });

  it('a closed ticket offers no reply and no close, and says so', async () => {
    stub(5, []);
    await renderWithProviders(
      <TicketConversation ticket={ticket({ status: 2, actions: [], closed_at: '2026-11-21T10:00:00.000Z' })} />,
      { lang: 'en' },
    );
    expect(await screen.findByTestId('ticket-closed')).toHaveTextContent('takes no more replies');
    expect(screen.queryByTestId('ticket-reply-form')).toBeNull();
    expect(screen.queryByTestId('ticket-close')).toBeNull();
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Closed');
  });

  it('a reply refused because the ticket was closed meanwhile says why', async () => {
    stub(5, [], (call) => (call.url === '/api/v1/ticket/get/12' ? ok(ticket({ status: 2, actions: [] })) : undefined));
    await renderWithProviders(<TicketConversation ticket={ticket()} />, { lang: 'en' });
    fireEvent.change(await screen.findByLabelText('Your reply'), { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByTestId('ticket-reply-submit'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.answer(409, {
      status: 'error',
      message: 'This ticket is closed and takes no more replies; please open a new ticket',
      errors: [],
    });
    expect(
      await screen.findByText('This ticket is closed and takes no more replies; please open a new ticket'),
    ).toBeInTheDocument();
  });
});

describe('the lists', { timeout: 60_000 }, () => {
  const page = (rows: TTicketDetail[]) =>
    ok({ data: rows, total: rows.length, lastPage: 1, currentPage: 1, perPage: 10 });

  it('staff see the customer and filter by status and user; a customer’s own list names them and offers a new ticket', async () => {
    const calls = stub(9, ['tickets.index'], (call) =>
      call.url === '/api/v1/ticket/tickets' ? page([ticket()]) : undefined,
    );
    await renderWithProviders(<TicketsTable scope="all" />, { lang: 'en', route: '/tickets?status=0&user=منى' });
    expect(await screen.findByTestId('ticket-link-12')).toHaveTextContent('لم يصلني إشعار السداد');
    expect(screen.getByText('منى عبد الله')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-status-12')).toHaveTextContent('Awaiting reply');
    const body = calls.find((c) => c.url === '/api/v1/ticket/tickets')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ status: '0', user: 'منى' });
    expect(body.user_id).toBeUndefined();
    expect(screen.queryByTestId('ticket-new')).toBeNull();
  });

  it('a user’s own list asks for their tickets only and links to the form', async () => {
    const calls = stub(9, ['tickets.index'], (call) => (call.url === '/api/v1/ticket/tickets' ? page([]) : undefined));
    await renderWithProviders(<TicketsTable scope="mine" />, { lang: 'ar', route: '/tickets/me' });
    expect(await screen.findByTestId('ticket-new')).toHaveAttribute('href', '/tickets/new');
    await waitFor(() =>
      expect(
        calls.some((c) => c.url === '/api/v1/ticket/tickets' && (c.body as { user_id?: number }).user_id === 9),
      ).toBe(true),
    );
    expect(await screen.findByText('لا توجد بيانات')).toBeInTheDocument();
  });
});
