import { paths } from '../../config/paths';

/**
 * Who may view, edit, delete or change the access of a user is decided by
 * `userPolicy` (packages/shared/src/policy.ts), the rules the server enforces;
 * screens read it with the viewer of lib/authorization.tsx (`useViewer()`).
 */

/** The edit screen of a user: administrators have their own route (SPEC §2). */
export function editPathOf(user: { id: number; type: 'user' | 'admin' }): string {
  return user.type === 'admin' ? paths.adminEdit(user.id) : paths.userEdit(user.id);
}
