import type { TSubscriptionQuote } from '@portal/shared/schemas/associations';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** What subscribing means, before it is confirmed: the payout, on which day, and what is owed at once. */
export default function QuoteSummary({ quote, cost }: { quote: TSubscriptionQuote; cost: number | undefined }) {
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
