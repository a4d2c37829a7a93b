import { NOTIFICATIONS_START_LIMIT } from '@portal/shared/constants';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session';
import { useLiveNotifications } from '../api/live-stream';
import { useNotifications } from '../api/notifications-api';
import { BellButton } from './bell-button';
import './notification-bell.css';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

/**
 * The header bell (SPEC §2, §4): the unseen count, live (Server-Sent Events; polled while the stream is down). Its
 * panel (the list, deleting, the confirmation: antd's Popover and Popconfirm) is its own chunk,
 * fetched when the pointer or the focus reaches the bell and shown on the first click; from then
 * on the panel's module renders the bell (DESIGN §5: the shell carries only what it shows).
 */
export function NotificationBell() {
  const [activated, setActivated] = useState(false);
  const { user } = useSession();
  useLiveNotifications(user?.id ?? null);
  const list = useNotifications(NOTIFICATIONS_START_LIMIT);
  const unseen = list.data?.unseen ?? 0;
  const preload = () => void loadPopover().catch(() => undefined);

  if (!activated) {
    return (
      <BellButton
        unseen={unseen}
        open={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setActivated(true)}
      />
    );
  }
  return (
    <Suspense fallback={<BellButton unseen={unseen} open={false} loading />}>
      <NotificationPopover />
    </Suspense>
  );
}
