import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/guest/button';
import { Result } from '../../../components/guest/result';
import { paths } from '../../../config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="info"
        code="404"
        headingLevel={1}
        title={t('errors_page.not_found')}
        extra={
          <Button variant="primary" onClick={() => navigate(paths.home)}>
            {t('errors_page.back_home')}
          </Button>
        }
      />
    </main>
  );
}
