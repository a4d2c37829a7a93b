import { ZTransferRequest } from '@portal/shared/schemas/associations';
import type { TPayoutQuote } from '@portal/shared/schemas/ledger';
import { Alert, Button, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { SubmitButton } from '../../../components/forms/submit-button';
import { ApiError } from '../../../lib/api-client';
import { dayjsOfDay, dayOfDayjs, today } from '../../../lib/clock';
import { datePickerFormat } from '../../../lib/dayjs';
import { formatDate, formatId, formatMoney, formatNumber, isolated } from '../../../lib/format';
import { showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Money } from '../../ledger/components/money';
import { MoneyDialog } from '../../ledger/components/money-dialog';
import { dayRunsText } from '../../ledger/lib/day-ranges';
import { usePayoutQuote, useRecordTransfer } from '../api/money-api';
import { SubscriptionFacts, type SubscriptionSubject } from './subscription-facts';

type Values = { reference: string; date: string | null; note?: string };

/**
 * A transfer is recorded on the day it was made: never a day after today (Cairo), nor before the
 * turn day it pays (the shared schema and the server say the same).
 */
export function isTransferDateDisabled(day: Dayjs, turnDay: string): boolean {
  const value = dayOfDayjs(day);
  return value > today() || value < turnDay;
}

/** The arrears as the dialog lists them: "days 1–4, 7–14 (due 1 Mar – 14 Mar 2027)". */
function ArrearsList({ quote }: { quote: TPayoutQuote }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const lines = quote.arrears.installments;
  if (lines.length === 0) return null;
  const dates = lines.map((l) => l.due_date).sort();
  return (
    <span className="money-line-note" data-testid="payout-arrears-days">
      {t('ledgerUi.payout.arrears_days', {
        count: lines.length,
        days: dayRunsText(
          lines.map((l) => l.day_number),
          (n) => formatId(n, lang),
          t('ledgerUi.list_separator'),
        ),
        from: formatDate(dates[0], lang),
        to: formatDate(dates.at(-1), lang),
      })}
    </span>
  );
}

/** Why the payout cannot be recorded, and what to do about it, from the quote's refusal. */
function Refusal({ quote }: { quote: TPayoutQuote }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!quote.refusal) return null;
  const values = {
    count: quote.arrears.count,
    formatted: formatNumber(quote.arrears.count, lang),
    sum: formatMoney(quote.arrears.sum, lang),
    gross: formatMoney(quote.gross, lang),
    date: formatDate(quote.date, lang),
  };
  const why =
    quote.refusal === 'arrears_refused' || quote.refusal === 'arrears_exceed'
      ? t(`ledgerUi.payout.why_${quote.refusal}`, values)
      : undefined;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t(`ledger.refusals.${quote.refusal}`)}
      description={why}
      data-testid="payout-refusal"
    />
  );
}

/** The figures of the quote: payout, arrears (count, sum, the late part, which days), deducted, net, the policy. */
function QuoteFigures({ quote, busy }: { quote: TPayoutQuote; busy: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { arrears } = quote;
  const settles = quote.refusal === null;
  return (
    <section
      className="money-quote"
      aria-busy={busy}
      aria-live="polite"
      aria-label={t('ledgerUi.payout.figures')}
      data-testid="payout-quote"
    >
      <dl className="money-lines">
        <div className="money-line">
          <dt>{t('ledger.labels.gross')}</dt>
          <dd>
            <Money amount={quote.gross} testId="payout-gross" />
          </dd>
        </div>
        <div className="money-line" data-testid="payout-arrears">
          <dt>
            {t('ledger.labels.arrears')}
            <span className="money-line-note">
              {arrears.count === 0
                ? t('ledgerUi.payout.no_arrears', { date: formatDate(quote.date, lang) })
                : t('ledgerUi.payout.arrears_count', {
                    count: arrears.count,
                    formatted: formatNumber(arrears.count, lang),
                    date: formatDate(quote.date, lang),
                  })}
            </span>
            {arrears.late_count > 0 && (
              <span className="money-line-note" data-testid="payout-late">
                {t('ledgerUi.payout.late_part', {
                  count: arrears.late_count,
                  formatted: formatNumber(arrears.late_count, lang),
                  sum: formatMoney(arrears.late_sum, lang),
                })}
              </span>
            )}
            <ArrearsList quote={quote} />
          </dt>
          <dd>
            <Money amount={arrears.sum} testId="payout-arrears-sum" />
          </dd>
        </div>
        {settles && quote.deducted > 0 && (
          <div className="money-line money-line-deduct">
            <dt>{t('ledger.labels.deducted')}</dt>
            <dd>
              <Money amount={-quote.deducted} testId="payout-deducted" />
            </dd>
          </div>
        )}
        {settles && (
          <div className="money-line money-line-total">
            <dt>{t('ledger.labels.net')}</dt>
            <dd>
              <Money amount={quote.net} testId="payout-net" />
            </dd>
          </div>
        )}
      </dl>
      <p className="money-policy" data-testid="payout-policy">
        {t('ledgerUi.payout.policy', { policy: t(`ledger.policies.${quote.policy}`) })}
      </p>
      <Refusal quote={quote} />
    </section>
  );
}

/**
 * Records a payout (SPEC §4 transferStatus unpaid → paid) against the member's arrears
 * (docs/decisions/0029): before anything is confirmed the server quotes the payout for the date
 * chosen (asked again whenever the date changes) — the payout, the installments still unpaid by
 * then (count, sum, the late part, which days), what the policy deducts and the net to transfer,
 * or why it cannot be recorded (policy `refuse`, arrears above the payout, not due…), and then
 * confirm stays disabled. The transfer carries the net shown (`expected_net`): when the figures
 * changed meanwhile the server refuses it, the dialog asks for the quote again and says so.
 */
export default function PayoutDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionSubject;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const [date, setDate] = useState<string | null>(() => today());
  const quote = usePayoutQuote(subscription.id, date);
  const record = useRecordTransfer(subscription.id);
  const [changed, setChanged] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  // Confirm only against figures for the date on screen, fresh from the server (not the previous date's, not mid-refresh).
  const current = quote.data && !quote.isPlaceholderData && quote.data.date === date ? quote.data : undefined;
  const ready = current !== undefined && !quote.isFetching && current.refusal === null;

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      if (!current || !ready) return;
      setRefused(null);
      await record.mutateAsync(
        idempotent(
          {
            reference: values.reference,
            date: current.date,
            ...(values.note ? { note: values.note } : {}),
            expected_net: current.net,
          },
          subscription.id,
        ),
      );
      toast.success(
        t('ledgerUi.payout.done', { net: formatMoney(current.net, lang), member: isolated(subscription.userName) }),
      );
      onClose();
    },
    {
      fields: ['reference', 'date', 'note'],
      onError: (error) => {
        setChanged(false);
        if (error instanceof ApiError && error.status === 409) {
          // The figures moved (a receipt recorded meanwhile): the quote is asked again (the mutation
          // invalidates it) and the new net shows; nothing was recorded.
          if (error.code === 'ledger.errors.quote_changed') setChanged(true);
          else setRefused(error.message);
          return;
        }
        showSaveError(form, error, { fields: ['reference', 'date', 'note'] });
      },
    },
  );

  return (
    <MoneyDialog
      title={t('subscriptionsUi.payout.title')}
      onClose={onClose}
      busy={submit.pending}
      testId="payout-dialog"
    >
      <SubscriptionFacts subscription={subscription} />
      <Form<Values>
        form={form}
        name="payout"
        layout="vertical"
        requiredMark
        initialValues={{ reference: '', date: today(), note: '' }}
        onValuesChange={(changedValues: Partial<Values>) => {
          if ('date' in changedValues) {
            setChanged(false);
            setRefused(null);
            setDate(changedValues.date ?? null);
          }
        }}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="payout-form"
      >
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
        {quote.isPending && date !== null && (
          <p className="money-lead" aria-busy="true" data-testid="payout-quote-loading">
            {t('ledgerUi.payout.quoting')}
          </p>
        )}
        {quote.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={
              quote.error instanceof ApiError && quote.error.message ? quote.error.message : t('table.load_failed')
            }
            action={<Button onClick={() => void quote.refetch()}>{t('common.retry')}</Button>}
          />
        )}
        {changed && (
          <Alert
            className="form-alert"
            type="warning"
            showIcon
            role="alert"
            title={t('ledgerUi.payout.changed_title')}
            description={t('ledgerUi.payout.changed')}
            data-testid="payout-changed"
          />
        )}
        {refused && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            role="alert"
            title={t('ledgerUi.payout.not_recorded')}
            description={refused}
            data-testid="payout-refused"
          />
        )}
        {quote.data && !quote.isError && (
          <QuoteFigures quote={quote.data} busy={quote.isFetching || quote.isPlaceholderData} />
        )}
        <Form.Item
          name="reference"
          label={t('associations.columns.transfer_reference')}
          rules={[zodRule(ZTransferRequest.shape.reference)]}
          required
        >
          <Input dir="auto" maxLength={100} autoComplete="off" disabled={current?.refusal != null} />
        </Form.Item>
        <Form.Item name="note" label={t('paymentsUi.dialog.note')} rules={[zodRule(ZTransferRequest.shape.note)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} disabled={current?.refusal != null} />
        </Form.Item>
        <div className="form-actions">
          <SubmitButton pending={submit.pending} disabled={!ready} testId="payout-submit">
            {ready && current
              ? t('ledgerUi.payout.submit', { net: formatMoney(current.net, lang) })
              : t('subscriptionsUi.payout.submit')}
          </SubmitButton>
          <Button onClick={onClose} disabled={submit.pending}>
            {t('associationsUi.confirm_no')}
          </Button>
        </div>
      </Form>
    </MoneyDialog>
  );
}
