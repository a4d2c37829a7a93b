import { DeleteOutlined } from '@ant-design/icons';
import {
  type Locale,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_START_LIMIT,
  NOTIFICATIONS_STEP,
} from '@portal/shared/constants';
import type { TNotificationItem } from '@portal/shared/schemas/notifications';
import { Alert, Button, Empty, Popconfirm, Popover, Spin } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  useDeleteAllNotifications,
  useDeleteNotification,
  useNotifications,
  useSeeNotification,
} from '../api/notifications-api';
import { relativeTime } from '../lib/relative-time';
import { BellButton } from './bell-button';

/** Only paths inside the app are followed ("//host" would leave it). */
function isAppPath(link: string | null): link is string {
  return /^\/(?![/\\])/.test(link ?? '');
}

/** The focus is in the open panel, or nowhere (on the body: the element that had it was removed). */
function focusInPanelOrLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('.notification-popover') !== null;
}

function NotificationRow({
  item,
  lang,
  onOpen,
}: {
  item: TNotificationItem;
  lang: Locale;
  onOpen: (item: TNotificationItem) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteNotification();
  return (
    <li className={item.seen ? 'notification-item' : 'notification-item notification-item-unseen'}>
      <button type="button" className="notification-open" onClick={() => onOpen(item)}>
        <span className="notification-title">
          {!item.seen && <span className="notification-dot" aria-hidden="true" />}
          {item.title}
          {!item.seen && <span className="visually-hidden">{` (${t('notificationsUi.unseen')})`}</span>}
        </span>
        <span className="notification-message">{item.message}</span>
        <time className="notification-time" dateTime={item.created_at} title={formatDateTime(item.created_at, lang)}>
          {relativeTime(item.created_at, lang)}
        </time>
      </button>
      <Button
        type="text"
        size="small"
        className="notification-delete"
        icon={<DeleteOutlined />}
        aria-label={t('notificationsUi.delete', { title: item.title })}
        loading={remove.isPending}
        onClick={() => remove.mutate(item.id, { onSuccess: () => toast.success(t('notifications.messages.deleted')) })}
      />
    </li>
  );
}

/**
 * The bell's panel (SPEC §2, §4): the newest notifications. Opening one marks it
 * seen and follows its link; each can be deleted, or all at once after a
 * confirmation; "show more" grows the list by 5. Its own chunk, loaded on the
 * first click of the bell (notification-bell.tsx), which it then replaces, open.
 */
export default function NotificationPopover() {
  const { t, i18n } = useTranslation();
  const lang: Locale = i18n.language === 'en' ? 'en' : 'ar';
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const [limit, setLimit] = useState(NOTIFICATIONS_START_LIMIT);
  const list = useNotifications(limit);
  const see = useSeeNotification();
  const removeAll = useDeleteAllNotifications();
  const triggerRef = useRef<HTMLButtonElement>(null);

  const unseen = list.data?.unseen ?? 0;
  const items = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const hasMore = items.length < total && limit < NOTIFICATIONS_MAX_LIMIT;

  const changeOpen = (next: boolean, returnFocus = true) => {
    setOpen(next);
    if (next) {
      void list.refetch();
      return;
    }
    // The next opening starts from the newest five again.
    setLimit(NOTIFICATIONS_START_LIMIT);
    // However it closes (Escape is handled by antd's own listener too, which can close the panel
    // before ours runs), a focus that was in the panel, or lost with a button the panel removed,
    // goes back to the bell.
    if (returnFocus && focusInPanelOrLost()) triggerRef.current?.focus();
  };

  const close = () => {
    changeOpen(false);
    triggerRef.current?.focus();
  };

  const openItem = (item: TNotificationItem) => {
    if (!item.seen) see.mutate(item.id);
    if (isAppPath(item.link)) {
      // The link's page takes the focus.
      changeOpen(false, false);
      navigate(item.link);
    }
  };

  // Mounted by the bell's first click: the focus stays on the bell (this one replaces the light one).
  useEffect(() => {
    triggerRef.current?.focus();
  }, []);

  // Escape closes the open panel wherever the focus is, and gives it back to the bell.
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const title = (
    <div className="notification-head">
      <span className="notification-head-title">
        {t('notificationsUi.title')}
        {unseen > 0 && (
          <span className="notification-head-count">
            {t('notificationsUi.unseen_count', { n: formatNumber(unseen, lang) })}
          </span>
        )}
      </span>
      <Popconfirm
        title={t('notificationsUi.delete_all_confirm')}
        description={t('notificationsUi.delete_all_hint')}
        okText={t('common.yes')}
        cancelText={t('common.no')}
        okButtonProps={{ danger: true, loading: removeAll.isPending }}
        disabled={total === 0}
        onConfirm={() =>
          removeAll.mutateAsync().then(
            () => toast.success(t('notifications.messages.all_deleted')),
            () => undefined,
          )
        }
      >
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          disabled={total === 0}
          data-testid="notifications-delete-all"
        >
          {t('notificationsUi.delete_all')}
        </Button>
      </Popconfirm>
    </div>
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="notification-state">
        <Spin aria-label={t('common.loading')} />
      </div>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('notificationsUi.load_failed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notificationsUi.empty')} />;
  } else {
    body = (
      <ul className="notification-list" aria-label={t('notificationsUi.title')}>
        {items.map((item) => (
          <NotificationRow key={item.id} item={item} lang={lang} onOpen={openItem} />
        ))}
      </ul>
    );
  }

  const content = (
    <div className="notification-panel" data-testid="notifications-panel">
      {body}
      {hasMore && (
        <Button
          block
          type="link"
          loading={list.isFetching && list.isPlaceholderData}
          onClick={() => setLimit((n) => Math.min(n + NOTIFICATIONS_STEP, NOTIFICATIONS_MAX_LIMIT))}
          data-testid="notifications-more"
        >
          {t('notificationsUi.show_more')}
        </Button>
      )}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={changeOpen}
      trigger="click"
      arrow={false}
      // Under the bell, its outer edge in line with the bell's (the right in English, the left in
      // Arabic), so on a desk it never reaches the window's edge: antd counts the scrollbar's room
      // kept by styles.css (scrollbar-gutter) as free, and a panel shifted to the edge lost its last
      // 15 px under it (the delete buttons cut). On a phone the full-width sheet is shifted into view.
      placement={lang === 'ar' ? 'bottomLeft' : 'bottomRight'}
      align={{ overflow: { shiftX: true, adjustY: true } }}
      title={title}
      content={content}
      classNames={{ root: 'notification-popover' }}
      // In the DOM right after the bell, so Tab moves from the bell into the list.
      getPopupContainer={(node) => node.parentElement ?? document.body}
    >
      <BellButton ref={triggerRef} unseen={unseen} open={open} />
    </Popover>
  );
}
