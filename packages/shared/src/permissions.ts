import type { RoleName } from './enums.js';

/**
 * The permission catalogue of SPEC §6, grouped as role management shows it.
 * The server seeds it, guards routes with it and the web app hides what it denies.
 */
export const PERMISSION_GROUPS = {
  users: ['users.index', 'users.put', 'users.delete', 'users.view', 'admin_users', 'unedit_users'],
  roles: ['roles.index', 'roles.put', 'roles.delete', 'roles.assign', 'admin_roles'],
  logs: ['logs.index', 'logs.view', 'admin_logs'],
  associations: [
    'associations.index',
    // The write side the spec's catalogue lacks (docs/decisions/0017-associations.md).
    'associations.put',
    'associations.delete',
    'subscriptions.index',
    'subscriptions.put',
    'payments.index',
    'payments.put',
    // Reversing a receipt or a payout (issue 20, docs/decisions/0029): admin and manager.
    'payments.reverse',
    'card_requests.index',
    // Deciding a card request (issued / rejected); the catalogue only lists reading them (0018).
    'card_requests.put',
    'association_move_turn.index',
    'association_move_turn.put',
    'association_move_turn.delete',
  ],
  approvals: ['finance_approval', 'reservation_approval', 'manager_approval'],
  requests: [
    'admin_requests',
    'show_requests',
    'access_requests',
    'edit_requests',
    'cancel_requests',
    'review_requests',
    'move_requests',
    'accept_requests',
    'setpaid_requests',
    'setready_requests',
    'setdelivered_requests',
    'reject_requests',
  ],
  // The back-office tools the catalogue names only as calls (SPEC §7): help desk, contact
  // messages, the archive manager and the terms text (docs/decisions/0022-staff-tools.md).
  administration: [
    'tickets.index',
    'tickets.put',
    'contacts.index',
    'contacts.put',
    'archive.index',
    'archive.put',
    'archive.delete',
    'terms.put',
  ],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

export function permissionGroupOf(permission: Permission): PermissionGroup {
  for (const [group, names] of Object.entries(PERMISSION_GROUPS)) {
    if ((names as readonly string[]).includes(permission)) return group as PermissionGroup;
  }
  throw new Error(`unknown permission ${permission}`);
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

const ROLE_MANAGEMENT: readonly Permission[] = PERMISSION_GROUPS.roles;
const READ_ONLY: readonly Permission[] = PERMISSIONS.filter(
  (p) => p.endsWith('.index') || p.endsWith('.view') || p === 'show_requests',
);

/**
 * What each seeded role holds (docs/decisions/0003-roles.md says why).
 * `user` is the customer role: customers act on their own records through
 * ownership rules, so the role grants no back-office permission.
 */
export const ROLE_PERMISSIONS = {
  admin: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => !ROLE_MANAGEMENT.includes(p)),
  editor: [
    ...READ_ONLY.filter((p) => !ROLE_MANAGEMENT.includes(p)),
    'association_move_turn.put',
    'card_requests.put',
    'access_requests',
    'edit_requests',
    'review_requests',
    'move_requests',
    'tickets.put',
    'contacts.put',
    'archive.put',
  ],
  user: [],
  visitor: READ_ONLY.filter((p) => !ROLE_MANAGEMENT.includes(p)),
} as const satisfies Record<RoleName, readonly Permission[]>;
