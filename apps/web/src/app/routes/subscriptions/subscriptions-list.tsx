import { useTranslation } from 'react-i18next';
import { SubscriptionsTable } from '../../../features/subscriptions/components/subscriptions-table';

/** /subscriptions (subscriptions.index). */
export default function SubscriptionsListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('subscriptionsUi.title')}</h1>
      <SubscriptionsTable withAdd />
    </>
  );
}
