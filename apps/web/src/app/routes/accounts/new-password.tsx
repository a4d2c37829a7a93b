import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { NewPasswordForm } from '../../../features/accounts/components/new-password-form';
import { toast } from '../../../lib/toast';
import type { ResetState } from './reset';

/**
 * /newpassword/{token}: the emailed reset link. Success: log in with a success
 * toast. Failure (SPEC §8): "an error occurred, please try again" and back to /reset.
 */
export default function NewPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  return (
    <AuthLayout title={t('accountsUi.reset.new_title')}>
      <NewPasswordForm
        token={token}
        onDone={() => {
          toast.success(t('accounts.messages.password_reset'));
          navigate(paths.login, { replace: true });
        }}
        onFailed={(reason) => {
          toast.error(t('accountsUi.try_again_error'));
          navigate(paths.reset, { replace: true, state: { notice: reason } satisfies ResetState });
        }}
      />
    </AuthLayout>
  );
}
