import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubscriptionForm } from '../../../features/subscriptions/components/subscription-form';

/** A positive whole number from the query, or nothing. */
function idParam(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** /subscriptions/create (subscriptions.put); `?association=&day=` preselect them (links from an association's page). */
export default function SubscriptionCreateRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const initial = {
    association_id: idParam(params.get('association')),
    day_number: idParam(params.get('day')),
  };
  return (
    <>
      <h1 className="page-title">{t('subscriptionsUi.create_title')}</h1>
      <SubscriptionForm initial={initial} />
    </>
  );
}
