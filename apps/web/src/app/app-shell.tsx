import { AppLayout } from '../components/layout/app-layout';
import { NotificationBell } from '../features/notifications/components/notification-bell';

/**
 * The signed-in shell with the features its header carries. Composed here, in
 * app/, because shared components never import features (STYLE.md).
 */
export function AppShell() {
  return <AppLayout notifications={<NotificationBell />} />;
}
