import { type TWithdrawResult, ZWithdrawRequest } from '@portal/shared/schemas/ledger';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatMoney, formatNumber } from '../../../lib/format';
import { showSaveError, useFormSubmit, zodRule } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { BalanceLines } from '../../ledger/components/balance-lines';
import { MoneyDialog } from '../../ledger/components/money-dialog';
import { useWithdraw, useWithdrawQuote } from '../api/money-api';
import { SubscriptionFacts, type SubscriptionSubject } from './subscription-facts';

type Values = { reason: string };

/** After the withdrawal: what is owed back, and the way to record the refund now. */
function Withdrawn({
  result,
  onRefund,
  onClose,
}: {
  result: TWithdrawResult;
  onRefund: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const owed = result.balance.owed_back;
  return (
    <div className="money-done" data-testid="withdraw-done">
      <Alert
        type="success"
        showIcon
        role="status"
        title={t('ledgerUi.withdraw.done', {
          count: result.cancelled_count,
          formatted: formatNumber(result.cancelled_count, lang),
        })}
        description={
          owed > 0
            ? t('ledgerUi.withdraw.owed_now', { amount: formatMoney(owed, lang) })
            : owed < 0
              ? t('ledgerUi.withdraw.owes_now', { amount: formatMoney(-owed, lang) })
              : t('ledgerUi.withdraw.settled')
        }
      />
      <div className="form-actions">
        {owed > 0 && (
          <Button type="primary" onClick={onRefund} autoFocus data-testid="withdraw-refund">
            {t('ledgerUi.refund.action')}
          </Button>
        )}
        <Button type={owed > 0 ? 'default' : 'primary'} onClick={onClose} data-testid="withdraw-close">
          {t(owed > 0 ? 'ledgerUi.later' : 'ledgerUi.done')}
        </Button>
      </div>
    </div>
  );
}

/**
 * A member leaves (POST /subscriptions/{id}/withdraw, docs/decisions/0029): first what it means,
 * from the server — what the member paid, was paid out and refunded, what that leaves owed back
 * (or owed by them), and the unpaid installments (late and future) that will be cancelled, the
 * turn day becoming free — then the reason, required. Afterwards: what is owed back and the way
 * to record the refund (`onRefund`).
 */
export default function WithdrawDialog({
  subscription,
  onClose,
  onRefund,
}: {
  subscription: SubscriptionSubject;
  onClose: () => void;
  onRefund: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const quote = useWithdrawQuote(subscription.id);
  const withdraw = useWithdraw(subscription.id);
  const [result, setResult] = useState<TWithdrawResult | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent) => {
      setRefused(null);
      const done = await withdraw.mutateAsync(idempotent({ reason: values.reason }, subscription.id));
      toast.success(
        t('ledgerUi.withdraw.done', {
          count: done.cancelled_count,
          formatted: formatNumber(done.cancelled_count, lang),
        }),
      );
      setResult(done);
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

  return (
    <MoneyDialog title={t('ledgerUi.withdraw.title')} onClose={onClose} busy={submit.pending} testId="withdraw-dialog">
      <SubscriptionFacts subscription={subscription} />
      {result ? (
        <Withdrawn result={result} onRefund={onRefund} onClose={onClose} />
      ) : (
        <>
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
            <section className="money-quote" aria-label={t('ledgerUi.withdraw.figures')} data-testid="withdraw-quote">
              <BalanceLines balance={quote.data.balance} />
              <Alert
                type="warning"
                showIcon
                title={t('ledgerUi.withdraw.what_happens')}
                description={
                  quote.data.cancel_count > 0
                    ? t('ledgerUi.withdraw.cancels', {
                        count: quote.data.cancel_count,
                        formatted: formatNumber(quote.data.cancel_count, lang),
                        sum: formatMoney(quote.data.cancel_sum, lang),
                      })
                    : t('ledgerUi.withdraw.cancels_none')
                }
                data-testid="withdraw-cancels"
              />
            </section>
          )}
          {refused && (
            <Alert
              className="form-alert"
              type="error"
              showIcon
              title={t('ledgerUi.withdraw.not_done')}
              description={refused}
              data-testid="withdraw-refused"
            />
          )}
          <Form<Values>
            form={form}
            name="withdraw"
            layout="vertical"
            requiredMark
            initialValues={{ reason: '' }}
            onFinish={submit.onFinish}
            onFinishFailed={submit.onFinishFailed}
            data-testid="withdraw-form"
          >
            <Form.Item
              name="reason"
              label={t('ledgerUi.withdraw.reason')}
              rules={[zodRule(ZWithdrawRequest.shape.reason)]}
              required
            >
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
            </Form.Item>
            <div className="form-actions">
              <Button
                type="primary"
                danger
                htmlType="submit"
                loading={submit.pending}
                disabled={submit.pending || !quote.data}
                aria-busy={submit.pending || undefined}
                data-testid="withdraw-submit"
              >
                {t('ledgerUi.withdraw.submit')}
              </Button>
              <Button onClick={onClose} disabled={submit.pending}>
                {t('ledgerUi.back')}
              </Button>
            </div>
          </Form>
        </>
      )}
    </MoneyDialog>
  );
}
