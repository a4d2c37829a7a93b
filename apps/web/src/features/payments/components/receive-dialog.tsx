import { type TPayment, ZReceivePaymentsRequest } from '@portal/shared/schemas/associations';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/data-table/columns';
import { SubmitButton } from '../../../components/forms/submit-button';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatMoneyFromPiastres, formatNumber } from '../../../lib/format';
import { showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useReceivePayments } from '../api/payments-api';
import { DaysLate, PAYMENT_COLORS } from './payment-status';
import '../../associations/components/associations.css';

type Values = { reference: string; note?: string };

/**
 * What the chosen installments come to, in piastres: every amount is a whole number of pounds
 * (an association's cost), so the sum of integers is exact; shown with the one money formatter.
 */
export function totalPiastres(payments: readonly Pick<TPayment, 'amount'>[]): number {
  return payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
}

/**
 * Records one or several installments as received (POST /subscriptions/payments/receive): the
 * chosen rows (a late one says how many days late), their count and total, then the reference
 * and an optional note. All are recorded in one transaction or none: when some were received
 * meanwhile the server answers 409 naming them, and the dialog says so and stays open.
 */
export default function ReceiveDialog({
  payments,
  onClose,
  onDone,
}: {
  payments: TPayment[];
  onClose: () => void;
  onDone: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const receive = useReceivePayments();
  const [refused, setRefused] = useState<string | null>(null);
  const ids = payments.map((p) => p.id);
  const count = payments.length;

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      setRefused(null);
      const received = await receive.mutateAsync(
        // Cash: what the server assumes for a client that names no method (docs/decisions/0029).
        idempotent({
          ids,
          method: 'cash',
          reference: values.reference,
          ...(values.note ? { note: values.note } : {}),
        }),
      );
      toast.success(
        t('paymentsUi.received', { count: received.length, formatted: formatNumber(received.length, lang) }),
      );
      onDone(ids);
    },
    {
      fields: ['reference', 'note'],
      onError: (error) => {
        // 409: some were received meanwhile; the server names them and recorded none.
        if (error instanceof ApiError && error.status === 409) {
          setRefused(error.errors[0]?.title || error.message);
          return;
        }
        showSaveError(form, error, { fields: ['reference', 'note'] });
      },
    },
  );

  return (
    <Modal
      open
      title={t('paymentsUi.dialog.title', { count, formatted: formatNumber(count, lang) })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="receive-dialog"
    >
      <p className="dialog-lead" data-testid="receive-summary">
        {t('paymentsUi.dialog.summary', {
          count,
          formatted: formatNumber(count, lang),
          total: formatMoneyFromPiastres(totalPiastres(payments), lang),
        })}
      </p>
      <ul className="receive-list" aria-label={t('paymentsUi.dialog.chosen')}>
        {payments.map((p) => (
          <li key={p.id} className="receive-item" data-testid={`receive-item-${p.id}`}>
            <span className="receive-item-who">
              <strong>{p.user.name}</strong>
              <span className="muted">{p.association.title}</span>
            </span>
            <span className="receive-item-when">
              {formatDate(p.dueDate, lang)}
              <StatusBadge color={PAYMENT_COLORS[p.status]} label={`associations.labels.${p.status}`} />
              <DaysLate days={p.days_late} />
            </span>
          </li>
        ))}
      </ul>
      {refused && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          role="alert"
          title={t('paymentsUi.dialog.refused')}
          description={refused}
          data-testid="receive-refused"
        />
      )}
      <Form<Values>
        form={form}
        name="receive"
        layout="vertical"
        requiredMark
        initialValues={{ reference: '', note: '' }}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="receive-form"
      >
        <Form.Item
          name="reference"
          label={t('associations.columns.reference')}
          rules={[zodRule(ZReceivePaymentsRequest.shape.reference)]}
          required
        >
          <Input dir="auto" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('paymentsUi.dialog.note')}
          rules={[zodRule(ZReceivePaymentsRequest.shape.note)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} testId="receive-submit">
            {t('paymentsUi.dialog.submit', { count, formatted: formatNumber(count, lang) })}
          </SubmitButton>
          <Button onClick={onClose}>{t('associationsUi.confirm_no')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
