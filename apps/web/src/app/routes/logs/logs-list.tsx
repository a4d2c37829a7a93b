import { useTranslation } from 'react-i18next';
import { LogsTable } from '../../../features/logs/components/logs-table';

export default function LogsListRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('logs.title')}</h1>
      <LogsTable />
    </>
  );
}
