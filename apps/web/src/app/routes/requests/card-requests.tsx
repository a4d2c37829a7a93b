import { useTranslation } from 'react-i18next';
import { CardRequestsTable } from '../../../features/card-requests/components/card-requests-table';

/** /card/requests (card_requests.index, declared on the route). */
export default function CardRequestsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('requestsUi.cards.title')}</h1>
      <CardRequestsTable />
    </>
  );
}
