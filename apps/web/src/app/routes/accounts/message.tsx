import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/guest/button';
import { Result } from '../../../components/guest/result';
import { GuestLoader } from '../../../components/guest/spinner';
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

  // Registered while recovery mode is on: the account data comes next (docs/decisions/0005-accounts.md).
  const next = user?.dataRequired ? paths.recovery : paths.home;

  const logout = () => {
    setLoggingOut(true);
    void signOut();
  };

  let body: ReactNode;
  if (loading || !user) body = <GuestLoader />;
  else if (user.email_verified)
    body = (
      <Result
        status="success"
        title={t('accountsUi.message.already_active')}
        extra={
          <Button variant="primary" onClick={() => navigate(next, { replace: true })}>
            {t('accountsUi.go_home')}
          </Button>
        }
      />
    );
  else
    body = (
      <ActivationCodeForm
        email={user.email}
        onActivated={() => navigate(next, { replace: true })}
        onLogout={logout}
        loggingOut={loggingOut}
      />
    );

  return <AuthLayout title={t('accountsUi.message.title')}>{body}</AuthLayout>;
}
