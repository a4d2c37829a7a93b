import { useTranslation } from 'react-i18next';
import { RequestsTable } from '../../../features/customer-requests/components/requests-table';

/** /requests/tasks: the requests moved to the signed-in staff member. */
export default function ServiceRequestTasksRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('requestsList.tasks_title')}</h1>
      <RequestsTable scope="tasks" />
    </>
  );
}
