import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { handOffSession, needsRecoveryData } from '../../../features/accounts/lib/session-handoff';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSession } from '../../../lib/session';

export default function LoginRoute() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (
    <AuthLayout title={t('auth.login_title')}>
      <LoginForm
        onSuccess={(data) => {
          // Recovery mode: the account's data must be completed first (SPEC §2).
          if (needsRecoveryData(data.user)) {
            handOffSession(data);
            navigate(paths.recovery, { replace: true });
            return;
          }
          signIn(data);
          navigate(from && from !== paths.home ? from : paths.dashboard, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
