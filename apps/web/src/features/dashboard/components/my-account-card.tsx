import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TUser } from '@portal/shared/schemas/auth';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserPhoto } from '../../../components/layout/user-photo';
import { paths } from '../../../config/paths';
import { accountState } from '../../../lib/account-state';
import { useDigits } from '../../../lib/digits';

const TAGS = {
  active: { color: 'success', label: 'common.active' },
  not_activated: { color: 'warning', label: 'dashboard.not_activated' },
  disabled: { color: 'default', label: 'common.inactive' },
} as const;

/**
 * Dashboard item 4 (SPEC §2): photo or default avatar, name, email, phone and the account's
 * real state: active, switched off, or — for a customer who has not activated their email —
 * not activated yet, with the way to activate it.
 */
export function MyAccountCard({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const digits = useDigits();
  const state = accountState(user);
  const tag = TAGS[state];
  return (
    <Card title={t('dashboard.my_account')} className="my-account-card" data-testid="my-account-card">
      <div className="my-account">
        <UserPhoto user={user} size={72} />
        <div className="my-account-details">
          <strong className="my-account-name">{user.name}</strong>
          <span>
            <MailOutlined /> <bdi dir="ltr">{user.email ?? '—'}</bdi>
          </span>
          <span>
            <PhoneOutlined /> <bdi dir="ltr">{digits(user.phone)}</bdi>
          </span>
          <Tag color={tag.color} data-testid="account-state">
            {t(tag.label)}
          </Tag>
          {state === 'not_activated' && <Link to={paths.message}>{t('activation_reminder.action')}</Link>}
        </div>
      </div>
    </Card>
  );
}
