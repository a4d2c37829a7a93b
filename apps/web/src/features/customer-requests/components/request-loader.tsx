import type { TCustomerRequestDetail } from '@portal/shared/schemas/customer-requests-api';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCustomerRequest } from '../api/request-detail-api';

/**
 * Loads the request of the route's :id for a screen: loading, not found (→ /404; also a request the
 * caller may not see, which the server answers the same), a failed load with Retry, or the screen.
 */
export function RequestLoader({ children }: { children: (request: TCustomerRequestDetail) => ReactNode }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const request = useCustomerRequest(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  if (request.isPending) return <PageLoader />;
  if (request.error instanceof ApiError && (request.error.status === 404 || request.error.status === 422)) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (request.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('table.load_failed')}
        action={<Button onClick={() => void request.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <>{children(request.data)}</>;
}
