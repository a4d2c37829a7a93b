import { type TOpenAssociation, ZJoinRequest } from '@portal/shared/schemas/members';
import { Alert, Button, Form, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivationRequired } from '../../../components/feedback/activation-required';
import { SubmitButton } from '../../../components/forms/submit-button';
import { paths } from '../../../config/paths';
import { needsActivation } from '../../../lib/account-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatId, formatMoney, formatNumber } from '../../../lib/format';
import { showSaveError, toastCompleteFields, useFormSubmit } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAvailableDays, useJoin, useJoinQuote } from '../api/members-api';
import { dayText } from './day-text';
import { DaySelect } from './day-select';

const UNVERIFIED = 'members.errors.email_unverified';

type Values = { day_number?: number };

/**
 * Join an open association (decision 0018: directly, once the email is confirmed): pick a free
 * day, read what it means (the payout, the installments, what is owed at once for days already
 * past), confirm. The server holds the day by a unique index, so a day taken meanwhile is refused
 * with its reason and the list of days is asked again.
 */
export function JoinDialog({ association, onClose }: { association: TOpenAssociation; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const day = Form.useWatch('day_number', form) ?? null;
  const days = useAvailableDays(association.id);
  const quote = useJoinQuote(association.id, day);
  const join = useJoin();
  // The server's 403 (its words), or the session already knows the email is not confirmed.
  const [refusal, setRefusal] = useState<string | null>(null);
  const unverified = refusal ?? (needsActivation(user) ? t(UNVERIFIED) : null);

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent, leave) => {
      const parsed = ZJoinRequest.safeParse({ association_id: association.id, day_number: values.day_number });
      if (!parsed.success) return toastCompleteFields();
      const joined = await join.mutateAsync(idempotent(parsed.data));
      toast.success(t('members.messages.joined', { day: formatId(joined.day.day_number, lang) }));
      onClose();
      leave(paths.myAssociations);
    },
    {
      onError: (error) => {
        if (error instanceof ApiError && error.code === UNVERIFIED) {
          setRefusal(error.message);
          return;
        }
        // A day taken meanwhile, or passed: the reason, and the days as they are now.
        showSaveError(form, error, { fields: ['day_number'] });
        void days.refetch();
      },
    },
  );

  const q = quote.data;
  return (
    <Modal
      open
      title={t('membersUi.join.title', { title: association.title })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="join-dialog"
    >
      {unverified && <ActivationRequired message={unverified} testId="join-unverified" />}
      <dl className="member-facts">
        <div>
          <dt>{t('membersUi.subscriptions.cost')}</dt>
          <dd>
            <bdi className="money">{formatMoney(association.cost, lang)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('membersUi.open.columns.period')}</dt>
          <dd>
            {t('membersUi.open.period', {
              from: formatDate(association.from_date, lang),
              to: formatDate(association.to_date, lang),
            })}
          </dd>
        </div>
      </dl>
      <Form<Values>
        form={form}
        layout="vertical"
        name="join"
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
      >
        {days.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('membersUi.days_failed')}
            action={<Button onClick={() => void days.refetch()}>{t('common.retry')}</Button>}
          />
        ) : days.isSuccess && days.data.days.length === 0 ? (
          <Alert type="info" showIcon title={t('membersUi.join.no_days')} />
        ) : (
          <Form.Item
            name="day_number"
            label={t('membersUi.join.day')}
            rules={[{ required: true, message: t('membersUi.join.day_required') }]}
          >
            <DaySelect
              days={days.data?.days ?? []}
              loading={days.isPending}
              placeholder={t('membersUi.day_placeholder')}
              testId="join-day"
            />
          </Form.Item>
        )}
        {day !== null && (
          <section
            className="join-quote"
            aria-live="polite"
            aria-labelledby="join-quote-title"
            data-testid="join-quote"
          >
            <h3 id="join-quote-title" className="join-quote-title">
              {t('membersUi.join.quote_title')}
            </h3>
            {quote.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} title={false} />
            ) : quote.isError ? (
              <Alert
                type="error"
                showIcon
                title={
                  quote.error instanceof ApiError && quote.error.message
                    ? quote.error.message
                    : t('membersUi.join.quote_failed')
                }
              />
            ) : q ? (
              <dl className="member-facts">
                <div>
                  <dt>{t('membersUi.subscriptions.payout')}</dt>
                  <dd>
                    <bdi className="money member-strong">{formatMoney(q.amount, lang)}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('membersUi.join.payout_day')}</dt>
                  <dd>{dayText(t, q.day, lang)}</dd>
                </div>
                <div>
                  <dt>{t('membersUi.join.installments')}</dt>
                  <dd>
                    {t('membersUi.join.installments_value', {
                      count: formatNumber(q.installments, lang),
                      cost: formatMoney(association.cost, lang),
                    })}
                  </dd>
                </div>
                <div>
                  <dt>{t('membersUi.join.past_due')}</dt>
                  <dd data-testid="join-past-due">
                    {q.past_due_count > 0
                      ? t('membersUi.join.past_due_value', {
                          count: formatNumber(q.past_due_count, lang),
                          sum: formatMoney(q.past_due_sum, lang),
                        })
                      : t('membersUi.join.past_due_none')}
                  </dd>
                </div>
              </dl>
            ) : null}
          </section>
        )}
        <div className="form-actions">
          <SubmitButton pending={submit.pending} disabled={!q || unverified !== null} testId="join-submit">
            {t('membersUi.join.confirm')}
          </SubmitButton>
          <Button onClick={onClose}>{t('membersUi.close')}</Button>
        </div>
      </Form>
    </Modal>
  );
}
