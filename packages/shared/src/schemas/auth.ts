import { z } from 'zod';
import { USER_TYPES } from '../enums.js';
import { PERMISSIONS, type Permission } from '../permissions.js';
import { passwordInput, phoneField } from './fields.js';

/** POST /login (SPEC §5 login rules). */
export const ZLoginRequestSchema = z.object({
  phone: phoneField,
  password: passwordInput,
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

const permissionName = z.enum(PERMISSIONS as [Permission, ...Permission[]]);

export const ZRoleSummary = z.object({ id: z.number().int(), name: z.string() });

/** The user as the API returns it (never a password hash). */
export const ZUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  image: z.string().nullable(),
  photo_url: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  type: z.enum(USER_TYPES),
  phoneVerify: z.boolean(),
  email_verified: z.boolean(),
  active: z.boolean(),
  removed: z.boolean(),
  /** Recovery mode is on and this customer has not completed their recovery data: the client sends them to /recovery. */
  dataRequired: z.boolean(),
  /** Installment reminders also come by e-mail (the bell always has them); the user turns it off in their profile. */
  reminder_emails: z.boolean(),
  created_at: z.string(),
  roles: z.array(ZRoleSummary),
  direct_permissions: z.array(permissionName),
  role_permissions: z.array(permissionName),
});
export type TUser = z.infer<typeof ZUserSchema>;

export const ZLoginResponseData = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  user: ZUserSchema,
});
export type TLoginResponseData = z.infer<typeof ZLoginResponseData>;
