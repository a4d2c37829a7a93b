import { poundsToPiastres } from '@portal/shared/money';
import { ZRefundRequest } from '@portal/shared/schemas/ledger';
import { toLatinNumber } from '@portal/shared/text';
import { Alert, Button, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { SubmitButton } from '../../../components/forms/submit-button';
import { ApiError } from '../../../lib/api-client';
import { dayjsOfDay, dayOfDayjs, today } from '../../../lib/clock';
import { datePickerFormat } from '../../../lib/dayjs';
import { formatMoney, formatNumber, isolated } from '../../../lib/format';
import { showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { BalanceLines } from '../../ledger/components/balance-lines';
import { MoneyDialog } from '../../ledger/components/money-dialog';
import { useRefund, useWithdrawQuote } from '../api/money-api';
import { SubscriptionFacts, type SubscriptionSubject } from './subscription-facts';

type Values = { amount: string; reference: string; date: string | null; note?: string };

const FIELDS = ['amount', 'reference', 'date', 'note'];

/** The refund may not exceed what is owed back to the member (the server checks it again, in SQL). */
export function refundLimitRule(owedBack: number) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const parsed = ZRefundRequest.shape.amount.safeParse(value);
      if (!parsed.success) return; // the amount's own rule says what is wrong
      if (poundsToPiastres(parsed.data) > poundsToPiastres(owedBack)) {
        throw new Error(
          // The catalogue's text says the currency itself: the amount alone, with its two decimals.
          i18next.t('ledger.errors.refund_exceeds', {
            owed: formatNumber(Math.max(0, owedBack), currentLanguage(), { minimumFractionDigits: 2 }),
          }),
        );
      }
    },
  };
}

/**
 * Money back to a member who withdrew (POST /subscriptions/{id}/refund): the balance from the
 * server (paid, paid out, refunded, owed back), then the amount — at most what is owed back,
 * offered in full —, the transfer's reference, its date (today by default, never in the future)
 * and a note.
 */
export default function RefundDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionSubject;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const quote = useWithdrawQuote(subscription.id);
  const refund = useRefund(subscription.id);
  const [refused, setRefused] = useState<string | null>(null);
  const owed = quote.data?.balance.owed_back ?? 0;

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      setRefused(null);
      const amount = ZRefundRequest.shape.amount.parse(values.amount);
      await refund.mutateAsync(
        idempotent(
          {
            amount,
            reference: values.reference,
            date: values.date ?? today(),
            ...(values.note ? { note: values.note } : {}),
          },
          subscription.id,
        ),
      );
      toast.success(
        t('ledgerUi.refund.done', { amount: formatMoney(amount, lang), member: isolated(subscription.userName) }),
      );
      onClose();
    },
    {
      fields: FIELDS,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && !error.errors.some((e) => e.field === 'amount')) {
          setRefused(error.message);
          toast.error(error.message);
          return;
        }
        showSaveError(form, error, { fields: FIELDS });
      },
    },
  );

  return (
    <MoneyDialog title={t('ledgerUi.refund.title')} onClose={onClose} busy={submit.pending} testId="refund-dialog">
      <SubscriptionFacts subscription={subscription} />
      {quote.isPending && (
        <p className="money-lead" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {quote.isError && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={t('table.load_failed')}
          action={<Button onClick={() => void quote.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {quote.data && (
        <section className="money-quote" aria-label={t('ledgerUi.refund.figures')} data-testid="refund-balance">
          <BalanceLines balance={quote.data.balance} />
          {owed <= 0 && <Alert type="info" showIcon title={t('ledgerUi.refund.nothing_owed')} />}
        </section>
      )}
      {refused && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={t('ledgerUi.refund.not_done')}
          description={refused}
          data-testid="refund-refused"
        />
      )}
      {quote.data && (
        <Form<Values>
          form={form}
          name="refund"
          layout="vertical"
          requiredMark
          disabled={owed <= 0}
          initialValues={{ amount: owed > 0 ? String(owed) : '', reference: '', date: today(), note: '' }}
          onFinish={submit.onFinish}
          onFinishFailed={submit.onFinishFailed}
          data-testid="refund-form"
        >
          <Form.Item
            name="amount"
            label={t('ledgerUi.refund.amount_egp')}
            // Shown as the shared rule reads it (١٥٠٫٥٠ → 150.50) as it is typed.
            normalize={(value: string | undefined) => toLatinNumber(value ?? '')}
            rules={[zodRule(ZRefundRequest.shape.amount), refundLimitRule(owed)]}
            extra={t('ledgerUi.refund.at_most', { amount: formatMoney(Math.max(0, owed), lang) })}
            required
          >
            <Input dir="ltr" inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="reference"
            label={t('associations.columns.transfer_reference')}
            rules={[zodRule(ZRefundRequest.shape.reference)]}
            required
          >
            <Input dir="auto" maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="date"
            label={t('ledgerUi.refund.date')}
            rules={[zodRule(ZRefundRequest.shape.date)]}
            required
            getValueProps={(value: string | null) => ({ value: value ? dayjsOfDay(value) : null })}
            normalize={(day: Dayjs | null) => (day ? dayOfDayjs(day) : null)}
          >
            <LazyDatePicker
              className="full-width"
              disabledDate={(day) => dayOfDayjs(day) > today()}
              format={datePickerFormat(i18n.language === 'en' ? 'en' : 'ar')}
              allowClear={false}
            />
          </Form.Item>
          <Form.Item name="note" label={t('paymentsUi.dialog.note')} rules={[zodRule(ZRefundRequest.shape.note)]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} />
          </Form.Item>
          <div className="form-actions">
            <SubmitButton pending={submit.pending} disabled={owed <= 0} testId="refund-submit">
              {t('ledgerUi.refund.submit')}
            </SubmitButton>
            <Button onClick={onClose} disabled={submit.pending}>
              {t('associationsUi.confirm_no')}
            </Button>
          </div>
        </Form>
      )}
    </MoneyDialog>
  );
}
