import { AppLayout } from '../components/layout/app-layout';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { accessOfPathIn } from '../lib/authorization';
import { RequireRouteAccess } from './route-access';
import { routes } from './router';

/** Each sidebar entry's access, read from the route that its path opens (declared once, in router.tsx). */
const accessOfPath = accessOfPathIn(routes);

/**
 * The signed-in shell with the features its header carries and the one screen
 * guard. Composed here, in app/, because shared components never import
 * features or the route table (STYLE.md).
 */
export function AppShell() {
  return (
    <AppLayout notifications={<NotificationBell />} accessOf={accessOfPath}>
      <RequireRouteAccess />
    </AppLayout>
  );
}
