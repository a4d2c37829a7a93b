import { useTranslation } from 'react-i18next';
import { RequestsTable } from '../../../features/customer-requests/components/requests-table';

/** /requests: every service request (show_requests or admin_requests, declared on the route). */
export default function ServiceRequestsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('requestsList.title')}</h1>
      <RequestsTable scope="all" />
    </>
  );
}
