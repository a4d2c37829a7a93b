import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/guest/button';
import { Result } from '../../../components/guest/result';
import { paths } from '../../../config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <Result
        status="info"
        code="404"
        headingLevel={1}
        title={t('errors_page.not_found')}
        extra={
          <ButtonLink variant="primary" to={paths.home}>
            {t('errors_page.back_home')}
          </ButtonLink>
        }
      />
    </main>
  );
}
