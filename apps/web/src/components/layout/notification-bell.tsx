import { BellOutlined } from '@ant-design/icons';
import { BADGE_CAP } from '@portal/shared/constants';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The header bell: the unseen count, shown as 99+ past the cap (SPEC §9). */
export function NotificationBell({ unseen }: { unseen: number }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottom"
      popupRender={() => (
        <div className="dropdown-panel">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.no_notifications')} />
        </div>
      )}
    >
      <Button
        type="text"
        aria-label={t('header.notifications_count', { count: unseen })}
        icon={
          <Badge count={unseen} overflowCount={BADGE_CAP} size="small">
            <BellOutlined className="header-icon" />
          </Badge>
        }
      />
    </Dropdown>
  );
}
