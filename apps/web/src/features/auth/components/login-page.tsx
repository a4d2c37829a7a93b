import type { TLoginResponseData } from '@portal/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/guest/alert';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { LoginForm } from './login-form';

/**
 * Where a user goes after signing in: recovery mode first for an account whose data is incomplete
 * (SPEC §2), else the page they were sent to the login from, else the dashboard.
 */
export function landingAfterLogin(data: TLoginResponseData, from?: string): string {
  if (data.user.dataRequired) return paths.recovery;
  return from && from !== paths.home ? from : paths.dashboard;
}

/**
 * The login page: the same in the app's router (app/routes/auth/login.tsx) and in the island the
 * page hydrates as before the router is loaded (app/login-island.tsx, docs/decisions/0033).
 */
export function LoginPage({
  notice,
  onSubmit,
  onSuccess,
}: {
  /** Sent here because the session ended (lib/session.tsx): the page says so. */
  notice?: 'session_ended';
  onSubmit: () => void;
  onSuccess: (data: TLoginResponseData) => void;
}) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.login_title')}>
      {notice === 'session_ended' && <Alert type="warning" title={t('errors.unauthenticated')} />}
      <LoginForm onSubmit={onSubmit} onSuccess={onSuccess} />
    </AuthLayout>
  );
}
