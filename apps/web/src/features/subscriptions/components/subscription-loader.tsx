import type { TSubscriptionDetail } from '@portal/shared/schemas/associations';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSubscription } from '../api/subscriptions-api';

/** Loads one subscription for a screen: loading, not found (→ /404), a failed load with Retry, or the screen. */
export function SubscriptionLoader({
  id,
  children,
}: {
  id: number;
  children: (subscription: TSubscriptionDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const subscription = useSubscription(Number.isInteger(id) && id > 0 ? id : undefined);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  if (subscription.isPending) return <PageLoader />;
  if (subscription.error instanceof ApiError && [404, 422].includes(subscription.error.status)) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (subscription.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('table.load_failed')}
        action={<Button onClick={() => void subscription.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <>{children(subscription.data)}</>;
}
