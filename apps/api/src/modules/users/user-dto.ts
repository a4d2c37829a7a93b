import type { TUser } from '@portal/shared/schemas/auth';
import type { TUserListRow } from '@portal/shared/schemas/users';
import type { UserRow } from '../../db/schema/users.js';
import type { UserAccess } from './users.repository.js';

function iso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** What the row alone cannot say: whether recovery mode is on (settings; docs/decisions/0005-accounts.md). */
export type UserDtoContext = { recoveryMode?: boolean };

/** The fields every shape of a user shares: the row as the API shows it, never the password hash. */
function userFields(row: UserRow, context: UserDtoContext): Omit<TUserListRow, 'roles'> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    image: row.image,
    photo_url: row.image ? `/api/v1/users/${row.id}/photo` : null,
    birthDate: row.birthDate,
    address: row.address,
    type: row.type === 'admin' ? 'admin' : 'user',
    phoneVerify: row.phoneVerified,
    email_verified: row.emailVerifiedAt !== null,
    active: row.active && row.deletedAt === null,
    removed: row.deletedAt !== null,
    dataRequired: (context.recoveryMode ?? false) && row.type === 'user' && row.dataCompletedAt === null,
    reminder_emails: row.reminderEmails,
    created_at: iso(row.createdAt) ?? '',
  };
}

/** The one shape a user leaves the API in. */
export function toUserDto(row: UserRow, access: UserAccess, context: UserDtoContext = {}): TUser {
  return {
    ...userFields(row, context),
    roles: access.roles,
    direct_permissions: access.direct,
    role_permissions: access.fromRoles,
  };
}

/** A users-list row: the same fields without permissions; roles only for a detailed list. */
export function toUserListRow(row: UserRow, roles?: { id: number; name: string }[]): TUserListRow {
  const fields = userFields(row, {});
  return roles === undefined ? fields : { ...fields, roles };
}
