import { Alert, Button, Grid, Layout } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { AccessOfPath } from '../../lib/authorization';
import { useClientSettings } from '../../lib/client-settings';
import { loadScreenTexts } from '../../lib/i18n';
import { useOffline } from '../../lib/offline';
import { useSession } from '../../lib/session';
import { PageLoader } from '../feedback/page-loader';
import { AppFooter } from './app-footer';
import { HeaderBar } from './header-bar';
import { PageHeader } from './page-header';
import { Sidebar } from './sidebar';

// The phone menu's drawer comes with the first phone-sized render, never on a desk (DESIGN §5).
const Drawer = lazy(() => import('antd/es/drawer'));
// The offline banner and its texts come when the app goes offline, from the service worker's copy
// of the app (docs/decisions/0032-pwa.md); without one there is nothing to show offline anyway.
const OfflineBanner = lazy(() =>
  Promise.all([import('../feedback/offline-banner'), loadScreenTexts(['pwa'])])
    .then(([module]) => module)
    .catch(() => ({ default: () => null })),
);

function OfflineSlot() {
  const { offline } = useOffline();
  return offline ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}

type Props = {
  /** The header bell, passed in by app/app-shell.tsx. */
  notifications?: ReactNode;
  /** Who may open a path (from the route table); the sidebar shows only what the user may open. */
  accessOf: AccessOfPath;
  /** The page: app/app-shell.tsx passes the route guard, which renders the matched screen. */
  children?: ReactNode;
};

/** The shell of every signed-in page: sidebar (a drawer on phones), header, breadcrumb, footer. */
export function AppLayout({ notifications, accessOf, children }: Props) {
  const { t, i18n } = useTranslation();
  const { user, loading } = useSession();
  // Read with the shell, so a list does not wait for the page size setting after its own chunk.
  useClientSettings();
  const screens = Grid.useBreakpoint();
  const [menuOpen, setMenuOpen] = useState(false);
  const wide = screens.lg ?? true;
  const location = useLocation();

  return (
    <Layout className="app-shell">
      {wide ? (
        <Layout.Sider width={248} className="app-sider" theme="dark">
          <Sidebar accessOf={accessOf} />
        </Layout.Sider>
      ) : (
        <Suspense fallback={null}>
          <Drawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            placement={i18n.language === 'en' ? 'left' : 'right'}
            size={264}
            className="app-drawer"
            styles={{ body: { padding: 0 } }}
            title={t('app.name')}
          >
            <Sidebar accessOf={accessOf} onNavigate={() => setMenuOpen(false)} />
          </Drawer>
        </Suspense>
      )}
      <Layout>
        <Layout.Header className="app-header">
          <HeaderBar onOpenMenu={wide ? undefined : () => setMenuOpen(true)} notifications={notifications} />
        </Layout.Header>
        <OfflineSlot />
        <PageHeader accessOf={accessOf} />
        {/* data-location: the location whose screen the content shows, set in the same render as the
            screen, so a browser test that navigates inside the app knows when the next screen is in. */}
        <Layout.Content className="app-content" data-location={location.pathname + location.search}>
          {loading ? (
            <PageLoader />
          ) : user ? (
            <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
          ) : (
            <Alert
              type="error"
              showIcon
              title={t('common.check_connection')}
              action={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
            />
          )}
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
