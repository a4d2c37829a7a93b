import type { Permission } from '@portal/shared/permissions';
import { AppError } from '../../lib/app-error.js';
import type { AuthState } from '../../plugins/auth.js';

/**
 * Object-level rules of SPEC §6 for acting on one user, in one place:
 * - view: oneself, or users.view;
 * - edit (profile, password, photo): oneself unless holding unedit_users, otherwise users.put;
 * - nobody manages a user who holds a permission they do not hold themselves,
 *   so no one can take over a stronger account (change its password, phone, …).
 */
export function canViewUser(viewer: AuthState, targetId: number): boolean {
  return viewer.userId === targetId || viewer.permissions.has('users.view');
}

export function canEditUser(viewer: AuthState, targetId: number): boolean {
  if (viewer.permissions.has('users.put')) return true;
  return viewer.userId === targetId && !viewer.permissions.has('unedit_users');
}

export function assertCanEditUser(viewer: AuthState, targetId: number): void {
  if (!canEditUser(viewer, targetId)) throw AppError.forbidden();
}

/** The target's permissions must all be the viewer's too (oneself always passes). */
export function assertNotStronger(viewer: AuthState, targetId: number, targetPermissions: Iterable<Permission>): void {
  if (viewer.userId === targetId) return;
  for (const permission of targetPermissions) {
    if (!viewer.permissions.has(permission)) throw new AppError(403, 'users.errors.stronger_target');
  }
}
