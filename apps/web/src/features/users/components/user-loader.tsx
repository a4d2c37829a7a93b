import type { TUser } from '@portal/shared/schemas/auth';
import { Alert, Button } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../api/users-api';

// Shown only on a 403: its own chunk, not part of every user screen's first load.
const AccessDenied = lazy(() =>
  import('../../../components/feedback/access-denied').then((m) => ({ default: m.AccessDenied })),
);

/** Loads one user for a screen: loading, access denied (403), not found (404 → /404), or the screen. */
export function UserLoader({ id, children }: { id: number; children: (user: TUser) => ReactNode }) {
  const { t } = useTranslation();
  const user = useUser(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.notFound} replace />;
  if (user.isPending) return <PageLoader />;
  if (user.error instanceof ApiError && user.error.status === 403) {
    return (
      <Suspense fallback={<PageLoader />}>
        <AccessDenied />
      </Suspense>
    );
  }
  if (user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 422)) {
    return <Navigate to={paths.notFound} replace />;
  }
  if (user.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('usersUi.load_failed')}
        action={<Button onClick={() => void user.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <>{children(user.data)}</>;
}
