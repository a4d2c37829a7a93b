import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/guest/alert';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { type LoginState, useSession } from '../../../lib/session';
import { preloadAntd } from '../../antd-boundary';

export default function LoginRoute() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const state = useLocation().state as LoginState;
  const from = state?.from;
  return (
    <AuthLayout title={t('auth.login_title')}>
      {/* Sent here because the session ended (lib/session.tsx): the catalogue's words for it. */}
      {state?.notice === 'session_ended' && <Alert type="warning" title={t('errors.unauthenticated')} />}
      <LoginForm
        // The signed-in screens use antd: download it while the server checks the password.
        onSubmit={() => void preloadAntd().catch(() => undefined)}
        onSuccess={(data) =>
          // Recovery mode: an account whose data is incomplete completes it first (SPEC §2).
          signIn(data, data.user.dataRequired ? paths.recovery : from && from !== paths.home ? from : paths.dashboard)
        }
      />
    </AuthLayout>
  );
}
