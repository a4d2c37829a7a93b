import { BellOutlined } from '@ant-design/icons';
import { BADGE_CAP, type Locale, NOTIFICATIONS_START_LIMIT } from '@portal/shared/constants';
import { Badge, Button } from 'antd';
import { type ComponentProps, lazy, type Ref, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLiveNotifications } from '../api/live-stream';
import { useNotifications } from '../api/notifications-api';
import './notification-bell.css';

type BellButtonProps = Omit<ComponentProps<typeof Button>, 'ref'> & {
  ref?: Ref<HTMLButtonElement>;
  unseen: number;
  open: boolean;
};

/** The bell itself: the unseen count (99+ past the cap, in the digits the app shows), named for screen readers. */
export function BellButton({ ref, unseen, open, ...rest }: BellButtonProps) {
  const { t, i18n } = useTranslation();
  const lang: Locale = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <Button
      ref={ref}
      type="text"
      aria-label={t('notificationsUi.bell_label', { count: unseen })}
      aria-expanded={open}
      aria-haspopup="dialog"
      data-testid="notification-bell"
      icon={
        // The count in the digits the app shows (lib/format.ts), capped at 99+ (SPEC §2).
        <Badge
          count={unseen > 0 ? formatNumber(Math.min(unseen, BADGE_CAP), lang) + (unseen > BADGE_CAP ? '+' : '') : 0}
          size="small"
        >
          <BellOutlined className="header-icon" />
        </Badge>
      }
      {...rest}
    />
  );
}

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
