import { Alert } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/feedback/page-loader';
import { Panel } from '../../../components/layout/panel';
import { useDigits } from '../../../lib/digits';
import { useUserAccess, useUserSummary } from '../api/roles-api';

// The editor (antd's Select and Form, the permission picker: 47 KB gzip) shows only once the user's
// access is read: its code is asked for as this form loads, beside that request, not before the
// page can show (DESIGN §5, 350 KB; docs/decisions/0033), as app/antd-providers.tsx does the toasts.
const accessEditor = import('./access-editor');
const AccessEditor = lazy(() => accessEditor);

/**
 * A user's roles and extra direct permissions (SPEC §6): permissions from a chosen role
 * are checked and disabled, and only the extra ones are sent.
 */
export function UserAccessForm({ userId, via = 'user' }: { userId: number; via?: 'user' | 'sync' }) {
  const { t } = useTranslation();
  const access = useUserAccess(userId);
  const user = useUserSummary(userId);
  const digits = useDigits();
  return (
    <Panel
      className="user-access-card"
      title={
        user.data ? (
          <span data-testid="user-access-who">
            {user.data.name} — <bdi dir="ltr">{digits(user.data.phone)}</bdi>
          </span>
        ) : undefined
      }
    >
      {access.isPending ? (
        <PageLoader />
      ) : access.isError ? (
        <Alert type="error" showIcon title={access.error.message || t('table.load_failed')} />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <AccessEditor key={access.data.user_id} access={access.data} via={via} />
        </Suspense>
      )}
    </Panel>
  );
}
