import type { TSubscriptionQuote } from '@portal/shared/schemas/associations';
import { Alert, Button, Descriptions, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatId, formatMoney, formatNumber } from '../../../lib/format';
import { showSaveError, useFormSubmit } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useAssociationOptions, useAvailableDays } from '../../associations/api/associations-api';
import { AssociationSelect } from '../../associations/components/association-select';
import { DaySelect } from '../../members/components/day-select';
import { useCreateSubscription, useSubscriptionQuote } from '../api/subscriptions-api';
import { MemberSelect } from './member-select';
import '../../associations/components/associations.css';

type Values = { user_id?: number; association_id?: number; day_number?: number };

const FIELDS = ['user_id', 'association_id', 'day_number'] as const;

/** What subscribing means, before it is confirmed: the payout, on which day, and what is owed at once. */
export function QuoteSummary({ quote, cost }: { quote: TSubscriptionQuote; cost: number | undefined }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <section className="quote" aria-labelledby="quote-title" data-testid="subscription-quote">
      <h2 id="quote-title" className="quote-title">
        {t('subscriptionsUi.form.quote_title')}
      </h2>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('associations.columns.payout')}>
          <bdi className="money" data-testid="quote-amount">
            {formatMoney(quote.amount, lang)}
          </bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('associations.columns.turn_date')}>
          <span data-testid="quote-date">{formatDate(quote.day.date, lang)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('subscriptionsUi.form.installments')}>
          {formatNumber(quote.installments, lang)}
        </Descriptions.Item>
        {cost !== undefined && (
          <Descriptions.Item label={t('associations.columns.cost')}>
            <bdi className="money">{formatMoney(cost, lang)}</bdi>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Alert
        className="form-alert quote-past"
        type={quote.past_due_count > 0 ? 'warning' : 'info'}
        showIcon
        data-testid="quote-past-due"
        title={
          quote.past_due_count > 0
            ? t('subscriptionsUi.form.past_due', {
                count: quote.past_due_count,
                formatted: formatNumber(quote.past_due_count, lang),
                sum: formatMoney(quote.past_due_sum, lang),
              })
            : t('subscriptionsUi.form.no_past_due')
        }
      />
    </section>
  );
}

/**
 * Subscribing a member (PUT /subscriptions): the member from the search dropdown (50 a page),
 * the association (every one with a free day), then one of its available days; the quote
 * (payout, and for a running association the past installments owed at once) shows before
 * confirming. `initial`: an association (and a day) chosen from its page.
 */
export function SubscriptionForm({ initial = {} }: { initial?: { association_id?: number; day_number?: number } }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<Values>();
  const associationId = Form.useWatch('association_id', form) ?? initial.association_id;
  const dayNumber = Form.useWatch('day_number', form) ?? initial.day_number;
  const days = useAvailableDays(associationId);
  const quote = useSubscriptionQuote(associationId, dayNumber);
  // The same cached list as the association dropdown: no request of its own.
  const cost = useAssociationOptions().data?.find((a) => a.id === associationId)?.cost;
  const create = useCreateSubscription();

  const submit = useFormSubmit(
    form,
    async (values: Values, idempotent, leave) => {
      const body = {
        user_id: values.user_id ?? 0,
        association_id: values.association_id ?? 0,
        day_number: values.day_number ?? 0,
      };
      await create.mutateAsync(idempotent(body));
      toast.success(t('associations.messages.subscribed'));
      leave(paths.subscriptions);
    },
    {
      fields: FIELDS,
      onError: (error) => {
        showSaveError(form, error, { fields: FIELDS });
        // A day taken meanwhile: the list of available days is read again.
        if (error instanceof ApiError && error.status === 409) void days.refetch();
      },
    },
  );

  const quoteReady = quote.data !== undefined && quote.data.day.day_number === dayNumber && !quote.isError;

  return (
    <Panel testId="subscription-form-panel">
      <Form<Values>
        form={form}
        name="subscription"
        layout="vertical"
        requiredMark
        initialValues={initial}
        onFinish={submit.onFinish}
        onFinishFailed={submit.onFinishFailed}
        onValuesChange={(changed: Partial<Values>) => {
          // Another association: the day chosen belonged to the one before.
          if ('association_id' in changed) form.setFieldValue('day_number', undefined);
        }}
        data-testid="subscription-form"
      >
        <Form.Item
          name="user_id"
          label={t('associations.columns.member')}
          rules={[{ required: true, message: t('subscriptionsUi.form.member_required') }]}
        >
          <MemberSelect activeOnly testId="subscription-member" />
        </Form.Item>
        <Form.Item
          name="association_id"
          label={t('associations.columns.association')}
          rules={[{ required: true, message: t('subscriptionsUi.form.association_required') }]}
        >
          <AssociationSelect
            filter={(a) => a.AvailableDays > 0 || a.id === associationId}
            testId="subscription-association"
          />
        </Form.Item>
        <Form.Item
          name="day_number"
          label={t('subscriptionsUi.form.day')}
          extra={
            associationId && days.data
              ? t('subscriptionsUi.form.days_available', {
                  count: days.data.length,
                  formatted: formatNumber(days.data.length, lang),
                })
              : undefined
          }
          rules={[{ required: true, message: t('subscriptionsUi.form.day_required') }]}
        >
          {/* Typed in either digit system ("10" or "١٠" finds day 10): the members' day picker. */}
          <DaySelect
            days={days.data ?? []}
            labelOf={(day) =>
              t('subscriptionsUi.form.day_option', {
                day: formatId(day.day_number, lang),
                date: formatDate(day.date, lang),
              })
            }
            disabled={!associationId}
            placeholder={t(associationId ? 'subscriptionsUi.form.day_placeholder' : 'subscriptionsUi.form.day_first')}
            loading={days.isFetching}
            notFoundContent={days.isFetching ? t('common.loading') : t('subscriptionsUi.form.no_days')}
            testId="subscription-day"
          />
        </Form.Item>
        {quote.isFetching && !quoteReady && <Spin aria-label={t('common.loading')} />}
        {quote.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={
              quote.error instanceof ApiError && quote.error.message ? quote.error.message : t('table.load_failed')
            }
          />
        )}
        {quoteReady && quote.data && <QuoteSummary quote={quote.data} cost={cost} />}
        <div className="form-actions">
          <SubmitButton pending={submit.pending} disabled={!quoteReady} testId="subscription-form-submit">
            {t('subscriptionsUi.form.confirm')}
          </SubmitButton>
          <Link to={paths.subscriptions}>
            <Button tabIndex={-1}>{t('associationsUi.form.cancel')}</Button>
          </Link>
        </div>
      </Form>
    </Panel>
  );
}
