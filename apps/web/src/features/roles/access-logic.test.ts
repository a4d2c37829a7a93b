import type { Permission } from '@portal/shared/permissions';
import { describe, expect, it } from 'vitest';
import { directPermissionsToSend, effectivePermissions, permissionsFromRoles } from './access-logic';

const details = new Map<number, readonly Permission[]>([
  [1, ['users.index', 'users.view']],
  [2, ['logs.index', 'users.view']],
]);

describe('role and direct permissions', () => {
  it('collects the permissions of the chosen roles only', () => {
    expect([...permissionsFromRoles([2], details)].sort()).toEqual(['logs.index', 'users.view']);
    expect([...permissionsFromRoles([1, 2], details)].sort()).toEqual(['logs.index', 'users.index', 'users.view']);
    expect(permissionsFromRoles([], details).size).toBe(0);
  });

  it('sends only what the roles do not already give, in catalogue order', () => {
    const fromRoles = permissionsFromRoles([1], details);
    expect(directPermissionsToSend(['roles.index', 'users.view', 'logs.index', 'users.index'], fromRoles)).toEqual([
      'roles.index',
      'logs.index',
    ]);
    expect(directPermissionsToSend(['users.index'], fromRoles)).toEqual([]);
  });

  it('shows roles and direct permissions together once each', () => {
    const fromRoles = permissionsFromRoles([1], details);
    expect(effectivePermissions(['logs.index', 'users.index'], fromRoles)).toEqual([
      'users.index',
      'users.view',
      'logs.index',
    ]);
  });
});
