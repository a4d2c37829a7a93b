import { useTranslation } from 'react-i18next';
import { RequestForm } from '../../../features/customer-requests/components/request-form';

/** /requests/create: a new service request, prefilled with the signed-in user's own data. */
export default function ServiceRequestCreateRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('requestsForm.create_title')}</h1>
      <RequestForm />
    </>
  );
}
