import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from './enums.js';
import {
  isPermission,
  PERMISSION_GROUPS,
  PERMISSIONS,
  type Permission,
  permissionGroupOf,
  ROLE_PERMISSIONS,
} from './permissions.js';

/** The permission names of SPEC §6, written out by hand. */
const SPEC_PERMISSIONS = [
  'users.index',
  'users.put',
  'users.delete',
  'users.view',
  'roles.index',
  'roles.put',
  'roles.delete',
  'roles.assign',
  'logs.index',
  'logs.view',
  'association_move_turn.index',
  'association_move_turn.put',
  'association_move_turn.delete',
  'card_requests.index',
  'associations.index',
  'subscriptions.index',
  'payments.index',
  'admin_roles',
  'admin_logs',
  'admin_users',
  'unedit_users',
  'finance_approval',
  'reservation_approval',
  'manager_approval',
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
];

/** What the project adds to SPEC §6's catalogue, each with a recorded reason (docs/decisions/0017, 0018, 0022). */
const ADDED_PERMISSIONS = [
  'associations.put',
  'associations.delete',
  'subscriptions.put',
  'payments.put',
  // Reversing a receipt or a payout (docs/decisions/0029).
  'payments.reverse',
  'card_requests.put',
  // The back-office tools SPEC §1 lists and §7 names only as calls (docs/decisions/0022).
  'tickets.index',
  'tickets.put',
  'contacts.index',
  'contacts.put',
  'archive.index',
  'archive.put',
  'archive.delete',
  'terms.put',
];

/** Permissions that only let someone look (SPEC §6: the visitor is read only). */
const isReadOnly = (p: string) => /\.(index|view)$/.test(p) || p === 'show_requests';

describe('the permission catalogue', () => {
  it('holds every permission of SPEC §6 and the recorded additions exactly once, and nothing else', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect([...PERMISSIONS].sort()).toEqual([...SPEC_PERMISSIONS, ...ADDED_PERMISSIONS].sort());
  });

  it('puts each permission in exactly one group', () => {
    const grouped = Object.values(PERMISSION_GROUPS).flat();
    expect(grouped).toHaveLength(PERMISSIONS.length);
    for (const p of PERMISSIONS) {
      expect(PERMISSION_GROUPS[permissionGroupOf(p)]).toContain(p);
    }
  });

  it('tells permissions from other strings', () => {
    expect(isPermission('logs.index')).toBe(true);
    expect(isPermission('logs.indexx')).toBe(false);
    expect(isPermission('')).toBe(false);
    expect(() => permissionGroupOf('nope' as Permission)).toThrow();
  });
});

describe('ROLE_PERMISSIONS', () => {
  it('describes every seeded role with catalogue permissions, each once', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLE_NAMES].sort());
    for (const granted of Object.values(ROLE_PERMISSIONS) as readonly Permission[][]) {
      expect(new Set(granted).size).toBe(granted.length);
      for (const p of granted) expect(isPermission(p)).toBe(true);
    }
  });

  it('gives admin every permission', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...SPEC_PERMISSIONS, ...ADDED_PERMISSIONS].sort());
  });

  it('gives manager everything but the roles group (the permission pages)', () => {
    const expected = [...SPEC_PERMISSIONS, ...ADDED_PERMISSIONS].filter(
      (p) => !p.startsWith('roles.') && p !== 'admin_roles',
    );
    expect([...ROLE_PERMISSIONS.manager].sort()).toEqual(expected.sort());
  });

  it('gives visitor read-only permissions only, and no role management', () => {
    expect(ROLE_PERMISSIONS.visitor.length).toBeGreaterThan(0);
    for (const p of ROLE_PERMISSIONS.visitor) {
      expect(isReadOnly(p), p).toBe(true);
      expect(permissionGroupOf(p)).not.toBe('roles');
    }
  });

  it('gives editor no role management and no deletions', () => {
    for (const p of ROLE_PERMISSIONS.editor) {
      expect(permissionGroupOf(p)).not.toBe('roles');
      expect(p.endsWith('.delete'), p).toBe(false);
    }
  });

  it('gives the customer role no back-office permission', () => {
    expect(ROLE_PERMISSIONS.user).toEqual([]);
  });
});
