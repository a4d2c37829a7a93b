import { useTranslation } from 'react-i18next';
import { LogsTable } from '../../../features/logs/components/logs-table';
import { RequirePermission } from '../../guards';

export default function LogsListRoute() {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="logs.index">
      <h1 className="page-title">{t('logs.title')}</h1>
      <LogsTable />
    </RequirePermission>
  );
}
