import { useTranslation } from 'react-i18next';
import './shell-skeleton.css';

/** Grey bars where the page's content will be: a title, four figures, two panels. */
function ContentSkeleton() {
  return (
    <div className="shell-skeleton-content" aria-hidden="true" data-testid="content-skeleton">
      <span className="shell-bone shell-bone-title" />
      <div className="shell-skeleton-cards">
        <span className="shell-bone shell-bone-card" />
        <span className="shell-bone shell-bone-card" />
        <span className="shell-bone shell-bone-card" />
        <span className="shell-bone shell-bone-card" />
      </div>
      <div className="shell-skeleton-panels">
        <span className="shell-bone shell-bone-panel" />
        <span className="shell-bone shell-bone-panel" />
      </div>
    </div>
  );
}

/**
 * The signed-in shell before it can draw itself (issue 22 item 6): the dark sidebar (a menu
 * button on a phone), the header and the breadcrumb bar where they will be, and grey bars for
 * the page. Shown at once after the login, and while a screen of the shell, antd or the user
 * are still on their way, instead of a blank grey page. Plain HTML and CSS, no antd, in a chunk
 * of its own that the login page downloads with antd when the password is sent
 * (app/antd-boundary.tsx), so the login page's first load does not carry it.
 */
export function ShellSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="shell-skeleton" role="status" aria-busy="true" data-testid="shell-skeleton">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="shell-skeleton-sider" aria-hidden="true">
        <p className="shell-skeleton-brand">{t('app.name')}</p>
        <span className="shell-bone shell-bone-user" />
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
          <span key={i} className="shell-bone shell-bone-menu" />
        ))}
      </div>
      <div className="shell-skeleton-main" aria-hidden="true">
        <div className="shell-skeleton-header">
          <span className="shell-bone shell-bone-button" />
          <span className="shell-bone shell-bone-profile" />
        </div>
        <div className="shell-skeleton-crumbs">
          <span className="shell-bone shell-bone-crumb" />
        </div>
        <ContentSkeleton />
      </div>
    </div>
  );
}

export default ShellSkeleton;
