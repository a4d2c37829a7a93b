import { LogoutOutlined } from '@ant-design/icons';
import type { TRecoveryAccount } from '@portal/shared/schemas/accounts';
import { Alert, Button, Result } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { useRecoveryState, useRegistrationLookups } from '../../../features/accounts/api/accounts-api';
import { RecoveryForm } from '../../../features/accounts/components/recovery-form';
import { useSession } from '../../../lib/session';

export type RecoveryMessageState = { status?: TRecoveryAccount['status'] } | null;

/**
 * /recovery/{type?}: recovery mode (DESIGN §2) asks a customer to complete
 * their account data. Without a type the current email is shown read-only;
 * with one (the activation variant) it is not.
 */
export default function RecoveryRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type } = useParams();
  const { user, signOut } = useSession();
  const state = useRecoveryState();
  const lookups = useRegistrationLookups();
  const [loggingOut, setLoggingOut] = useState(false);
  const defaults = useMemo(
    () => ({ email: user?.email ?? null, mobile: user?.phone ?? '', name: user?.name ?? '' }),
    [user?.email, user?.phone, user?.name],
  );

  const logout = (
    <Button
      type="link"
      danger
      block
      icon={<LogoutOutlined />}
      loading={loggingOut}
      onClick={() => {
        setLoggingOut(true);
        void signOut();
      }}
    >
      {t('accountsUi.logout')}
    </Button>
  );
  const home = (
    <Button type="primary" onClick={() => navigate(paths.home, { replace: true })}>
      {t('accountsUi.go_home')}
    </Button>
  );

  let body: ReactNode;
  if (state.isPending || lookups.isPending || !user) {
    body = <PageLoader />;
  } else if (state.isError || lookups.isError) {
    body = (
      <Result
        status="error"
        title={t('accountsUi.recovery.lookups_failed')}
        extra={
          <Button
            onClick={() => {
              void state.refetch();
              void lookups.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!state.data.recovery_mode && !state.data.data_required) {
    body = <Result status="info" title={t('accountsUi.recovery.off')} extra={home} />;
  } else if (state.data.account?.status === 'verified') {
    body = <Result status="success" title={t('accountsUi.recovery.verified')} extra={home} />;
  } else {
    const status = state.data.account?.status;
    body = (
      <>
        <p className="auth-intro">{t('accountsUi.recovery.intro')}</p>
        {status && (
          <Alert
            className="form-alert"
            type="info"
            showIcon
            title={t(
              `accountsUi.recovery.${status === 'pending_activation' ? 'pending_activation' : 'pending_review'}`,
            )}
          />
        )}
        <RecoveryForm
          lookups={lookups.data}
          account={state.data.account}
          defaults={defaults}
          oldEmail={type ? null : state.data.old_email}
          onSubmitted={(next) =>
            navigate(paths.recoveryMessage, { replace: true, state: { status: next } satisfies RecoveryMessageState })
          }
        />
        {logout}
      </>
    );
  }

  return <AuthLayout title={t('accountsUi.recovery.title')}>{body}</AuthLayout>;
}
