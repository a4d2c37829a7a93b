import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <Result
        status="404"
        title="404"
        subTitle={t('errors_page.not_found')}
        extra={
          <Link to={paths.home}>
            <Button type="primary">{t('errors_page.back_home')}</Button>
          </Link>
        }
      />
    </main>
  );
}
