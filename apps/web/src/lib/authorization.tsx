import type { Permission } from '@portal/shared/permissions';
import type { ReactNode } from 'react';
import { useSession } from './session';

/** Whether the signed-in user holds a permission (from a role or directly). */
export function useCan(): (permission: Permission) => boolean {
  const { permissions } = useSession();
  return (permission) => permissions.has(permission);
}

/** Renders its children only for users holding the permission; the server checks again. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan()(permission) ? children : null;
}
