import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { type AccessOfPath, allows, type RouteHandle, useCan, useViewer } from '../../lib/authorization';
import { crumbsOf, parentOf } from '../../lib/route-meta';
import { ActivationReminder } from '../feedback/activation-reminder';

/** Route metadata (lib/authorization.tsx): the breadcrumb label (a catalogue key) and the screen's access. */
export type { RouteHandle };

/**
 * Whether this tab has an earlier page of the app to go back to. The router numbers its entries
 * (`history.state.idx`, 0 for the page the tab opened on, kept by a replace); a memory router
 * (tests) has no such state, and its first entry's key is "default".
 */
function hasAppHistory(locationKey: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : locationKey !== 'default';
}

/**
 * Breadcrumb built from the matched routes (lib/route-meta.ts), with a back button that points the
 * reading direction's way: the previous page of the app, or — opened directly, with no page of the
 * app before it — the parent page of the breadcrumb; it never leaves the app. Under it, the
 * reminder to activate the account, for a customer who has not yet. A crumb whose page the user
 * may not open (a customer's own request sits under the staff's list) is plain text, never a
 * link to a 401, and "back" skips it.
 */
export function PageHeader({ accessOf }: { accessOf?: AccessOfPath }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const can = useCan();
  const crumbs = crumbsOf(useMatches(), useViewer().id);
  const opens = (path: string) => !accessOf || allows(accessOf(path), can);
  const parent = parentOf(
    crumbs.filter((c) => opens(c.path)),
    location.pathname,
  );
  const inApp = hasAppHistory(location.key);
  const BackIcon = i18n.language === 'en' ? ArrowLeftOutlined : ArrowRightOutlined;
  const goBack = () => {
    if (inApp) navigate(-1);
    else if (parent) navigate(parent);
  };
  return (
    <>
      <div className="page-header">
        <Button
          type="text"
          icon={<BackIcon />}
          onClick={goBack}
          disabled={!inApp && !parent}
          aria-label={t('common.back')}
          data-testid="back-button"
        />
        <Breadcrumb
          items={crumbs.map((c, i) => ({
            title: i === crumbs.length - 1 || !opens(c.path) ? t(c.label) : <Link to={c.path}>{t(c.label)}</Link>,
          }))}
        />
      </div>
      <ActivationReminder />
    </>
  );
}
