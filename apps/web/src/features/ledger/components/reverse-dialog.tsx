import { type TPayout, type TReceipt, ZReverseRequest } from '@portal/shared/schemas/ledger';
import { Alert, Button, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { localizeDigits } from '../../../lib/digits';
import { formatDate, formatId, formatMoney, formatNumber } from '../../../lib/format';
import { showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { type ReversalTarget, usePayout, useReceipt, useReverse } from '../api/ledger-api';
import { dayRunsText } from '../lib/day-ranges';
import { MethodText, Money, ReceiptNumber, ReferenceText } from './money';
import { MoneyDialog } from './money-dialog';

type Values = { reason: string };

/** The record to reverse, as the dialog describes it: its facts, what the reversal does, and whether it may. */
type Described = { facts: [string, ReactNode][]; effect: string; blocked: string | null };

function useDescribeReceipt(receipt: TReceipt | undefined): Described | null {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!receipt) return null;
  const days = dayRunsText(
    receipt.installments.map((l) => l.day_number),
    (n) => formatId(n, lang),
    t('ledgerUi.list_separator'),
  );
  return {
    facts: [
      [t('ledger.labels.receipt_number'), <ReceiptNumber key="n" number={receipt.number} />],
      [t('associations.columns.member'), receipt.member.name],
      [t('ledgerUi.receipt.amount'), <Money key="a" amount={receipt.amount} />],
      [t('ledgerUi.receive.method'), <MethodText key="m" method={receipt.method} />],
      [t('ledgerUi.receive.received_on'), formatDate(receipt.date, lang)],
    ],
    effect: t('ledgerUi.reverse.receipt_effect', {
      count: receipt.installments.length,
      formatted: formatNumber(receipt.installments.length, lang),
      days,
    }),
    blocked: receipt.reversal
      ? t('ledger.errors.already_reversed')
      : receipt.method === 'payout_deduction'
        ? t('ledger.errors.reverse_through_payout')
        : null,
  };
}

function useDescribePayout(payout: TPayout | undefined): Described | null {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!payout) return null;
  const refund = payout.kind === 'refund';
  const facts: [string, ReactNode][] = [
    [t('ledgerUi.reverse.kind'), t(`ledger.kinds.${payout.kind}`)],
    [t(refund ? 'ledgerUi.refund.to' : 'associations.columns.member'), payout.member.name],
    [t(refund ? 'ledgerUi.refund.amount' : 'ledger.labels.gross'), <Money key="g" amount={payout.gross} />],
  ];
  if (!refund && payout.deducted > 0) {
    facts.push([t('ledger.labels.deducted'), <Money key="d" amount={payout.deducted} />]);
    facts.push([t('ledgerUi.reverse.net_paid'), <Money key="n" amount={payout.net} />]);
  }
  facts.push(
    [t('associations.columns.transfer_reference'), <ReferenceText key="r" value={payout.reference} />],
    [t('subscriptionsUi.payout.date'), formatDate(payout.date, lang)],
  );
  let effect: string;
  if (refund) effect = t('ledgerUi.reverse.refund_effect', { amount: formatMoney(payout.net, lang) });
  else if (payout.deduction_receipt)
    effect = t('ledgerUi.reverse.payout_deduction_effect', {
      deducted: formatMoney(payout.deducted, lang),
      number: localizeDigits(payout.deduction_receipt.number, lang),
    });
  else effect = t('ledgerUi.reverse.payout_effect');
  return { facts, effect, blocked: payout.reversal ? t('ledger.errors.already_reversed') : null };
}

/**
 * Reverses a receipt, a payout or a refund (payments.reverse; docs/decisions/0029): nothing
 * recorded is edited or deleted, the reversal is its own record with its reason. The dialog loads
 * the record and says exactly what will happen — a receipt's installments back to unpaid (late
 * when their day has passed), a payout back to not transferred with its deducted arrears back to
 * unpaid, a refund owed again — and asks for the reason. A deduction receipt is reversed only with
 * its payout, and nothing is reversed twice: the dialog says so and offers no confirmation.
 */
export default function ReverseDialog({ target, onClose }: { target: ReversalTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const receipt = useReceipt(target.kind === 'receipt' ? target.id : 0);
  const payout = usePayout(target.kind === 'payout' ? target.id : null);
  const record = target.kind === 'receipt' ? receipt : payout;
  const fromReceipt = useDescribeReceipt(receipt.data);
  const fromPayout = useDescribePayout(payout.data);
  const described = target.kind === 'receipt' ? fromReceipt : fromPayout;
  const reverse = useReverse(target);
  const [refused, setRefused] = useState<string | null>(null);

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      setRefused(null);
      await reverse.mutateAsync(idempotent({ reason: values.reason }, target));
      toast.success(t('ledger.messages.reversed'));
      onClose();
    },
    {
      fields: ['reason'],
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setRefused(error.message);
          toast.error(error.message);
          return;
        }
        showSaveError(form, error, { fields: ['reason'] });
      },
    },
  );

  const title =
    target.kind === 'receipt'
      ? t('ledgerUi.reverse.title_receipt')
      : payout.data?.kind === 'refund'
        ? t('ledgerUi.reverse.title_refund')
        : t('ledgerUi.reverse.title_payout');

  return (
    <MoneyDialog title={title} onClose={onClose} busy={submit.pending} testId="reverse-dialog">
      {record.isPending && (
        <p className="money-lead" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {record.isError && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={t('table.load_failed')}
          action={<Button onClick={() => void record.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {described && (
        <>
          <dl className="money-facts" data-testid="reverse-facts">
            {described.facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {described.blocked ? (
            <Alert type="warning" showIcon role="alert" title={described.blocked} data-testid="reverse-blocked" />
          ) : (
            <Alert
              className="form-alert"
              type="warning"
              showIcon
              title={t('ledgerUi.reverse.what_happens')}
              description={described.effect}
              data-testid="reverse-effect"
            />
          )}
        </>
      )}
      {refused && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={t('ledgerUi.reverse.not_reversed')}
          description={refused}
          data-testid="reverse-refused"
        />
      )}
      <Form<Values>
        form={form}
        name="reverse"
        layout="vertical"
        requiredMark
        initialValues={{ reason: '' }}
        disabled={!described || described.blocked !== null}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        data-testid="reverse-form"
      >
        <Form.Item
          name="reason"
          label={t('ledgerUi.reverse.reason')}
          rules={[zodRule(ZReverseRequest.shape.reason)]}
          required
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
        </Form.Item>
        <div className="form-actions">
          <DangerSubmit
            pending={submit.pending}
            disabled={!described || described.blocked !== null}
            text={t('ledgerUi.reverse.submit')}
          />
          <Button onClick={onClose} disabled={submit.pending}>
            {t('ledgerUi.back')}
          </Button>
        </div>
      </Form>
    </MoneyDialog>
  );
}

/** The confirming button of a reversal: red, pending while it is sent. */
function DangerSubmit({ pending, disabled, text }: { pending: boolean; disabled: boolean; text: string }) {
  return (
    <Button
      type="primary"
      danger
      htmlType="submit"
      loading={pending}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      data-testid="reverse-submit"
    >
      {text}
    </Button>
  );
}
