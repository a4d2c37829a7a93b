import {
  ControlOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { Permission } from '@portal/shared/permissions';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths';

export type NavLeaf = { key: string; path: string; label: string; icon?: ReactNode; permission?: Permission };
export type NavGroup = { key: string; label: string; icon: ReactNode; children: NavLeaf[] };
export type NavEntry = NavLeaf | NavGroup;

/**
 * The sidebar of SPEC §2. Only screens that exist are listed (no dead links);
 * each feature adds its entry here when its screen lands.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { key: 'dashboard', path: paths.dashboard, label: 'nav.dashboard', icon: <DashboardOutlined /> },
  { key: 'users', path: paths.users, label: 'usersUi.nav', icon: <TeamOutlined />, permission: 'users.index' },
  {
    key: 'settings',
    label: 'nav.settings',
    icon: <SettingOutlined />,
    children: [
      {
        key: 'admins',
        path: paths.admins,
        label: 'admins.nav',
        icon: <UserSwitchOutlined />,
        permission: 'users.index',
      },
      { key: 'logs', path: paths.logs, label: 'nav.logs', icon: <FileSearchOutlined />, permission: 'logs.index' },
      {
        key: 'roles',
        path: paths.roles,
        label: 'rolesUi.nav',
        icon: <SafetyCertificateOutlined />,
        permission: 'roles.index',
      },
      {
        key: 'recovery-accounts',
        path: paths.recoveryAccounts,
        label: 'recoveryReview.nav',
        icon: <IdcardOutlined />,
        permission: 'users.index',
      },
      {
        key: 'system-settings',
        path: paths.settings,
        label: 'settingsUi.nav',
        icon: <ControlOutlined />,
        permission: 'admin_roles',
      },
    ],
  },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** The entries a user may open: leaves they lack permission for, and then empty groups, disappear. */
export function visibleEntries(entries: NavEntry[], can: (p: Permission) => boolean): NavEntry[] {
  return entries.flatMap<NavEntry>((entry) => {
    if (!isGroup(entry)) return !entry.permission || can(entry.permission) ? [entry] : [];
    const children = entry.children.filter((c) => !c.permission || can(c.permission));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}
