import { EditOutlined, KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { userPolicy } from '@portal/shared/policy';
import type { TUser } from '@portal/shared/schemas/auth';
import { Button, Card, Descriptions, Empty, Space, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTabs } from '../../../components/layout/page-tabs';
import { UserPhoto } from '../../../components/layout/user-photo';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/authorization';
import { useDigits } from '../../../lib/digits';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { editPathOf } from '../access';

const TABS = ['associations', 'payments', 'subscriptions', 'documents'] as const;
export type ProfileTab = (typeof TABS)[number];

/** The name of a seeded role in the UI language; a role someone created keeps its own name. */
function RoleName({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{t(`roles.names.${name}`, { defaultValue: name })}</>;
}

/**
 * SPEC §2 /users/{id}: the user's details, an edit icon and a change-password icon
 * (shown to whoever may use them), and the Associations, Payments and Subscriptions tabs.
 * `tabs`: what each tab shows, composed by the route from the features that own that data
 * (a tab given nothing says there is nothing yet); the open tab is kept in the URL (`?tab=`).
 */
export function UserProfile({
  user,
  tabs = {},
  summary,
}: {
  user: TUser;
  tabs?: Partial<Record<ProfileTab, ReactNode>>;
  /** Shown between the details and the tabs (a member's balance, composed by the route). */
  summary?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const viewer = useViewer();
  const digits = useDigits();
  const editable = !user.removed && userPolicy.edit(viewer, user.id);
  const yesNo = (value: boolean) => (
    <Tag color={value ? 'success' : 'default'}>{value ? t('common.yes') : t('common.no')}</Tag>
  );

  return (
    <div className="user-profile">
      <Card className="user-profile-card" data-testid="user-profile">
        <div className="user-profile-head">
          <UserPhoto user={user} size={96} />
          <div className="user-profile-title">
            <h1 className="page-title user-profile-name">{user.name}</h1>
            <Space size={4} wrap>
              <Tag color={user.type === 'admin' ? 'geekblue' : 'default'}>{t(`users.types.${user.type}`)}</Tag>
              <Tag color={user.active ? 'success' : 'warning'}>
                {user.active ? t('common.active') : t('common.inactive')}
              </Tag>
              {user.removed && <Tag color="error">{t('usersUi.removed_tag')}</Tag>}
            </Space>
          </div>
          <Space className="user-profile-actions">
            {editable && (
              <Tooltip title={t('usersUi.profile_page.edit')}>
                <Link to={editPathOf(user)} aria-label={t('usersUi.profile_page.edit')} data-testid="profile-edit">
                  <Button shape="circle" icon={<EditOutlined />} tabIndex={-1} />
                </Link>
              </Tooltip>
            )}
            {editable && (
              <Tooltip title={t('usersUi.profile_page.change_password')}>
                <Link
                  to={paths.changePassword(user.id)}
                  aria-label={t('usersUi.profile_page.change_password')}
                  data-testid="profile-password"
                >
                  <Button shape="circle" icon={<KeyOutlined />} tabIndex={-1} />
                </Link>
              </Tooltip>
            )}
            {user.type === 'admin' && !user.removed && userPolicy.assignAccess(viewer, user.id) && (
              <Tooltip title={t('usersUi.profile_page.roles')}>
                <Link to={paths.userRoles(user.id)} aria-label={t('usersUi.profile_page.roles')}>
                  <Button shape="circle" icon={<SafetyCertificateOutlined />} tabIndex={-1} />
                </Link>
              </Tooltip>
            )}
          </Space>
        </div>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" className="user-profile-details">
          <Descriptions.Item label={t('usersUi.columns.email')}>
            <bdi dir="ltr">{user.email ?? '—'}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('usersUi.columns.phone')}>
            <bdi dir="ltr">{digits(user.phone)}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('usersUi.columns.birth_date')}>
            {formatDate(user.birthDate, lang)}
          </Descriptions.Item>
          <Descriptions.Item label={t('usersUi.profile_page.address')}>{user.address || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('usersUi.columns.phone_verify')}>{yesNo(user.phoneVerify)}</Descriptions.Item>
          <Descriptions.Item label={t('usersUi.profile_page.email_verified')}>
            {yesNo(user.email_verified)}
          </Descriptions.Item>
          <Descriptions.Item label={t('usersUi.profile_page.reminder_emails')}>
            {yesNo(user.reminder_emails)}
          </Descriptions.Item>
          <Descriptions.Item label={t('usersUi.profile_page.created_at')}>
            {formatDateTime(user.created_at, lang)}
          </Descriptions.Item>
          {user.type === 'admin' && (
            <Descriptions.Item label={t('usersUi.profile_page.roles_label')}>
              {user.roles.length === 0 ? (
                <span className="muted">{t('usersUi.profile_page.no_roles')}</span>
              ) : (
                <Space size={4} wrap>
                  {user.roles.map((role) => (
                    <Tag key={role.id} color="blue">
                      <RoleName name={role.name} />
                    </Tag>
                  ))}
                </Space>
              )}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {summary}
      <Card className="user-profile-tabs">
        <PageTabs
          // A customer's documents (their service requests); staff accounts have none.
          items={TABS.filter((tab) => tab !== 'documents' || user.type === 'user').map((tab) => ({
            key: tab,
            label: t(`usersUi.profile_page.tabs.${tab}`),
            children: tabs[tab] ?? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`usersUi.profile_page.empty.${tab}`)} />
            ),
          }))}
        />
      </Card>
    </div>
  );
}
