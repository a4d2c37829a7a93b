import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/guest/button';
import { MailIcon } from '../../../components/guest/icons';
import { Result, ResultActions } from '../../../components/guest/result';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';

/** /resetmessage: check your email. The same page whether or not the email exists (no account probing). */
export default function ResetMessageRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('accountsUi.reset.message_title')}>
      <Result
        status="info"
        icon={<MailIcon size={56} strokeWidth={1.6} />}
        title={t('accounts.messages.reset_sent')}
        subTitle={t('accountsUi.reset.message_hint')}
        extra={
          <ResultActions>
            <Button variant="primary" onClick={() => navigate(paths.login)}>
              {t('accountsUi.back_to_login')}
            </Button>
            <Button onClick={() => navigate(paths.reset)}>{t('accountsUi.reset.again')}</Button>
          </ResultActions>
        }
      />
    </AuthLayout>
  );
}
