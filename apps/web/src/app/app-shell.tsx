import { AppLayout } from '../components/layout/app-layout';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import type { AccessOfPath } from '../lib/authorization';
import { RequireRouteAccess } from './route-access';

/**
 * The signed-in shell with the features its header carries and the one screen
 * guard. `accessOf` gives each sidebar entry's access, read from the route its path opens
 * (declared once, in router.tsx, which hands it over: the shell never imports the route table). Composed here, in app/, because shared components never import
 * features or the route table (STYLE.md).
 */
export function AppShell({ accessOf }: { accessOf: AccessOfPath }) {
  return (
    <AppLayout notifications={<NotificationBell />} accessOf={accessOf}>
      <RequireRouteAccess />
    </AppLayout>
  );
}
