import type { TUser } from '@portal/shared/schemas/auth';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthState } from '../../plugins/auth.js';
import { toUserDto } from './user-dto.js';
import { findUserAccess, findUserById } from './users.repository.js';

/** A user may read themselves; anyone else needs users.view (SPEC §6). */
export async function getUser(db: Database, viewer: AuthState, id: number): Promise<TUser> {
  if (viewer.userId !== id && !viewer.permissions.has('users.view')) throw AppError.forbidden();
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound();
  return toUserDto(row, await findUserAccess(db, id));
}
