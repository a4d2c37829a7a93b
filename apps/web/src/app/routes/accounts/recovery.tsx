import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/guest/alert';
import { Button } from '../../../components/guest/button';
import { LogoutIcon } from '../../../components/guest/icons';
import { Result } from '../../../components/guest/result';
import { GuestLoader } from '../../../components/guest/spinner';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { useRecoveryState, useRegistrationLookups } from '../../../features/accounts/api/accounts-api';
import { RecoveryForm } from '../../../features/accounts/components/recovery-form';
import { useSession } from '../../../lib/session';
import type { RecoveryMessageState } from './recovery-state';

/**
 * /recovery/{type?}: recovery mode (DESIGN §2) asks a customer to complete
 * their account data. Without a type the current email is shown read-only;
 * with one (the activation variant) it is not. The form itself is antd (long,
 * with searchable lists); the page around it is the light guest frame.
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
      variant="link"
      danger
      block
      icon={<LogoutIcon />}
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
    <Button variant="primary" onClick={() => navigate(paths.home, { replace: true })}>
      {t('accountsUi.go_home')}
    </Button>
  );

  let body: ReactNode;
  if (state.isPending || lookups.isPending || !user) {
    body = <GuestLoader />;
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
            type="info"
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
