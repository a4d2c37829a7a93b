import type { TRegistrationLookups } from '@portal/shared/schemas/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fakeApi, ok } from '../testing/fake-api';
import { RecoveryForm } from './recovery-form';

const WAIT = { timeout: 10_000 };
const item = (id: number, name: string, name_local: string) => ({ id, name, name_local });

const lookups: TRegistrationLookups = {
  degrees: [],
  levels: [item(1, 'Intermediate', 'مؤهل متوسط'), item(3, 'Higher', 'مؤهل عالٍ')],
  qualifications: [
    item(10, 'Commercial diploma', 'دبلوم تجاري'),
    item(11, 'Industrial diploma', 'دبلوم صناعي'),
    item(12, 'Law', 'ليسانس حقوق'),
  ],
  specifications: [item(20, 'Electricity', 'كهرباء'), item(21, 'Mechanics', 'ميكانيكا')],
  degree_qualifications: [
    { level_id: 1, qualification_id: 10 },
    { level_id: 1, qualification_id: 11 },
    { level_id: 3, qualification_id: 12 },
  ],
  degree_specifications: [
    { qualification_id: 11, specification_id: 20 },
    { qualification_id: 11, specification_id: 21 },
  ],
  pre_qualifications: [],
  universities: [item(33, 'Cairo University', 'جامعة القاهرة')],
  collages: [item(41, 'Faculty of Commerce', 'كلية التجارة')],
  grades: [],
  places: [],
  governments: [],
};

async function choose(label: string, option: string) {
  await waitFor(() => expect(screen.getByLabelText(label)).toBeEnabled(), WAIT);
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option, undefined, WAIT);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

function renderForm(onSubmitted = vi.fn()) {
  return renderWithProviders(
    <RecoveryForm
      lookups={lookups}
      account={null}
      defaults={{ email: 'old@example.com', mobile: '01012345678', name: 'Karim Hassan' }}
      oldEmail="old@example.com"
      onSubmitted={onSubmitted}
    />,
  );
}

describe('RecoveryForm', { timeout: 60_000 }, () => {
  it('asks for the national id (14 digits), the level and the qualification; the specification only when offered', async () => {
    const api = fakeApi({});
    await renderForm();
    expect(screen.getByTestId('old-email')).toHaveValue('old@example.com');
    fireEvent.change(screen.getByLabelText('الرقم القومي'), { target: { value: '٢٩٩٠١٠١' } });
    expect(screen.getByLabelText('الرقم القومي')).toHaveValue('2990101');
    fireEvent.click(screen.getByTestId('recovery-submit'));
    expect(await screen.findByText('الرقم القومي مكوّن من 14 رقمًا', undefined, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('من فضلك اختر المستوى التعليمي', undefined, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('من فضلك اختر المؤهل', undefined, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('من فضلك أدخل الاسم باللغة العربية', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByLabelText('التخصص')).not.toBeInTheDocument();

    // A commercial diploma offers no specialization; an industrial one does, and then it is required.
    await choose('المستوى التعليمي', 'مؤهل متوسط');
    await choose('المؤهل', 'دبلوم تجاري');
    expect(screen.queryByLabelText('التخصص')).not.toBeInTheDocument();
    await choose('المؤهل', 'دبلوم صناعي');
    expect(await screen.findByLabelText('التخصص', undefined, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('recovery-submit'));
    expect(await screen.findByText('من فضلك اختر التخصص', undefined, WAIT)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sends the data with an unlisted university by name and reports the status', async () => {
    const api = fakeApi({
      'POST /recovery': (body) => ok({ ...(body as object), id: 1, user_id: 7, status: 'pending_review' }),
    });
    const onSubmitted = vi.fn();
    await renderForm(onSubmitted);
    fireEvent.change(screen.getByLabelText('الاسم باللغة العربية'), { target: { value: 'كريم حسن' } });
    fireEvent.change(screen.getByLabelText('الرقم القومي'), { target: { value: '29901010123456' } });
    await choose('الجامعة', 'أخرى (اكتب الاسم)');
    fireEvent.change(await screen.findByLabelText('اسم الجامعة', undefined, WAIT), {
      target: { value: 'جامعة النيل' },
    });
    await choose('المستوى التعليمي', 'مؤهل عالٍ');
    await choose('المؤهل', 'ليسانس حقوق');
    fireEvent.click(screen.getByTestId('recovery-submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('pending_review'), WAIT);
    expect(api.callsTo('POST /recovery')[0]?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(api.callsTo('POST /recovery')[0]?.body).toEqual({
      ar_name: 'كريم حسن',
      en_name: 'Karim Hassan',
      email: 'old@example.com',
      mobile: '01012345678',
      national_id: '29901010123456',
      university_name: 'جامعة النيل',
      degree_education_level_id: 3,
      degree_qualification_id: 12,
    });
  });

  it('labels the read-only current email and takes a pasted mobile whole, normalized', async () => {
    fakeApi({});
    await renderForm();
    // The read-only email is named by its label (a screen reader says what it is).
    expect(screen.getByLabelText('البريد الإلكتروني الحالي')).toHaveValue('old@example.com');
    const mobile = screen.getByLabelText('رقم الموبايل');
    expect(mobile).not.toHaveAttribute('maxlength');
    fireEvent.change(mobile, { target: { value: '+20 10 1234 5678' } });
    expect(mobile).toHaveValue('01012345678');
    fireEvent.change(mobile, { target: { value: '0101234' } });
    fireEvent.blur(mobile);
    expect(
      await screen.findByText(
        'من فضلك أدخل رقم موبايل مصري صحيح: 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015',
        undefined,
        WAIT,
      ),
    ).toBeInTheDocument();
  });
});
