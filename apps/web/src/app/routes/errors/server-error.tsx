import { Button, Input, List, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isGroup, NAV_ENTRIES } from '../../../components/layout/nav-items';
import { paths } from '../../../config/paths';

/** SPEC §2: the service is temporarily unavailable, with a search box to find a page. */
export default function ServerErrorRoute() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const pages = NAV_ENTRIES.flatMap((e) => (isGroup(e) ? e.children : [e]));
  const found = query.trim() ? pages.filter((p) => t(p.label).toLowerCase().includes(query.trim().toLowerCase())) : [];
  return (
    <main className="error-page">
      <Result
        status="500"
        title="500"
        subTitle={t('errors_page.server_error')}
        extra={
          <div className="error-search">
            <Input.Search
              placeholder={t('errors_page.search_placeholder')}
              aria-label={t('errors_page.search_placeholder')}
              onSearch={setQuery}
              onChange={(e) => setQuery(e.target.value)}
              allowClear
            />
            {found.length > 0 && (
              <List
                size="small"
                dataSource={found}
                renderItem={(p) => (
                  <List.Item>
                    <Link to={p.path}>{t(p.label)}</Link>
                  </List.Item>
                )}
              />
            )}
            <Link to={paths.home}>
              <Button type="primary">{t('errors_page.back_home')}</Button>
            </Link>
          </div>
        }
      />
    </main>
  );
}
