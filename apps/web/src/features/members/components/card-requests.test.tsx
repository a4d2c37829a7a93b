import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeCardRequest, ok, refused, stubMemberApi } from '../testing/fixtures';
import { CardRequests } from './card-requests';

configure({ asyncUtilTimeout: 5000 });

const arabic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('card requests', { timeout: 60_000 }, () => {
  it('refuses a national id that is not 14 digits, in Arabic, and sends Latin digits for one typed in Arabic digits', async () => {
    let list = [makeCardRequest({ id: 3, status: 2, note: 'صورة البطاقة غير واضحة' })];
    const calls = stubMemberApi((call) => {
      if (call.method === 'GET' && call.path === '/me/card-requests') return ok(list);
      if (call.method === 'POST' && call.path === '/me/card-requests') {
        const created = makeCardRequest({ id: 10, name: 'منى حسن علي' });
        list = [created, ...list];
        return ok(created, 201);
      }
      return undefined;
    });
    await renderWithProviders(<CardRequests />, { route: '/my/cards' });
    const form = await screen.findByTestId('card-request-form');
    // The name starts as the member's own.
    expect(field('الاسم على البطاقة').value).toBe('منى حسن');
    fireEvent.change(field('الاسم على البطاقة'), { target: { value: 'منى حسن علي' } });

    fireEvent.change(field('الرقم القومي'), { target: { value: arabic('2900101123456') } });
    fireEvent.click(within(form).getByTestId('card-request-submit'));
    expect(await screen.findByText('الرقم القومي 14 رقمًا بالضبط')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field('الرقم القومي'), { target: { value: `${arabic('2900101')} ${arabic('1234567')}` } });
    fireEvent.click(within(form).getByTestId('card-request-submit'));
    expect(await screen.findByText('تم إرسال طلب البطاقة')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/me/card-requests');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ name: 'منى حسن علي', national_id: '29001011234567' });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);

    // The new request is in review: it takes the form's place, and joins the list.
    const open = await screen.findByTestId('card-request-open');
    expect(open).toHaveTextContent('طلبك قيد المراجعة');
    expect(open).toHaveTextContent('منى حسن علي');
    expect(screen.queryByTestId('card-request-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('card-status-10')).toHaveTextContent('قيد المراجعة'));
    expect(screen.getByTestId('card-status-3')).toHaveTextContent('مرفوض');
    expect(screen.getByText('صورة البطاقة غير واضحة')).toBeInTheDocument();
  });

  it('asks for the name and the national id when they are empty', async () => {
    const calls = stubMemberApi((call) => (call.path === '/me/card-requests' ? ok([]) : undefined));
    await renderWithProviders(<CardRequests />, { route: '/my/cards' });
    await screen.findByTestId('card-request-form');
    fireEvent.change(field('الاسم على البطاقة'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('card-request-submit'));
    expect(await screen.findByText('يرجى إدخال الاسم المطلوب طباعته على البطاقة')).toBeInTheDocument();
    expect(screen.getByText('يرجى إدخال الرقم القومي')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the open request instead of the form while one is in review', async () => {
    stubMemberApi((call) =>
      call.path === '/me/card-requests'
        ? ok([makeCardRequest(), makeCardRequest({ id: 4, status: 1, note: 'استلمها من فرع مدينة نصر' })])
        : undefined,
    );
    await renderWithProviders(<CardRequests />, { route: '/my/cards', lang: 'en' });
    const open = await screen.findByTestId('card-request-open');
    expect(open).toHaveTextContent('Your request is in review');
    expect(open).toHaveTextContent('29001011234567');
    expect(screen.queryByTestId('card-request-form')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('card-status-4')).toHaveTextContent('Issued'));
    expect(screen.getByText('استلمها من فرع مدينة نصر')).toBeInTheDocument();
  });

  it('says so when the server already holds an open request (409), and shows it once the list is fresh', async () => {
    let list: ReturnType<typeof makeCardRequest>[] = [];
    stubMemberApi((call) => {
      if (call.method === 'GET' && call.path === '/me/card-requests') return ok(list);
      if (call.method === 'POST' && call.path === '/me/card-requests') {
        // Sent from another tab meanwhile.
        list = [makeCardRequest()];
        return refused(409, 'card_requests.errors.open_exists', 'لديك طلب بطاقة قيد المراجعة بالفعل');
      }
      return undefined;
    });
    await renderWithProviders(<CardRequests />, { route: '/my/cards' });
    await screen.findByTestId('card-request-form');
    fireEvent.change(field('الرقم القومي'), { target: { value: '29001011234567' } });
    fireEvent.click(screen.getByTestId('card-request-submit'));
    expect(await screen.findByText('لديك طلب بطاقة قيد المراجعة بالفعل')).toBeInTheDocument();
    expect(await screen.findByTestId('card-request-open')).toBeInTheDocument();
  });
});
