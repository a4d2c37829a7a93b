import { PrinterOutlined } from '@ant-design/icons';
import { poundsToPiastres } from '@portal/shared/money';
import { type TPayment, ZReceivePaymentsRequest } from '@portal/shared/schemas/associations';
import {
  RECEIPT_FIELDS,
  RECEIVE_METHODS,
  type ReceiveMethod,
  referenceUnlessCash,
} from '@portal/shared/schemas/ledger';
import { Alert, Button, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { StatusBadge } from '../../../components/data-table/columns';
import { LazyDatePicker } from '../../../components/forms/lazy-date-picker';
import { SubmitButton } from '../../../components/forms/submit-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { dayjsOfDay, dayOfDayjs, today } from '../../../lib/clock';
import { datePickerFormat } from '../../../lib/dayjs';
import { formatDate, formatMoneyFromPiastres, formatNumber } from '../../../lib/format';
import { schemaRule, showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { ReceiptNumber } from '../../ledger/components/money';
import { MoneyDialog } from '../../ledger/components/money-dialog';
import { useReceivePayments } from '../api/payments-api';
import { DaysLate, PAYMENT_COLORS } from './payment-status';
import '../../associations/components/associations.css';

type Values = { method: ReceiveMethod; reference: string; received_on: string | null; note?: string };

/** The method and the reference together, as the shared schema checks them: a reference unless cash. */
const ZMethodAndReference = z
  .object({ method: RECEIPT_FIELDS.method, reference: RECEIPT_FIELDS.reference })
  .superRefine(referenceUnlessCash);

const FIELDS = ['method', 'reference', 'received_on', 'note'];

/**
 * What the chosen installments come to, in piastres: every amount is a whole number of pounds
 * (an association's cost), so the sum of integers is exact; shown with the one money formatter.
 */
export function totalPiastres(payments: readonly Pick<TPayment, 'amount'>[]): number {
  return payments.reduce((sum, p) => sum + poundsToPiastres(p.amount), 0);
}

/** The receipts a recording made (one per subscription), each once, in the order the server gave them. */
export function receiptsOf(received: readonly Pick<TPayment, 'receipt'>[]): { id: number; number: string }[] {
  const seen = new Map<number, string>();
  for (const row of received)
    if (row.receipt && !seen.has(row.receipt.id)) seen.set(row.receipt.id, row.receipt.number);
  return [...seen].map(([id, number]) => ({ id, number }));
}

/** The day money came in: not after today (Cairo); the server also refuses one before the subscription was made. */
export function isReceivedOnDisabled(day: Dayjs): boolean {
  return dayOfDayjs(day) > today();
}

/** After the recording: its receipt numbers, each with a way to print it. */
function Receipts({ receipts, onClose }: { receipts: { id: number; number: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="money-done" data-testid="receive-done">
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('ledgerUi.receive.done_title', {
          count: receipts.length,
          formatted: formatNumber(receipts.length, currentLanguage()),
        })}
        description={t('ledgerUi.receive.done_hint')}
      />
      <ul className="money-receipts" aria-label={t('ledgerUi.receive.receipts')}>
        {receipts.map((r) => (
          <li key={r.id} className="money-receipt" data-testid={`receive-receipt-${r.id}`}>
            <span>
              {t('ledger.labels.receipt_number')}: <ReceiptNumber number={r.number} className="money-receipt-number" />
            </span>
            <Link
              to={paths.receiptPrint(r.id)}
              target="_blank"
              rel="noopener"
              aria-label={t('ledgerUi.receipt.print_number', { number: r.number })}
            >
              <Button icon={<PrinterOutlined aria-hidden="true" />} tabIndex={-1}>
                {t('ledgerUi.receipt.print')}
              </Button>
            </Link>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button type="primary" onClick={onClose} autoFocus data-testid="receive-close">
          {t('ledgerUi.done')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Records one or several installments as received (POST /subscriptions/payments/receive): the
 * chosen rows (a late one says how many days late), their count and total, then how the money
 * came (cash, bank transfer, InstaPay, mobile wallet, Fawry), its reference (required unless cash:
 * the shared schema decides, and the field says so as the method changes), the day it came in
 * (today by default, never in the future) and a note. All are recorded in one transaction or none,
 * one receipt per subscription: afterwards the dialog shows the receipt numbers to print. When some
 * were received meanwhile the server answers 409 naming them, and the dialog says so and stays open.
 */
export default function ReceiveDialog({
  payments,
  onClose,
  onDone,
}: {
  payments: TPayment[];
  onClose: () => void;
  /** The installments were recorded (the dialog stays open with the receipts). */
  onDone: (ids: number[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form) ?? 'cash';
  const receive = useReceivePayments();
  const [refused, setRefused] = useState<string | null>(null);
  const [receipts, setReceipts] = useState<{ id: number; number: string }[] | null>(null);
  const ids = payments.map((p) => p.id);
  const count = payments.length;

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      setRefused(null);
      const received = await receive.mutateAsync(
        idempotent({
          ids,
          method: values.method,
          ...(values.reference ? { reference: values.reference } : {}),
          received_on: values.received_on ?? today(),
          ...(values.note ? { note: values.note } : {}),
        }),
      );
      toast.success(
        t('paymentsUi.received', { count: received.length, formatted: formatNumber(received.length, lang) }),
      );
      setReceipts(receiptsOf(received));
      onDone(ids);
    },
    {
      fields: FIELDS,
      onError: (error) => {
        // 409: some were received meanwhile; the server names them and recorded none.
        if (error instanceof ApiError && error.status === 409) {
          setRefused(error.errors[0]?.title || error.message);
          return;
        }
        showSaveError(form, error, { fields: FIELDS });
      },
    },
  );

  return (
    <MoneyDialog
      title={t('paymentsUi.dialog.title', { count, formatted: formatNumber(count, lang) })}
      onClose={onClose}
      busy={submit.pending}
      testId="receive-dialog"
    >
      {receipts ? (
        <Receipts receipts={receipts} onClose={onClose} />
      ) : (
        <>
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
            initialValues={{ method: 'cash', reference: '', received_on: today(), note: '' }}
            onFinish={submit.onFinish}
            onFinishFailed={submit.onFinishFailed}
            data-testid="receive-form"
          >
            <Form.Item
              name="method"
              label={t('ledgerUi.receive.method')}
              rules={[zodRule(RECEIPT_FIELDS.method)]}
              required
            >
              <Radio.Group className="method-options" optionType="button" data-testid="receive-method">
                {RECEIVE_METHODS.map((m) => (
                  <Radio.Button key={m} value={m}>
                    {t(`ledger.methods.${m}`)}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item
              name="reference"
              label={t('associations.columns.reference')}
              dependencies={['method']}
              rules={[zodRule(ZReceivePaymentsRequest.shape.reference), schemaRule(ZMethodAndReference, 'reference')]}
              required={method !== 'cash'}
              extra={method === 'cash' ? t('ledgerUi.receive.reference_cash') : undefined}
            >
              <Input dir="auto" maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="received_on"
              label={t('ledgerUi.receive.received_on')}
              rules={[zodRule(RECEIPT_FIELDS.received_on)]}
              required
              getValueProps={(value: string | null) => ({ value: value ? dayjsOfDay(value) : null })}
              normalize={(day: Dayjs | null) => (day ? dayOfDayjs(day) : null)}
            >
              <LazyDatePicker
                className="full-width"
                disabledDate={isReceivedOnDisabled}
                format={datePickerFormat(i18n.language === 'en' ? 'en' : 'ar')}
                allowClear={false}
              />
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
              <Button onClick={onClose} disabled={submit.pending}>
                {t('associationsUi.confirm_no')}
              </Button>
            </div>
          </Form>
        </>
      )}
    </MoneyDialog>
  );
}
