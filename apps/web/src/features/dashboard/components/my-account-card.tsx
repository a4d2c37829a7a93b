import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TUser } from '@portal/shared/schemas/auth';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserPhoto } from '../../../components/layout/user-photo';

/** Dashboard item 4 (SPEC §2): photo or default avatar, name, email, phone and an active badge. */
export function MyAccountCard({ user }: { user: TUser }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.my_account')} className="my-account-card" data-testid="my-account-card">
      <div className="my-account">
        <UserPhoto user={user} size={72} />
        <div className="my-account-details">
          <strong className="my-account-name">{user.name}</strong>
          <span>
            <MailOutlined /> <bdi>{user.email ?? '—'}</bdi>
          </span>
          <span>
            <PhoneOutlined /> <bdi dir="ltr">{user.phone}</bdi>
          </span>
          <Tag color={user.active ? 'success' : 'default'}>
            {user.active ? t('common.active') : t('common.inactive')}
          </Tag>
        </div>
      </div>
    </Card>
  );
}
