import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { ActivationResult } from '../../../features/accounts/components/activation-result';
import { useSession } from '../../../lib/session';

/**
 * /activation/{token}: the link of the activation email. Open to everyone: the
 * customer who just registered is usually still signed in in this browser.
 */
export default function ActivationRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const { signedIn, user } = useSession();
  const go = (to: string) => () => navigate(to, { replace: true });

  return (
    <AuthLayout title={t('accountsUi.message.title')}>
      <ActivationResult
        kind="email"
        token={token}
        actions={(outcome) => {
          if (!signedIn) return [{ label: t('accountsUi.login'), onClick: go(paths.login), primary: true }];
          if (outcome === 'error' && user && !user.email_verified) {
            return [
              { label: t('accountsUi.activation.enter_code'), onClick: go(paths.message), primary: true },
              { label: t('accountsUi.go_home'), onClick: go(paths.home) },
            ];
          }
          return [{ label: t('accountsUi.go_home'), onClick: go(paths.home), primary: true }];
        }}
      />
    </AuthLayout>
  );
}
