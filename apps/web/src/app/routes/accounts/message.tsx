import { Button, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { ActivationCodeForm } from '../../../features/accounts/components/activation-code-form';
import { useSession } from '../../../lib/session';

/** /message: the activation code from the email, for the signed-in customer (SPEC §2). */
export default function MessageRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, loading, signOut } = useSession();
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = () => {
    setLoggingOut(true);
    void signOut();
  };

  let body: ReactNode;
  if (loading || !user) body = <PageLoader />;
  else if (user.email_verified)
    body = (
      <Result
        status="success"
        title={t('accountsUi.message.already_active')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.home, { replace: true })}>
            {t('accountsUi.go_home')}
          </Button>
        }
      />
    );
  else
    body = (
      <ActivationCodeForm
        email={user.email}
        onActivated={() => navigate(paths.home, { replace: true })}
        onLogout={logout}
        loggingOut={loggingOut}
      />
    );

  return <AuthLayout title={t('accountsUi.message.title')}>{body}</AuthLayout>;
}
