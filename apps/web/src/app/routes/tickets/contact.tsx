import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';
import { ContactForm } from '../../../features/contacts/components/contact-form';
import { useSession } from '../../../lib/session';

/**
 * /contact: a guest writes to the administration (linked from the login form). Open to a
 * signed-in user too. A light guest page (no antd).
 */
export default function ContactRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const back = user ? (
    <Link to={paths.dashboard}>{t('contactsUi.form.back_home')}</Link>
  ) : (
    <Link to={paths.login}>{t('contactsUi.form.back_login')}</Link>
  );
  return (
    <AuthLayout title={t('contactsUi.form.title')}>
      <ContactForm />
      <p className="form-footer">{back}</p>
    </AuthLayout>
  );
}
