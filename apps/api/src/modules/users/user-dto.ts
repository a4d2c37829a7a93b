import type { TUser } from '@portal/shared/schemas/auth';
import type { UserRow } from '../../db/schema/users.js';
import type { UserAccess } from './users.repository.js';

function iso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The one shape a user leaves the API in; never the password hash. */
export function toUserDto(row: UserRow, access: UserAccess): TUser {
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
    created_at: iso(row.createdAt) ?? '',
    roles: access.roles,
    direct_permissions: access.direct,
    role_permissions: access.fromRoles,
  };
}
