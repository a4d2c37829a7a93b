import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { RegisterForm } from '../../../features/accounts/components/register-form';
import { handOffSession } from '../../../features/accounts/lib/session-handoff';

/** /register: a new customer is signed in and asked for the code of the activation email (/message). */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('accountsUi.register.title')}>
      <RegisterForm
        onRegistered={(data) => {
          handOffSession(data);
          navigate(paths.message, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
