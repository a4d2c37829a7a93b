import { Alert, Button, Form } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubmitButton } from '../../../components/forms/submit-button';
import { Spinner } from '../../../components/guest/spinner';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatId, formatNumber } from '../../../lib/format';
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

// The quote shows once an association and a day are chosen: antd's Descriptions come with it,
// not with the form (DESIGN §5, the route's budget: docs/decisions/0033).
const QuoteSummary = lazy(() => import('./quote-summary'));

/** While the quote is asked for: the light spinner (antd's Spin would cost 3 KB of the route's budget). */
function QuoteLoading() {
  const { t } = useTranslation();
  return (
    <div className="quote-loading" role="status" data-testid="subscription-quote-loading">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
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
        {quote.isFetching && !quoteReady && <QuoteLoading />}
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
        {quoteReady && quote.data && (
          <Suspense fallback={<QuoteLoading />}>
            <QuoteSummary quote={quote.data} cost={cost} />
          </Suspense>
        )}
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
