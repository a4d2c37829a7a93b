import {
  CheckOutlined,
  DownloadOutlined,
  LogoutOutlined,
  MenuOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { DIGIT_SYSTEMS, digitSystem, setDigitSystem } from '../../lib/digits';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useInstallApp } from './install-app';
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

/**
 * The digits of the Arabic interface (lib/digits.ts), chosen in the profile menu and kept beside the
 * language; English always shows Latin digits, so the choice is offered in Arabic only.
 */
/** Each choice shows a sample in its own digits (written here, so the choice of digits never rewrites it). */
const SAMPLE = { latn: '123', arab: '\u0661\u0662\u0663' } as const;

function digitItems(t: (key: string) => string, arabic: boolean): ItemType[] {
  if (!arabic) return [];
  const chosen = digitSystem();
  return [
    { type: 'divider' },
    {
      type: 'group',
      label: t('header.digits'),
      children: DIGIT_SYSTEMS.map((digits) => ({
        key: `digits:${digits}`,
        label: (
          <>
            {t(`header.digits_${digits}`)} <bdi dir="ltr">({SAMPLE[digits]})</bdi>
          </>
        ),
        icon: <CheckOutlined style={{ visibility: digits === chosen ? 'visible' : 'hidden' }} />,
        role: 'menuitemradio',
        'aria-checked': digits === chosen,
        'data-testid': `digits-${digits}`,
      })),
    },
  ];
}

/** `notifications`: the bell, composed by app/ (components never import features). */
export function HeaderBar({ onOpenMenu, notifications }: { onOpenMenu?: () => void; notifications?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const install = useInstallApp();
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
                ...(install.available
                  ? [
                      {
                        key: 'install',
                        icon: <DownloadOutlined />,
                        label: t('pwa.install.menu'),
                        'data-testid': 'install-app',
                      },
                    ]
                  : []),
                ...digitItems(t, i18n.language !== 'en'),
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'profile') navigate(paths.user(user.id));
                if (key === 'install') install.start();
                if (key === 'logout') void signOut();
                if (key === 'digits:latn' || key === 'digits:arab')
                  void setDigitSystem(key === 'digits:arab' ? 'arab' : 'latn');
              },
            }}
          >
            <Button type="text" className="profile-button" data-testid="profile-menu">
              <UserPhoto user={user} size={28} />
              <span className="profile-name">{user.name}</span>
            </Button>
          </Dropdown>
        )}
        {install.dialog}
      </Space>
    </div>
  );
}
