import type { Permission } from '@portal/shared/permissions';
import { paths } from '../../config/paths';

type Viewer = { id: number; can: (permission: Permission) => boolean };

/**
 * SPEC §6, as the server applies it (users.access.ts): a user may edit themselves
 * (profile, password, photo) unless they hold unedit_users; anyone else needs users.put.
 */
export function canEditUser(viewer: Viewer, targetId: number): boolean {
  if (viewer.can('users.put')) return true;
  return viewer.id === targetId && !viewer.can('unedit_users');
}

/** Oneself, or users.view. */
export function canViewUser(viewer: Viewer, targetId: number): boolean {
  return viewer.id === targetId || viewer.can('users.view');
}

/** The edit screen of a user: administrators have their own route (SPEC §2). */
export function editPathOf(user: { id: number; type: 'user' | 'admin' }): string {
  return user.type === 'admin' ? paths.adminEdit(user.id) : paths.userEdit(user.id);
}
