import type { Permission } from './permissions.js';

/**
 * Object-level access rules (SPEC §6, DESIGN §6), in one place for both sides:
 * the server enforces them (apps/api/src/lib/access.ts turns a `false` into a
 * 403) and the web app reads the same functions to show or hide an action.
 * A route's own permission is declared on the route; these decide "may this
 * caller do this to this record".
 */
export type Viewer = { id: number; permissions: ReadonlySet<Permission> };

export function holds(viewer: Viewer, permission: Permission): boolean {
  return viewer.permissions.has(permission);
}

/** The record is the viewer's own, or the viewer holds the permission. */
export function selfOr(viewer: Viewer, ownerId: number, permission: Permission): boolean {
  return viewer.id === ownerId || holds(viewer, permission);
}

/** The viewer created the record, or holds the permission (service requests: edit_requests). */
export function creatorOr(viewer: Viewer, createdBy: number | null, permission: Permission): boolean {
  return (createdBy !== null && viewer.id === createdBy) || holds(viewer, permission);
}

/** The record is assigned to the viewer (a request moved to them), or the viewer holds the permission. */
export function assigneeOr(viewer: Viewer, assignedTo: number | null, permission: Permission): boolean {
  return (assignedTo !== null && viewer.id === assignedTo) || holds(viewer, permission);
}

/**
 * The target holds something the viewer does not: nobody manages (edits, deletes,
 * resets the password of, changes the roles of) a stronger account. Oneself never is.
 */
export function isStronger(viewer: Viewer, targetId: number, targetPermissions: Iterable<Permission>): boolean {
  if (viewer.id === targetId) return false;
  for (const permission of targetPermissions) if (!holds(viewer, permission)) return true;
  return false;
}

/** Nobody grants what they do not hold themselves; the first permission the viewer lacks, if any. */
export function firstNotHeld(viewer: Viewer, granted: Iterable<Permission>): Permission | undefined {
  for (const permission of granted) if (!holds(viewer, permission)) return permission;
  return undefined;
}

export const userPolicy = {
  /** Profile: oneself, or users.view. */
  view: (viewer: Viewer, targetId: number) => selfOr(viewer, targetId, 'users.view'),
  /** Photo: whoever may see the user, or list users (the list shows photos). */
  viewPhoto: (viewer: Viewer, targetId: number) =>
    selfOr(viewer, targetId, 'users.view') || holds(viewer, 'users.index'),
  /** Profile, password, photo: users.put, or oneself unless unedit_users blocks self-edit. */
  edit: (viewer: Viewer, targetId: number) =>
    holds(viewer, 'users.put') || (viewer.id === targetId && !holds(viewer, 'unedit_users')),
  /** Active/inactive: users.put, never oneself (one cannot lock oneself out). */
  changeStatus: (viewer: Viewer, targetId: number) => holds(viewer, 'users.put') && viewer.id !== targetId,
  /** Soft delete: users.delete, never oneself. */
  delete: (viewer: Viewer, targetId: number) => holds(viewer, 'users.delete') && viewer.id !== targetId,
  /** Roles and direct permissions: roles.assign, never one's own. */
  assignAccess: (viewer: Viewer, targetId: number) => holds(viewer, 'roles.assign') && viewer.id !== targetId,
  /** A user's roles and permissions: oneself, or roles.index. */
  viewAccess: (viewer: Viewer, targetId: number) => selfOr(viewer, targetId, 'roles.index'),
} as const;
