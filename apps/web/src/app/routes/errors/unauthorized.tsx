import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { clearSession, readSession } from '../../../lib/session-store';

/** SPEC §2: back to the user's profile when signed in, and a login link that clears the session. */
export default function UnauthorizedRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = readSession();
  return (
    <main className="error-page">
      <Result
        status="403"
        title="401"
        subTitle={t('errors_page.unauthorized')}
        extra={
          <Space wrap>
            {session && (
              <Link to={paths.user(session.userId)}>
                <Button>{t('errors_page.back_to_profile')}</Button>
              </Link>
            )}
            <Button
              type="primary"
              onClick={() => {
                clearSession();
                // A full load resets every cache of the old session.
                navigate(paths.login, { replace: true });
                window.location.reload();
              }}
            >
              {t('auth.login')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}
