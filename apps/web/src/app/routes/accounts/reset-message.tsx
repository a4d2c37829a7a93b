import { MailOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { paths } from '../../../config/paths';

/** /resetmessage: check your email. The same page whether or not the email exists (no account probing). */
export default function ResetMessageRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('accountsUi.reset.message_title')}>
      <Result
        icon={<MailOutlined />}
        title={t('accounts.messages.reset_sent')}
        subTitle={t('accountsUi.reset.message_hint')}
        extra={
          <div className="result-actions">
            <Button type="primary" onClick={() => navigate(paths.login)}>
              {t('accountsUi.back_to_login')}
            </Button>
            <Button onClick={() => navigate(paths.reset)}>{t('accountsUi.reset.again')}</Button>
          </div>
        }
      />
    </AuthLayout>
  );
}
