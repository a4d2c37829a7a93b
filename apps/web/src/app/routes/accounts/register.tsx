import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { RegisterForm } from '../../../features/accounts/components/register-form';
import { useSession } from '../../../lib/session';

/** /register: a new customer is signed in and asked for the code of the activation email (/message). */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  return (
    <AuthLayout title={t('accountsUi.register.title')}>
      <RegisterForm onRegistered={(data) => signIn(data, paths.message)} />
    </AuthLayout>
  );
}
