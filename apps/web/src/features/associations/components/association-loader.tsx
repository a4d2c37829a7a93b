import type { TAssociation } from '@portal/shared/schemas/associations';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAssociation } from '../api/associations-api';

/** Loads one association for a screen: loading, not found (→ /404), a failed load with Retry, or the screen. */
export function AssociationLoader({
  id,
  children,
}: {
  id: number;
  children: (association: TAssociation) => ReactNode;
}) {
  const { t } = useTranslation();
  const association = useAssociation(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  if (association.isPending) return <PageLoader />;
  if (association.error instanceof ApiError && (association.error.status === 404 || association.error.status === 422)) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (association.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('table.load_failed')}
        action={<Button onClick={() => void association.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <>{children(association.data)}</>;
}
