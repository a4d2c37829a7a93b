import type { TUser } from '@portal/shared/schemas/auth';

/** A user as the API returns it; tests override only what they are about. */
export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 1,
    name: 'مدير النظام',
    email: 'admin@example.com',
    phone: '01000000000',
    image: null,
    photo_url: null,
    birthDate: null,
    address: null,
    type: 'admin',
    phoneVerify: true,
    email_verified: true,
    active: true,
    removed: false,
    created_at: '2026-01-01T00:00:00.000Z',
    roles: [],
    direct_permissions: [],
    role_permissions: [],
    dataRequired: false,
    reminder_emails: true,
    ...overrides,
  };
}
