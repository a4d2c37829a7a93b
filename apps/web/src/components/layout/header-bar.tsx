import { LogoutOutlined, MenuOutlined, TranslationOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { UserPhoto } from './user-photo';

export function LanguageToggle() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'ar' ? 'en' : 'ar';
  return (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      onClick={() => void changeLanguage(next)}
      lang={next}
      data-testid="language-toggle"
    >
      {t('header.switch_language')}
    </Button>
  );
}

/** `notifications`: the bell, composed by app/ (components never import features). */
export function HeaderBar({ onOpenMenu, notifications }: { onOpenMenu?: () => void; notifications?: ReactNode }) {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <div className="header-bar">
      <div>
        {onOpenMenu && (
          <Button type="text" icon={<MenuOutlined />} aria-label={t('header.open_menu')} onClick={onOpenMenu} />
        )}
      </div>
      <Space size="small" align="center">
        <LanguageToggle />
        {notifications}
        {user && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'profile') navigate(paths.user(user.id));
                if (key === 'logout') void signOut();
              },
            }}
          >
            <Button type="text" className="profile-button" data-testid="profile-menu">
              <UserPhoto user={user} size={28} />
              <span className="profile-name">{user.name}</span>
            </Button>
          </Dropdown>
        )}
      </Space>
    </div>
  );
}
