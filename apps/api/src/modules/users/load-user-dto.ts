import type { TUser } from '@portal/shared/schemas/auth';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { Tx } from '../../db/transaction.js';
import { isRecoveryMode } from '../settings/settings.service.js';
import { toUserDto } from './user-dto.js';
import { findUserAccess } from './users.repository.js';

/**
 * The user as every route returns it: roles, permissions and `dataRequired`
 * (recovery mode is on and the customer's data is incomplete), computed once here
 * so login, registration and GET /users/:id agree after a reload.
 */
export async function loadUserDto(db: Database | Tx, row: UserRow): Promise<TUser> {
  const [access, recoveryMode] = await Promise.all([findUserAccess(db, row.id), isRecoveryMode(db)]);
  return toUserDto(row, access, { recoveryMode });
}
