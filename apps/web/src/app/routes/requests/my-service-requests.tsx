import { useTranslation } from 'react-i18next';
import { RequestsTable } from '../../../features/customer-requests/components/requests-table';

/** /requests/me: the requests the signed-in user created. */
export default function MyServiceRequestsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('requestsList.mine_title')}</h1>
      <RequestsTable scope="mine" />
    </>
  );
}
