import type { TSubscription } from '@portal/shared/schemas/associations';
import { useTranslation } from 'react-i18next';
import { formatDate, formatId } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** What a money dialog needs of a subscription: a list row or the subscription's page both have it. */
export type SubscriptionSubject = Pick<
  TSubscription,
  'id' | 'userName' | 'association' | 'dayNumber' | 'date' | 'amount'
>;

/** Whose subscription a dialog is about: the member, the association, the turn day. */
export function SubscriptionFacts({ subscription }: { subscription: SubscriptionSubject }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <dl className="money-facts" data-testid="subscription-facts">
      <dt>{t('associations.columns.member')}</dt>
      <dd>{subscription.userName}</dd>
      <dt>{t('associations.columns.association')}</dt>
      <dd>{subscription.association.title}</dd>
      <dt>{t('ledgerUi.turn_day')}</dt>
      <dd>
        {t('ledgerUi.day_on', {
          day: formatId(subscription.dayNumber, lang),
          date: formatDate(subscription.date, lang),
        })}
      </dd>
    </dl>
  );
}
