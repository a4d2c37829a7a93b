import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { ForgotPasswordForm } from '../../../features/accounts/components/forgot-password-form';

export type ResetState = { notice?: string | null } | null;

/** /reset: forgot password; then /resetmessage, whether or not the email belongs to an account. */
export default function ResetRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = (useLocation().state as ResetState)?.notice ?? null;
  return (
    <AuthLayout title={t('accountsUi.reset.title')}>
      <ForgotPasswordForm notice={notice} onSent={() => navigate(paths.resetMessage, { replace: true })} />
    </AuthLayout>
  );
}
