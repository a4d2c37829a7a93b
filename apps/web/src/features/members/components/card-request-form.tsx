import { NATIONAL_ID_LENGTH } from '@portal/shared/constants';
import { ZCardRequestCreateRequest } from '@portal/shared/schemas/card-requests';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/submit-button';
import { ApiError } from '../../../lib/api-client';
import { localizeDigits } from '../../../lib/digits';
import { showSaveError, toastCompleteFields, useFormSubmit, zodRule } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useRequestCard } from '../api/members-api';

type Values = { name: string; national_id: string };

const SHAPE = ZCardRequestCreateRequest.shape;

/** Ask for a card: the name to print and the 14-digit national id, checked by the shared schema as the server checks it. */
export function CardRequestForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const request = useRequestCard();
  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      // Arabic-Indic digits and spaces are accepted; the schema sends Latin digits (GLOSSARY "Digits").
      const parsed = ZCardRequestCreateRequest.safeParse(values);
      if (!parsed.success) return toastCompleteFields();
      await request.mutateAsync(idempotent(parsed.data));
      toast.success(t('card_requests.messages.requested'));
      form.resetFields();
    },
    {
      onError: (error) => {
        // One open request at a time: the list, refreshed, now shows the open one in place of the form.
        if (error instanceof ApiError && error.status === 409) toast.error(error.message);
        else showSaveError(form, error, { fields: ['name', 'national_id'] });
      },
    },
  );
  return (
    <section className="member-card card-request-form" aria-labelledby="card-request-form-title">
      <h2 id="card-request-form-title" className="member-card-title">
        {t('membersUi.cards.form_title')}
      </h2>
      <p className="muted form-note">{t('membersUi.cards.intro')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        name="card-request"
        requiredMark
        initialValues={{ name: user?.name ?? '', national_id: '' }}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="card-request-form"
      >
        <Form.Item name="name" label={t('membersUi.cards.name')} rules={[zodRule(SHAPE.name)]} required>
          <Input autoComplete="name" maxLength={150} />
        </Form.Item>
        <Form.Item
          name="national_id"
          label={t('membersUi.cards.national_id')}
          rules={[zodRule(SHAPE.national_id)]}
          extra={t('membersUi.cards.national_id_hint', { count: localizeDigits(String(NATIONAL_ID_LENGTH)) })}
          required
        >
          {/* Room for spaces between digit groups, which the schema removes. */}
          <Input inputMode="numeric" dir="ltr" autoComplete="off" maxLength={NATIONAL_ID_LENGTH + 6} className="mono" />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="card-request-submit">
            {t('membersUi.cards.submit')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
