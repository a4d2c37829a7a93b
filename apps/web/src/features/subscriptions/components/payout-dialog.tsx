import { type TSubscription, ZTransferRequest } from '@portal/shared/schemas/associations';
import { Alert, Button, Descriptions, Form, Input, Modal, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { SubmitButton } from '../../../components/forms/submit-button';
import { dayjsOfDay, dayOfDayjs, today } from '../../../lib/clock';
import { datePickerFormat } from '../../../lib/dayjs';
import { formatDate, formatId, formatMoney, formatNumber } from '../../../lib/format';
import { useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useRecordTransfer, useSubscription } from '../api/subscriptions-api';
import '../../associations/components/associations.css';

type Values = { reference: string; date: string | null };

/**
 * A transfer is recorded on the day it was made: never a day after today (Cairo), nor before the
 * turn day it pays (the shared schema and the server say the same).
 */
export function isTransferDateDisabled(day: Dayjs, turnDay: string): boolean {
  const value = dayOfDayjs(day);
  return value > today() || value < turnDay;
}

/**
 * Records a payout (SPEC §4 transferStatus unpaid → paid): first what the member stands at
 * (the payout, and their late installments, count and sum, from GET /subscriptions/{id}), then
 * the transfer's reference and date. Offered on a subscription whose day has come; the server
 * decides again (409: not due yet, or already transferred).
 */
export default function PayoutDialog({ subscription, onClose }: { subscription: TSubscription; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const detail = useSubscription(subscription.id);
  const record = useRecordTransfer(subscription.id);
  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      await record.mutateAsync(idempotent({ reference: values.reference, date: values.date ?? '' }, subscription.id));
      toast.success(t('associations.messages.transferred'));
      onClose();
    },
    { fields: ['reference', 'date'] },
  );
  const late = detail.data?.installments;
  const due = detail.data?.payout_due ?? false;

  return (
    <Modal
      open
      title={t('subscriptionsUi.payout.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="payout-dialog"
    >
      <Descriptions column={1} size="small" className="dialog-summary">
        <Descriptions.Item label={t('associations.columns.member')}>{subscription.userName}</Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.association')}>
          {subscription.association.title}
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.day_number')}>
          {formatId(subscription.dayNumber, lang)}
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.turn_date')}>
          {formatDate(subscription.date, lang)}
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.payout')}>
          <bdi className="money" data-testid="payout-amount">
            {formatMoney(subscription.amount, lang)}
          </bdi>
        </Descriptions.Item>
      </Descriptions>
      {detail.isPending && <Spin className="dialog-loading" aria-label={t('common.loading')} />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title={t('table.load_failed')}
          action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {late && (
        <Alert
          className="form-alert"
          type={late.late_count > 0 ? 'warning' : 'success'}
          showIcon
          data-testid="payout-late"
          title={
            late.late_count > 0
              ? t('subscriptionsUi.payout.late', {
                  count: late.late_count,
                  formatted: formatNumber(late.late_count, lang),
                  sum: formatMoney(late.late_sum, lang),
                })
              : t('subscriptionsUi.payout.no_late')
          }
        />
      )}
      {detail.data && !due && (
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title={t(
            detail.data.transferStatus === 'paid'
              ? 'associations.errors.payout_done'
              : 'associations.errors.payout_not_due',
          )}
        />
      )}
      <Form<Values>
        form={form}
        name="payout"
        layout="vertical"
        requiredMark
        disabled={!due}
        initialValues={{ reference: '', date: today() }}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="payout-form"
      >
        <Form.Item
          name="reference"
          label={t('associations.columns.transfer_reference')}
          rules={[zodRule(ZTransferRequest.shape.reference)]}
          required
        >
          <Input dir="auto" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('subscriptionsUi.payout.date')}
          rules={[zodRule(ZTransferRequest.shape.date)]}
          required
          getValueProps={(value: string | null) => ({ value: value ? dayjsOfDay(value) : null })}
          normalize={(day: Dayjs | null) => (day ? dayOfDayjs(day) : null)}
        >
          <LazyDatePicker
            className="full-width"
            disabledDate={(day) => isTransferDateDisabled(day, subscription.date)}
            format={datePickerFormat(i18n.language === 'en' ? 'en' : 'ar')}
            allowClear={false}
          />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} disabled={!due} testId="payout-submit">
            {t('subscriptionsUi.payout.submit')}
          </SubmitButton>
          <Button onClick={onClose} disabled={false}>
            {t('associationsUi.confirm_no')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
