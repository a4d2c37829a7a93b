import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, type UIMatch, useMatches, useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** Route metadata: the breadcrumb label (a catalogue key) of a route (SPEC §2 sub-header). */
export type RouteHandle = { crumb?: string };

function crumbsOf(matches: UIMatch[]) {
  return matches
    .filter((m): m is UIMatch<unknown, RouteHandle> => Boolean((m.handle as RouteHandle | undefined)?.crumb))
    .map((m) => ({ path: m.pathname, label: m.handle.crumb as string }));
}

/** Breadcrumb built from the matched routes, with a back button that points the reading direction's way. */
export function PageHeader() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const crumbs = crumbsOf(useMatches());
  const BackIcon = i18n.language === 'en' ? ArrowLeftOutlined : ArrowRightOutlined;
  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.dashboard);
  };
  return (
    <div className="page-header">
      <Button
        type="text"
        icon={<BackIcon />}
        onClick={goBack}
        aria-label={t('common.back')}
        data-testid="back-button"
      />
      <Breadcrumb
        items={[
          { title: <Link to={paths.dashboard}>{t('nav.home')}</Link> },
          ...crumbs.map((c, i) => ({
            title: i === crumbs.length - 1 ? t(c.label) : <Link to={c.path}>{t(c.label)}</Link>,
          })),
        ]}
      />
    </div>
  );
}
