// The customer's entries' icons (memberNavEntries), apart from the staff list's.
// The service requests' icons (issue 12).
// The associations area's icons (issue 10).
import {
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined as CardIcon,
  ControlOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  IdcardOutlined,
  InboxOutlined,
  MailOutlined,
  PlusCircleOutlined,
  RetweetOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Permission } from '@portal/shared/permissions';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { type AccessOfPath, allows } from '../../lib/authorization';

/** A link of the sidebar; who may follow it is the access of the route its path opens (router.tsx). */
export type NavLeaf = { key: string; path: string; label: string; icon?: ReactNode };
export type NavGroup = { key: string; label: string; icon: ReactNode; children: NavLeaf[] };
export type NavEntry = NavLeaf | NavGroup;

/**
 * The sidebar of SPEC §2. Only screens that exist are listed (no dead links);
 * each feature adds its entry here when its screen lands. No permission here:
 * each entry is shown to whoever may open its route.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { key: 'dashboard', path: paths.dashboard, label: 'nav.dashboard', icon: <DashboardOutlined /> },
  { key: 'associations', path: paths.associations, label: 'associationsUi.nav', icon: <BankOutlined /> },
  { key: 'payments', path: paths.payments, label: 'paymentsUi.nav', icon: <DollarOutlined /> },
  { key: 'cash-report', path: paths.cashReport, label: 'reportsUi.nav', icon: <WalletOutlined /> },
  { key: 'subscriptions', path: paths.subscriptions, label: 'subscriptionsUi.nav', icon: <SolutionOutlined /> },
  { key: 'users', path: paths.users, label: 'usersUi.nav', icon: <TeamOutlined /> },
  {
    key: 'requests',
    label: 'requestsUi.nav',
    icon: <InboxOutlined />,
    children: [
      {
        key: 'service-requests',
        path: paths.serviceRequests,
        label: 'requestsList.nav',
        icon: <AuditOutlined />,
      },
      {
        key: 'service-request-tasks',
        path: paths.serviceRequestTasks,
        label: 'requestsList.tasks_nav',
        icon: <ScheduleOutlined />,
      },
      { key: 'card-requests', path: paths.cardRequests, label: 'requestsUi.cards.nav', icon: <CreditCardOutlined /> },
      {
        key: 'move-turn-requests',
        path: paths.moveTurnRequests,
        label: 'requestsUi.turn_moves.nav',
        icon: <SwapOutlined />,
      },
    ],
  },
  {
    key: 'settings',
    label: 'nav.settings',
    icon: <SettingOutlined />,
    children: [
      { key: 'admins', path: paths.admins, label: 'admins.nav', icon: <UserSwitchOutlined /> },
      { key: 'logs', path: paths.logs, label: 'nav.logs', icon: <FileSearchOutlined /> },
      { key: 'roles', path: paths.roles, label: 'rolesUi.nav', icon: <SafetyCertificateOutlined /> },
      { key: 'archive', path: paths.archive, label: 'archiveUi.nav', icon: <FolderOpenOutlined /> },
      { key: 'tickets', path: paths.tickets, label: 'ticketsUi.nav', icon: <CustomerServiceOutlined /> },
      { key: 'contacts', path: paths.contacts, label: 'contactsUi.nav', icon: <MailOutlined /> },
      { key: 'terms', path: paths.terms, label: 'termsUi.nav', icon: <FileTextOutlined /> },
      { key: 'recovery-accounts', path: paths.recoveryAccounts, label: 'recoveryReview.nav', icon: <IdcardOutlined /> },
      { key: 'system-settings', path: paths.settings, label: 'settingsUi.nav', icon: <ControlOutlined /> },
    ],
  },
];

/**
 * A customer's sidebar (user type 'user', issue 11): their own area only, never the back office.
 * Their home is the dashboard route, which shows them the member home.
 */
export function memberNavEntries(userId: number): NavEntry[] {
  return [
    { key: 'dashboard', path: paths.dashboard, label: 'nav.dashboard', icon: <DashboardOutlined /> },
    {
      key: 'my-associations',
      path: paths.myAssociations,
      label: 'membersUi.nav.associations',
      icon: <WalletOutlined />,
    },
    { key: 'join', path: paths.openAssociations, label: 'membersUi.nav.join', icon: <PlusCircleOutlined /> },
    { key: 'my-turn-moves', path: paths.myTurnMoves, label: 'membersUi.nav.turn_moves', icon: <RetweetOutlined /> },
    { key: 'my-cards', path: paths.myCards, label: 'membersUi.nav.cards', icon: <CardIcon /> },
    {
      key: 'my-service-requests',
      path: paths.myServiceRequests,
      label: 'requestsList.mine_nav',
      icon: <FileDoneOutlined />,
    },
    { key: 'my-tickets', path: paths.myTickets, label: 'ticketsUi.mine_nav', icon: <CustomerServiceOutlined /> },
    { key: 'my-profile', path: paths.user(userId), label: 'membersUi.nav.profile', icon: <UserOutlined /> },
  ];
}

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/**
 * The entries a user may open: leaves whose route they may not open, and then
 * empty groups, disappear. `accessOf` reads a path's access from the route table.
 */
export function visibleEntries(
  entries: NavEntry[],
  can: (p: Permission) => boolean,
  accessOf: AccessOfPath,
): NavEntry[] {
  const open = (leaf: NavLeaf) => allows(accessOf(leaf.path), can);
  return entries.flatMap<NavEntry>((entry) => {
    if (!isGroup(entry)) return open(entry) ? [entry] : [];
    const children = entry.children.filter(open);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}
