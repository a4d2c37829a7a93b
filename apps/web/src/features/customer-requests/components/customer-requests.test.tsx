import type { Permission } from '@portal/shared/permissions';
import type { TCustomerRequestDetail } from '@portal/shared/schemas/customer-requests-api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { toRequestListBody } from '../api/requests-list-api';
import { RequestActions } from './request-actions';
import { RequestDetail } from './request-detail';
import { RequestForm } from './request-form';
import { RequestReceipt } from './request-receipt';
import { RequestsTable } from './requests-table';

configure({ asyncUtilTimeout: 5000 });

const named = (id: number, name: string, name_local: string) => ({ id, name, name_local });

const LOOKUPS = {
  requests_status_types: [],
  identities_types: [named(1, 'National ID card', 'بطاقة الرقم القومي'), named(2, 'Passport', 'جواز السفر')],
  services: [
    named(1, 'Certificate for individuals', 'شهادة للأفراد'),
    named(2, 'Certificate for companies', 'شهادة للشركات'),
  ],
  organizations_types: [
    named(1, 'Individual', 'فرد'),
    named(3, 'Limited liability company', 'شركة ذات مسؤولية محدودة'),
  ],
  services_durations: [
    named(1, 'One year', 'سنة واحدة'),
    named(2, 'Two years', 'سنتان'),
    named(3, 'Three years', 'ثلاث سنوات'),
  ],
  countries: [{ ...named(1, 'Egypt', 'مصر'), nationality: 'Egyptian', nationality_local: 'مصري' }],
  branches: [{ ...named(1, 'Cairo', 'القاهرة'), address: 'Tahrir', description: null }],
  rejection_reasons: [
    { ...named(1, 'Incomplete documents', 'المستندات غير مكتملة'), final_decision: false },
    { ...named(7, 'Forged documents', 'مستندات مزورة'), final_decision: true },
  ],
};

function detail(overrides: Partial<TCustomerRequestDetail> = {}): TCustomerRequestDetail {
  return {
    id: 41,
    code: 'SR-000041',
    name: 'هالة عبد الرحمن',
    email: 'hala@example.com',
    mobile: '01277778888',
    address: 'الدقي، الجيزة',
    renewal: 1,
    user_type: 'representative',
    identity_type: { id: 1 },
    identity_value: '28905120101234',
    identity_passport_value: null,
    identity_expiration_date: '2029-04-30',
    tax_registration_number: '305112233',
    Representative_type: 'partner',
    nationality: 1,
    service: LOOKUPS.services[1] as TCustomerRequestDetail['service'],
    service_duration: LOOKUPS.services_durations[1] as TCustomerRequestDetail['service'],
    organization_type: LOOKUPS.organizations_types[1] as TCustomerRequestDetail['service'],
    request_status_type: { id: 1, name: 'Draft', name_local: 'مسودة', code: 'draft' },
    branch: null,
    receivingDate: null,
    branched: false,
    created_by: { id: 5, name: 'هالة عبد الرحمن' },
    assigned_to: null,
    removed: 0,
    payment_amount: null,
    payment_reference: null,
    rejection_reason_id: null,
    rejection_note: null,
    cancel_reason: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    actions: ['next', 'cancel'],
    history: [
      {
        action: 'create',
        from_status: null,
        created_by: { id: 5, name: 'هالة عبد الرحمن' },
        request_status_type: { id: 1, name: 'Draft', name_local: 'مسودة', code: 'draft' },
        note: null,
        created_at: '2026-11-20T08:00:00.000Z',
        payment_amount: null,
        payment_reference: null,
        rejection_reason: null,
      },
    ],
    files: {
      main_files: [
        {
          content_type: 'identity_copy',
          document: {
            id: 3,
            title: 'id.pdf',
            url: '/customers_requests/41/files/3',
            size: 2048,
            size_text: '2 KB',
            mime: 'application/pdf',
          },
        },
      ],
      additional_files: [],
    },
    ...overrides,
  };
}

function stub(
  userId: number,
  permissions: readonly Permission[],
  answer: (call: Call) => Response | undefined = () => undefined,
) {
  signInAs({ id: userId });
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === `/api/v1/users/${userId}`) {
      return ok(
        makeUser({ id: userId, type: permissions.length ? 'admin' : 'user', direct_permissions: [...permissions] }),
      );
    }
    if (call.url === '/api/v1/customers_requests/lookups') return ok(LOOKUPS);
    return answer(call);
  });
}

beforeEach(() => setClockForTests('2026-11-23T10:00:00Z'));
afterEach(() => setClockForTests(undefined));

describe('the request form', { timeout: 60_000 }, () => {
  it('asks a company for its tax number, its representative and its papers; a person for none of them', async () => {
    stub(5, []);
    await renderWithProviders(<RequestForm request={detail()} />, { lang: 'en' });
    expect(await screen.findByLabelText('Tax registration number')).toHaveValue('305112233');
    expect(screen.getByText('Representative type')).toBeInTheDocument();
    // The documents' panel arrives just after the form.
    await screen.findByText('Identity copy');
    for (const paper of ['Identity copy', 'Commercial registration', 'Tax card', 'Authorization']) {
      expect(screen.getByText(paper)).toBeInTheDocument();
    }
    // The stored identity copy is shown, to be replaced if another file is chosen.
    expect(screen.getByText(/Stored: id\.pdf \(2 KB\)/)).toBeInTheDocument();
  });

  it('shows no tax number, representative or company papers for an individual’s certificate', async () => {
    stub(5, []);
    const person = detail({
      service: LOOKUPS.services[0] as TCustomerRequestDetail['service'],
      service_duration: LOOKUPS.services_durations[0] as TCustomerRequestDetail['service'],
      organization_type: LOOKUPS.organizations_types[0] as TCustomerRequestDetail['service'],
      tax_registration_number: null,
      Representative_type: null,
    });
    await renderWithProviders(<RequestForm request={person} />, { lang: 'en' });
    await screen.findByText('Identity copy');
    expect(screen.queryByLabelText('Tax registration number')).toBeNull();
    expect(screen.queryByText('Representative type')).toBeNull();
    expect(screen.queryByText('Commercial registration')).toBeNull();
  });

  it('switches the identity field between national ID and passport', async () => {
    stub(5, []);
    await renderWithProviders(<RequestForm />, { lang: 'en' });
    expect(await screen.findByLabelText('National ID')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('radio', { name: 'Passport' }));
    expect(await screen.findByLabelText('Passport number')).toBeInTheDocument();
    expect(screen.queryByLabelText('National ID')).toBeNull();
  });

  it('refuses to send an incomplete form, saying so above it and under each field', async () => {
    const calls = stub(5, []);
    await renderWithProviders(<RequestForm />, { lang: 'ar' });
    await screen.findByRole('radio', { name: 'جواز السفر' });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ كمسودة' }));
    const alert = await screen.findByText('تعذّر حفظ الطلب');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('من فضلك أكمل البيانات المطلوبة');
    expect(await screen.findByText('من فضلك اختر الخدمة')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/customers_requests/save'))).toBe(false);
  });

  it('tells a customer whose email is not activated that submitting waits for it, with the way to activate', async () => {
    signInAs({ id: 5 });
    stubApi((call) => {
      if (call.url === '/api/v1/users/5') return ok(makeUser({ id: 5, type: 'user', email_verified: false }));
      if (call.url === '/api/v1/customers_requests/lookups') return ok(LOOKUPS);
      return undefined;
    });
    await renderWithProviders(<RequestForm request={detail()} />, { lang: 'ar' });
    const alert = await screen.findByTestId('request-unverified');
    expect(alert).toHaveTextContent('فعّل بريدك الإلكتروني أولًا، ثم يمكنك تقديم الطلب؛ يمكنك حفظه كمسودة حتى ذلك الحين');
    expect(within(alert).getByRole('link', { name: 'تفعيل البريد الإلكتروني' })).toHaveAttribute('href', '/message');
    // Saving the draft stays open; submitting does not.
    expect(screen.getByRole('button', { name: /حفظ وتقديم/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeEnabled();
  });

  it('says nothing of activation to a customer whose email is activated', async () => {
    stub(5, []);
    await renderWithProviders(<RequestForm request={detail()} />, { lang: 'en' });
    await screen.findByLabelText('National ID');
    expect(screen.queryByTestId('request-unverified')).toBeNull();
    expect(screen.getByRole('button', { name: /Save and submit/ })).toBeEnabled();
  });

  it('refuses an additional file over 512 KB or of another type at once, with the size/extension message', async () => {
    stub(5, []);
    await renderWithProviders(<RequestForm />, { lang: 'en' });
    const input = (await screen.findByTestId('file-additionalFile')).querySelector('input') as HTMLInputElement;
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 513 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    const problem = await within(screen.getByTestId('file-additionalFile')).findByRole('alert');
    // Too large: the message names the file refused and the limit (issue 22 item 11).
    expect(problem).toHaveTextContent('The file “\u2068scan.pdf\u2069” is larger than 512 KB');
    // Another type: the picker makes a new input after each pick, so it is looked up again.
    const again = screen.getByTestId('file-additionalFile').querySelector('input') as HTMLInputElement;
    fireEvent.change(again, { target: { files: [new File(['x'], 'page.html', { type: 'text/html' })] } });
    await waitFor(() =>
      expect(within(screen.getByTestId('file-additionalFile')).getByRole('alert')).toHaveTextContent(
        "This file's type or size is not allowed",
      ),
    );
    expect(document.querySelectorAll('.request-form-additional li')).toHaveLength(0);
  });
});

describe('the request’s actions', { timeout: 60_000 }, () => {
  it('offers what `actions` allows; next asks first, then sends the status on screen', async () => {
    let sent: unknown;
    const calls = stub(5, [], (call) => {
      if (call.method === 'POST' && call.url === '/api/v1/customers_requests/action/41') {
        sent = call.body;
        return ok(detail({ request_status_type: { id: 2, name: 'Submitted', name_local: 'مقدم', code: 'submitted' } }));
      }
      return undefined;
    });
    await renderWithProviders(<RequestActions request={detail()} />, { lang: 'en' });
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset to draft' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Are you sure you want to continue: Submit?')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/action/'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(sent).toEqual({ type: 'next', expected_status: 1 }));
    expect(await screen.findByText('The request is now «Submitted»')).toBeInTheDocument();
  });

  it('accepts with a fee and reference, checked before sending', async () => {
    let sent: unknown;
    stub(1, ['accept_requests', 'show_requests'], (call) => {
      if (call.url === '/api/v1/customers_requests/action/41') {
        sent = call.body;
        return ok(detail({ request_status_type: { id: 4, name: 'Accepted', name_local: 'مقبول', code: 'accepted' } }));
      }
      return undefined;
    });
    const reviewed = detail({
      request_status_type: { id: 3, name: 'Reviewed', name_local: 'تمت المراجعة', code: 'reviewed' },
      actions: ['next-for-pay', 'reject'],
    });
    await renderWithProviders(<RequestActions request={reviewed} />, { lang: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the request' });
    fireEvent.change(within(dialog).getByLabelText('Fees'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Enter an amount greater than zero', { exact: false })).toBeInTheDocument();
    expect(sent).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('Fees'), { target: { value: '350.50' } });
    fireEvent.change(within(dialog).getByLabelText('Payment reference'), { target: { value: 'FAWRY-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(sent).toEqual({
        type: 'next-for-pay',
        payment_amount: 350.5,
        payment_reference: 'FAWRY-1',
        expected_status: 3,
      }),
    );
  });

  it('reads a fee and a reference typed with Arabic digits (issue 22: ٣٥٠ was a 422), and marks the field the server refuses', async () => {
    const sent: unknown[] = [];
    stub(1, ['accept_requests', 'show_requests'], (call) => {
      if (call.url === '/api/v1/customers_requests/action/41') {
        sent.push(call.body);
        // The first answer refuses the fee (the limit changed meanwhile); the second accepts.
        if (sent.length === 1) {
          return jsonResponse(
            {
              status: 'error',
              message: 'من فضلك أكمل البيانات المطلوبة',
              errors: [{ field: 'payment_amount', title: 'المبلغ أكبر من الحد المسموح' }],
            },
            422,
          );
        }
        return ok(detail({ request_status_type: { id: 4, name: 'Accepted', name_local: 'مقبول', code: 'accepted' } }));
      }
      return undefined;
    });
    const reviewed = detail({
      request_status_type: { id: 3, name: 'Reviewed', name_local: 'تمت المراجعة', code: 'reviewed' },
      actions: ['next-for-pay', 'reject'],
    });
    await renderWithProviders(<RequestActions request={reviewed} />, { lang: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'قبول' }));
    const dialog = await screen.findByRole('dialog');
    const fee = within(dialog).getByLabelText('الرسوم');
    // A thousands mark that does not group by threes is a slip (12٫50?): refused before sending.
    fireEvent.change(fee, { target: { value: '١٢٬٥٠' } });
    fireEvent.change(within(dialog).getByLabelText('مرجع الدفع'), { target: { value: 'TRX-٢٠٢٦-001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'قبول' }));
    expect(await within(dialog).findByText('من فضلك أدخل مبلغًا أكبر من صفر', { exact: false })).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    fireEvent.change(fee, { target: { value: '٣٥٠' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'قبول' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { type: 'next-for-pay', payment_amount: 350, payment_reference: 'TRX-2026-001', expected_status: 3 },
      ]),
    );
    // The refusal is in the banner and under the field itself.
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent('من فضلك أكمل البيانات المطلوبة');
    await waitFor(() => expect(fee.closest('.ant-form-item')).toHaveTextContent('المبلغ أكبر من الحد المسموح'));
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    // Grouped Arabic thousands and decimals read as the server reads them.
    fireEvent.change(fee, { target: { value: '١٬٢٥٠٫٥٠' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'قبول' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      type: 'next-for-pay',
      payment_amount: 1250.5,
      payment_reference: 'TRX-2026-001',
      expected_status: 3,
    });
  });

  it('shows the server’s 409 (someone acted meanwhile) inside the dialog', async () => {
    stub(1, ['reject_requests', 'show_requests'], (call) => {
      if (call.url === '/api/v1/customers_requests/action/41') {
        return jsonResponse(
          { status: 'error', message: 'This action is not possible while the request is «Rejected»', errors: [] },
          409,
        );
      }
      if (call.method === 'GET' && call.url === '/api/v1/customers_requests/41') return ok(detail());
      return undefined;
    });
    const submitted = detail({
      request_status_type: { id: 2, name: 'Submitted', name_local: 'مقدم', code: 'submitted' },
      actions: ['reject'],
    });
    await renderWithProviders(<RequestActions request={submitted} />, { lang: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Incomplete documents'));
    fireEvent.change(within(dialog).getByLabelText('Note to the customer'), { target: { value: 'صورة غير واضحة' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('This action is not possible while the request is «Rejected»'),
    ).toBeInTheDocument();
  });
});

describe('the request’s history', { timeout: 60_000 }, () => {
  const step = (
    action: string,
    status: [number, string, string, TCustomerRequestDetail['request_status_type']['code']],
    extra: Partial<TCustomerRequestDetail['history'][number]> = {},
  ): TCustomerRequestDetail['history'][number] => ({
    action,
    from_status: null,
    created_by: { id: 1, name: 'سامي الموظف' },
    request_status_type: { id: status[0], name: status[1], name_local: status[2], code: status[3] },
    note: null,
    created_at: '2026-11-21T09:00:00.000Z',
    payment_amount: null,
    payment_reference: null,
    rejection_reason: null,
    ...extra,
  });
  const history = [
    step('reset', [1, 'Draft', 'مسودة', 'draft']),
    step('reject', [8, 'Rejected', 'مرفوض', 'rejected'], {
      note: 'صورة غير واضحة',
      rejection_reason: { ...named(1, 'Incomplete documents', 'المستندات غير مكتملة'), final_decision: false },
    }),
    step('next-for-pay', [4, 'Accepted', 'مقبول', 'accepted'], {
      payment_amount: 1250.5,
      payment_reference: 'FAWRY-99',
    }),
  ];

  it('shows each accept’s fee and reference and each rejection’s reason, in English', async () => {
    stub(1, ['show_requests']);
    await renderWithProviders(<RequestDetail request={detail({ history, actions: [] })} />, { lang: 'en' });
    const timeline = screen.getByTestId('request-history');
    const fee = within(timeline).getByTestId('history-fee');
    expect(fee).toHaveTextContent('Fees: EGP 1,250.50 · Payment reference: FAWRY-99');
    expect(timeline).toHaveTextContent('Reason: Incomplete documents');
    expect(timeline).toHaveTextContent('صورة غير واضحة');
    expect(within(timeline).getAllByTestId('history-fee')).toHaveLength(1);
  });

  it('in Arabic', async () => {
    stub(1, ['show_requests']);
    await renderWithProviders(<RequestDetail request={detail({ history, actions: [] })} />, { lang: 'ar' });
    const timeline = screen.getByTestId('request-history');
    expect(within(timeline).getByTestId('history-fee')).toHaveTextContent(
      /^الرسوم: .*1,250\.50.*· مرجع الدفع: FAWRY-99$/,
    );
    expect(timeline).toHaveTextContent('السبب: المستندات غير مكتملة');
  });
});

describe('the receipt', { timeout: 60_000 }, () => {
  it('shows the code, the fee and its reference once paid, and only then', async () => {
    stub(5, []);
    const paid = detail({
      request_status_type: { id: 5, name: 'Paid', name_local: 'مدفوع', code: 'paid' },
      payment_amount: 350.5,
      payment_reference: 'FAWRY-99120045',
    });
    const { unmount } = await renderWithProviders(<RequestReceipt request={paid} />, { lang: 'en' });
    const receipt = screen.getByTestId('request-receipt');
    expect(receipt).toHaveTextContent('SR-000041');
    expect(receipt).toHaveTextContent('FAWRY-99120045');
    expect(receipt).toHaveTextContent('350.50');
    unmount();
    await renderWithProviders(<RequestReceipt request={detail()} />, { lang: 'en' });
    expect(screen.queryByTestId('request-receipt')).toBeNull();
    expect(screen.getByText("The receipt is available once the request's fees are paid.")).toBeInTheDocument();
  });
});

describe('the request lists', { timeout: 60_000 }, () => {
  it('turn the table’s page, search, sort and filters into the list call', () => {
    expect(
      toRequestListBody(
        { page: 3, perPage: 10, sortBy: 'created_at', sortOrder: 'asc', search: 'SR-1', service_id: '2', removed: '1' },
        'all',
      ),
    ).toEqual({
      scope: 'all',
      limit: 10,
      offset: 20,
      keywords: 'SR-1',
      removed: 1,
      filters: { service_id: 2 },
      order_by: 'created_at',
      order_direction: 'asc',
    });
  });

  it('list requests with their status; restore only for admin_requests, on removed rows', async () => {
    const removed = detail({ id: 42, code: 'SR-000042', removed: 1 });
    const calls = stub(1, ['show_requests', 'admin_requests'], (call) => {
      if (call.url === '/api/v1/customers_requests') return ok({ data: [detail(), removed], meta: { count: 2 } });
      return undefined;
    });
    await renderWithProviders(<RequestsTable scope="all" />, { lang: 'en', route: '/requests?removed=1' });
    await screen.findByText('SR-000041');
    expect(calls.find((c) => c.url === '/api/v1/customers_requests')?.body).toMatchObject({ scope: 'all', removed: 1 });
    expect(screen.getByTestId('request-status-41')).toHaveTextContent('Draft');
    expect(screen.getByTestId('request-restore-42')).toBeInTheDocument();
    expect(screen.queryByTestId('request-restore-41')).toBeNull();
    expect(screen.getByTestId('request-remove-41')).toBeInTheDocument();
  });
});
