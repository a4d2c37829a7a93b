import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { useLog } from '../../../features/logs/api/logs-api';
import { LogDetail } from '../../../features/logs/components/log-detail';
import { ApiError } from '../../../lib/api-client';

/** /logs/{id} (logs.view, declared on the route). */
export default function LogDetailRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const log = useLog(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  if (log.isPending) return <PageLoader />;
  if (log.error instanceof ApiError && (log.error.status === 404 || log.error.status === 422)) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (log.isError) return <Alert type="error" showIcon title={t('table.load_failed')} />;
  return (
    <>
      <h1 className="page-title">{t('logs.entry_title', { id: log.data.id })}</h1>
      <LogDetail log={log.data} />
    </>
  );
}
