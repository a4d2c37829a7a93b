import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('errors_page.access_denied_title')}
      subTitle={t('errors.forbidden')}
      extra={
        <Link to={paths.dashboard}>
          <Button type="primary">{t('errors_page.back_home')}</Button>
        </Link>
      }
    />
  );
}
