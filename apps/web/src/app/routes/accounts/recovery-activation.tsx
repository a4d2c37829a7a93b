import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { ActivationResult } from '../../../features/accounts/components/activation-result';
import { useSession } from '../../../lib/session';

/** /recoveryactivation/{token}: confirms the email given in the recovery data; then staff review the account. */
export default function RecoveryActivationRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { signedIn } = useSession();
  const go = (to: string) => () => navigate(to, { replace: true });

  return (
    <AuthLayout title={t('accountsUi.recovery.title')}>
      <ActivationResult
        kind="recovery"
        token={token}
        actions={(outcome) => {
          if (!signedIn) return [{ label: t('accountsUi.login'), onClick: go(paths.login), primary: true }];
          if (outcome === 'error') {
            return [
              { label: t('accountsUi.recovery.title'), onClick: go(paths.recovery), primary: true },
              { label: t('accountsUi.go_home'), onClick: go(paths.home) },
            ];
          }
          return [{ label: t('accountsUi.go_home'), onClick: go(paths.home), primary: true }];
        }}
      />
    </AuthLayout>
  );
}
