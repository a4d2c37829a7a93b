import type { TUser } from '@portal/shared/schemas/auth';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TPasswordChangeRequest,
  TUserCreateRequest,
  TUserListRequest,
  TUserListRow,
  TUserUpdateRequest,
} from '@portal/shared/schemas/users';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { type ActorContext, inTransaction, type Tx } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow, toListPage } from '../../lib/pagination.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { checkImage, IMAGE_CONTENT_TYPES, storedKind, type UploadStore } from '../../lib/uploads.js';
import type { AuthState } from '../../plugins/auth.js';
import { loadUserDto } from './load-user-dto.js';
import { toUserDto, toUserListRow } from './user-dto.js';
import { assertCanEditUser, assertNotStronger, canViewUser } from './users.access.js';
import {
  ADMIN_ROLE,
  countOtherAdministrators,
  effectivePermissions,
  findUserAccess,
  findUserById,
  insertUser,
  listUsers as listUserRows,
  lockAdminRole,
  revokeUserSessions,
  rolesOfUsers,
  softDeleteUserRow,
  type UserAccess,
  type UserChanges,
  updateUserRow,
} from './users.repository.js';

/** A user may read themselves; anyone else needs users.view (SPEC §6). */
export async function getUser(db: Database, viewer: AuthState, id: number): Promise<TUser> {
  if (!canViewUser(viewer, id)) throw AppError.forbidden();
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound();
  return loadUserDto(db, row);
}

/** POST /users: users.index; removed users only for admin_users holders. */
export async function listUsers(
  db: Database,
  viewer: AuthState,
  query: TUserListRequest,
): Promise<TListPage<TUserListRow>> {
  let window = pageWindow(query.page, query.perPage);
  if (query.offset !== undefined) {
    window = { ...window, offset: query.offset, page: Math.floor(query.offset / window.limit) + 1 };
  }
  const { rows, total } = await listUserRows(db, query, window, {
    includeRemoved: viewer.permissions.has('admin_users'),
  });
  const roles = query.detailed
    ? await rolesOfUsers(
        db,
        rows.map((r) => r.id),
      )
    : undefined;
  const data = rows.map((row) => toUserListRow(row, roles ? (roles.get(row.id) ?? []) : undefined));
  return toListPage(data, total, window);
}

/** Unique phone / email → 409 with the field named, instead of a 500. */
async function mapUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    const field: FieldError = constraint.includes('email')
      ? { field: 'email', key: 'users.errors.email_taken' }
      : { field: 'phone', key: 'users.errors.phone_taken' };
    throw AppError.conflict(field.key, [field]);
  }
}

export async function createUser(db: Database, input: TUserCreateRequest, actor: ActorContext): Promise<TUser> {
  const passwordHash = await hashPassword(input.password);
  const row = await mapUniqueViolation(() =>
    inTransaction(db, actor, (tx) =>
      insertUser(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        birthDate: input.birthdate ?? null,
        address: input.address ?? null,
        type: input.type,
      }),
    ),
  );
  return toUserDto(row, { roles: [], direct: [], fromRoles: [] });
}

export type EditableUser = { row: UserRow; access: UserAccess };

/** The target as it is now, for a change: 403 before 404 so ids reveal nothing to the unauthorized. */
export async function loadEditable(db: Database, viewer: AuthState, id: number): Promise<EditableUser> {
  assertCanEditUser(viewer, id);
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound();
  const access = await findUserAccess(db, id);
  assertNotStronger(viewer, id, effectivePermissions(access));
  return { row, access };
}

function holdsAdminRole(access: { roles: { name: string }[] }): boolean {
  return access.roles.some((r) => r.name === ADMIN_ROLE);
}

/** Inside the change's transaction: refuses when it would leave no administrator able to log in. */
export async function assertAnotherAdministrator(tx: Tx, userId: number): Promise<void> {
  await lockAdminRole(tx);
  if ((await countOtherAdministrators(tx, userId)) === 0) throw AppError.conflict('users.errors.last_admin');
}

export async function updateUser(
  db: Database,
  viewer: AuthState,
  id: number,
  input: TUserUpdateRequest,
  actor: ActorContext,
): Promise<TUser> {
  const { row, access } = await loadEditable(db, viewer, id);
  const changes: UserChanges = { name: input.name, email: input.email, phone: input.phone };
  if (input.birthdate !== undefined) changes.birthDate = input.birthdate;
  if (input.address !== undefined) changes.address = input.address;
  // A changed contact is no longer a verified one.
  if (input.email !== (row.email ?? '').toLowerCase()) changes.emailVerifiedAt = null;
  if (input.phone !== row.phone) changes.phoneVerified = false;
  const statusChange = input.active !== undefined && input.active !== row.active;
  if (statusChange) {
    if (viewer.userId === id) throw AppError.conflict('users.errors.self_status');
    if (!viewer.permissions.has('users.put')) throw AppError.forbidden();
    changes.active = input.active;
  }
  const updated = await mapUniqueViolation(() =>
    inTransaction(db, actor, async (tx) => {
      if (statusChange && input.active === false) {
        if (holdsAdminRole(access)) await assertAnotherAdministrator(tx, id);
        await revokeUserSessions(tx, id);
      }
      return updateUserRow(tx, id, changes);
    }),
  );
  return toUserDto(updated, access);
}

/** Soft delete: deleted_at set, sessions revoked, history kept; never oneself nor the last administrator. */
export async function deleteUser(db: Database, viewer: AuthState, id: number, actor: ActorContext): Promise<void> {
  if (viewer.userId === id) throw AppError.conflict('users.errors.self_delete');
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound();
  const access = await findUserAccess(db, id);
  assertNotStronger(viewer, id, effectivePermissions(access));
  await inTransaction(db, actor, async (tx) => {
    if (holdsAdminRole(access) && row.active) await assertAnotherAdministrator(tx, id);
    await softDeleteUserRow(tx, id);
    await revokeUserSessions(tx, id);
  });
}

/**
 * POST /me/password: one's own password needs the current one and keeps the
 * current session (the others are revoked); another user's needs users.put and
 * revokes all of theirs.
 */
export async function changePassword(
  db: Database,
  viewer: AuthState,
  targetId: number | undefined,
  input: TPasswordChangeRequest,
  actor: ActorContext,
): Promise<void> {
  const id = targetId ?? viewer.userId;
  const { row } = await loadEditable(db, viewer, id);
  const self = id === viewer.userId;
  if (self) {
    if (!input.old_password) {
      throw new AppError(422, 'errors.validation', {}, [
        { field: 'old_password', key: 'users.validation.old_password_required' },
      ]);
    }
    if (!(await verifyPassword(row.passwordHash, input.old_password))) {
      throw new AppError(422, 'errors.validation', {}, [
        { field: 'old_password', key: 'users.errors.old_password_wrong' },
      ]);
    }
  }
  const passwordHash = await hashPassword(input.new_password);
  await inTransaction(db, actor, async (tx) => {
    await updateUserRow(tx, id, { passwordHash });
    await revokeUserSessions(tx, id, self ? viewer.sessionId : undefined);
  });
}

export type UploadedFile = { filename: string; bytes: Buffer };

/** Replaces the profile photo; the old file is removed once the new one is recorded. */
export async function setUserPhoto(
  db: Database,
  store: UploadStore,
  target: EditableUser,
  file: UploadedFile,
  actor: ActorContext,
): Promise<TUser> {
  const { row, access } = target;
  const id = row.id;
  const kind = checkImage(file.filename, file.bytes);
  if (!kind) throw new AppError(422, 'errors.validation', {}, [{ field: 'image', key: 'users.errors.photo_type' }]);
  const name = await store.save(file.bytes, kind);
  let updated: UserRow;
  try {
    updated = await inTransaction(db, actor, (tx) => updateUserRow(tx, id, { image: name }));
  } catch (error) {
    await store.remove(name);
    throw error;
  }
  if (row.image && row.image !== name) await store.remove(row.image);
  return toUserDto(updated, access);
}

/** The photo bytes for whoever may see the user: themselves, users.view or users.index. */
export async function readUserPhoto(db: Database, store: UploadStore, viewer: AuthState, id: number) {
  if (!canViewUser(viewer, id) && !viewer.permissions.has('users.index')) throw AppError.forbidden();
  const row = await findUserById(db, id);
  const bytes = row?.image ? await store.read(row.image) : undefined;
  if (!row?.image || !bytes) throw AppError.notFound();
  return { bytes, contentType: IMAGE_CONTENT_TYPES[storedKind(row.image)] };
}
