import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/guest/button';
import { Result, ResultActions } from '../../../components/guest/result';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import type { RecoveryMessageState } from './recovery-state';

/**
 * /recovarymessage (SPEC's spelling): the recovery data was received; the
 * account is reviewed within two working days at most. When the email has to
 * be confirmed first, the page says so.
 */
export default function RecoveryMessageRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, signOut } = useSession();
  const status = (useLocation().state as RecoveryMessageState)?.status;
  return (
    <AuthLayout title={t('accountsUi.recovery.received_title')}>
      <Result
        status="success"
        title={t('accounts.messages.recovery_received')}
        subTitle={status === 'pending_activation' ? t('accounts.messages.recovery_check_email') : undefined}
        extra={
          signedIn ? (
            <ResultActions>
              <Button variant="primary" onClick={() => void signOut()}>
                {t('accountsUi.logout')}
              </Button>
              <Button onClick={() => navigate(paths.home, { replace: true })}>{t('accountsUi.go_home')}</Button>
            </ResultActions>
          ) : (
            <Button variant="primary" onClick={() => navigate(paths.login)}>
              {t('accountsUi.login')}
            </Button>
          )
        }
      />
    </AuthLayout>
  );
}
