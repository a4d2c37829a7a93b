import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSession } from '../../../lib/session';

export default function LoginRoute() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return (
    <AuthLayout title={t('auth.login_title')}>
      <LoginForm
        onSuccess={(data) =>
          // Recovery mode: an account whose data is incomplete completes it first (SPEC §2).
          signIn(data, data.user.dataRequired ? paths.recovery : from && from !== paths.home ? from : paths.dashboard)
        }
      />
    </AuthLayout>
  );
}
