import { Alert, Button, Drawer, Grid, Layout } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { PageLoader } from '../feedback/page-loader';
import { AppFooter } from './app-footer';
import { HeaderBar } from './header-bar';
import { PageHeader } from './page-header';
import { Sidebar } from './sidebar';

/**
 * The shell of every signed-in page: sidebar (a drawer on phones), header, breadcrumb, footer.
 * `notifications` is the header bell, passed in by app/app-shell.tsx.
 */
export function AppLayout({ notifications }: { notifications?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { user, loading } = useSession();
  const screens = Grid.useBreakpoint();
  const [menuOpen, setMenuOpen] = useState(false);
  const wide = screens.lg ?? true;

  return (
    <Layout className="app-shell">
      {wide ? (
        <Layout.Sider width={248} className="app-sider" theme="dark">
          <Sidebar />
        </Layout.Sider>
      ) : (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement={i18n.language === 'en' ? 'left' : 'right'}
          size={264}
          className="app-drawer"
          styles={{ body: { padding: 0 } }}
          title={t('app.name')}
        >
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </Drawer>
      )}
      <Layout>
        <Layout.Header className="app-header">
          <HeaderBar onOpenMenu={wide ? undefined : () => setMenuOpen(true)} notifications={notifications} />
        </Layout.Header>
        <PageHeader />
        <Layout.Content className="app-content">
          {loading ? (
            <PageLoader />
          ) : user ? (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
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
