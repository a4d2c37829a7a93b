export const USER_TYPES = ['user', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLE_NAMES = ['admin', 'manager', 'editor', 'user', 'visitor'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Audit actions written by the auth flow; every audit code is in audit-actions.ts. */
export { AUTH_ACTIONS } from './audit-actions.js';
