import { isStronger, userPolicy } from '@portal/shared/policy';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TPasswordChangeRequest,
  TUserCreateRequest,
  TUserListRequest,
  TUserListRow,
  TUserUpdateRequest,
} from '@portal/shared/schemas/users';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { inTransaction, type Reader, type Tx } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { type AppContext, accessChanged, allow, callerOf, type TxContext, viewerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow } from '../../lib/list.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { FileStorage, StoredFile } from '../../lib/storage.js';
import { grantRole } from '../accounts/accounts.repository.js';
import { recoveryModeOf } from '../settings/settings.service.js';
import { toUserDto, toUserListRow } from './user-dto.js';
import {
  ADMIN_ROLE,
  countOtherAdministrators,
  effectivePermissions,
  findUserAccess,
  findUserWithAccess,
  insertUser,
  listUsers as listUserRows,
  lockAdminRole,
  lockUser,
  revokeUserSessions,
  rolesOfUsers,
  softDeleteUserRow,
  type UserAccess,
  type UserChanges,
  updateUserRow,
} from './users.repository.js';

/** The user as every route returns it (roles, permissions, dataRequired), in one query; undefined when gone. */
export async function loadUserDto(db: Reader, id: number): Promise<TUser | undefined> {
  const found = await findUserWithAccess(db, id);
  return found && toUserDto(found.row, found.access, { recoveryMode: recoveryModeOf(found.recoveryMode) });
}

/** A user may read themselves; anyone else needs users.view (SPEC §6). */
export async function getUser(ctx: AppContext, id: number): Promise<TUser> {
  allow(userPolicy.view(viewerOf(ctx), id));
  const user = await loadUserDto(ctx.db, id);
  if (!user) throw AppError.notFound();
  return user;
}

/** POST /users: users.index; removed users only for admin_users holders. */
export async function listUsers(ctx: AppContext, query: TUserListRequest): Promise<TListPage<TUserListRow>> {
  const window = pageWindow(query.page, query.perPage, query.offset);
  const page = await listUserRows(ctx.db, query, window, {
    includeRemoved: callerOf(ctx).permissions.has('admin_users'),
  });
  const roles = query.detailed
    ? await rolesOfUsers(
        ctx.db,
        page.data.map((r) => r.id),
      )
    : undefined;
  return { ...page, data: page.data.map((row) => toUserListRow(row, roles ? (roles.get(row.id) ?? []) : undefined)) };
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

/**
 * A customer made by staff is the same kind of account as one who registered: type user with
 * the customer role (docs/decisions/0003); an administrator starts with no role.
 */
export async function createUser(ctx: AppContext, input: TUserCreateRequest): Promise<TUser> {
  const passwordHash = await hashPassword(input.password);
  const id = await mapUniqueViolation(() =>
    inTransaction(ctx, async (tx) => {
      const row = await insertUser(tx.db, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        birthDate: input.birthdate ?? null,
        address: input.address ?? null,
        type: input.type,
      });
      if (input.type === 'user') await grantRole(tx.db, row.id, CUSTOMER_ROLE);
      return row.id;
    }),
  );
  const user = await loadUserDto(ctx.db, id);
  if (!user) throw AppError.notFound();
  return user;
}

/** The seeded role every customer holds. */
const CUSTOMER_ROLE = 'user';

export type EditableUser = { row: UserRow; access: UserAccess };

/**
 * Inside the change's transaction: the target locked as it is now, after the
 * caller's rights (403 before 404, so ids reveal nothing to the unauthorized)
 * and the "no stronger target" rule. A target deleted meanwhile is a 404.
 */
export async function lockEditable(tx: TxContext, id: number): Promise<EditableUser> {
  const viewer = viewerOf(tx);
  allow(userPolicy.edit(viewer, id));
  const row = await lockUser(tx.db, id);
  if (!row) throw AppError.notFound();
  const access = await findUserAccess(tx.db, id);
  allow(!isStronger(viewer, id, effectivePermissions(access)), 'users.errors.stronger_target');
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

/**
 * Inside the change's transaction, before `active` changes: never one's own account, users.put,
 * never the last administrator; deactivating ends the account's sessions at once.
 */
export async function prepareStatusChange(tx: TxContext, target: EditableUser, active: boolean): Promise<void> {
  const viewer = viewerOf(tx);
  if (viewer.id === target.row.id) throw AppError.conflict('users.errors.self_status');
  allow(userPolicy.changeStatus(viewer, target.row.id));
  if (!active) {
    if (holdsAdminRole(target.access)) await assertAnotherAdministrator(tx.db, target.row.id);
    await revokeUserSessions(tx.db, target.row.id);
    accessChanged(tx);
  }
}

export async function updateUser(ctx: AppContext, id: number, input: TUserUpdateRequest): Promise<TUser> {
  const updated = await mapUniqueViolation(() =>
    inTransaction(ctx, async (tx) => {
      const { row, access } = await lockEditable(tx, id);
      const changes: UserChanges = { name: input.name, email: input.email, phone: input.phone };
      if (input.birthdate !== undefined) changes.birthDate = input.birthdate;
      if (input.address !== undefined) changes.address = input.address;
      if (input.reminder_emails !== undefined) changes.reminderEmails = input.reminder_emails;
      // A changed contact is no longer a verified one.
      if (input.email !== (row.email ?? '').toLowerCase()) changes.emailVerifiedAt = null;
      if (input.phone !== row.phone) changes.phoneVerified = false;
      if (input.active !== undefined && input.active !== row.active) {
        await prepareStatusChange(tx, { row, access }, input.active);
        changes.active = input.active;
      }
      return { row: await updateUserRow(tx.db, id, changes), access };
    }),
  );
  return toUserDto(updated.row, updated.access);
}

/** Soft delete: deleted_at set, sessions revoked, history kept; never oneself nor the last administrator. */
export async function deleteUser(ctx: AppContext, id: number): Promise<void> {
  const viewer = viewerOf(ctx);
  if (viewer.id === id) throw AppError.conflict('users.errors.self_delete');
  await inTransaction(ctx, async (tx) => {
    const row = await lockUser(tx.db, id);
    if (!row) throw AppError.notFound();
    const access = await findUserAccess(tx.db, id);
    allow(!isStronger(viewer, id, effectivePermissions(access)), 'users.errors.stronger_target');
    if (holdsAdminRole(access) && row.active) await assertAnotherAdministrator(tx.db, id);
    await assertNoActiveSubscription(tx, id);
    await softDeleteUserRow(tx.db, id);
    await revokeUserSessions(tx.db, id);
    accessChanged(tx);
  });
}

/**
 * POST /me/password: one's own password needs the current one and keeps the
 * current session (the others are revoked); another user's needs users.put and
 * revokes all of theirs. Wrong current passwords are throttled like logins
 * (`oldPasswordGuard`), so a stolen token cannot guess its way to a takeover.
 */
export async function changePassword(
  ctx: AppContext,
  targetId: number | undefined,
  input: TPasswordChangeRequest,
  oldPasswordGuard: OldPasswordGuard,
): Promise<void> {
  const caller = callerOf(ctx);
  const id = targetId ?? caller.userId;
  const self = id === caller.userId;
  allow(userPolicy.edit(viewerOf(ctx), id));
  if (self) {
    if (!input.old_password) {
      throw AppError.validation([{ field: 'old_password', key: 'users.validation.old_password_required' }]);
    }
    await oldPasswordGuard.check(caller.userId);
    const current = await findUserWithAccess(ctx.db, id);
    if (!current || !(await verifyPassword(current.row.passwordHash, input.old_password))) {
      await oldPasswordGuard.failed(caller.userId);
      throw AppError.validation([{ field: 'old_password', key: 'users.errors.old_password_wrong' }]);
    }
  }
  const passwordHash = await hashPassword(input.new_password);
  await inTransaction(ctx, async (tx) => {
    await lockEditable(tx, id);
    await updateUserRow(tx.db, id, { passwordHash });
    await revokeUserSessions(tx.db, id, self ? caller.sessionId : undefined);
    accessChanged(tx);
  });
}

/** Throttles wrong current passwords per user (routes build it on the rate-limit plugin). */
export type OldPasswordGuard = { check(userId: number): Promise<void>; failed(userId: number): Promise<void> };

/**
 * Replaces the profile photo: the new file is stored first, then the row is
 * changed with the user locked, and the old file is removed after the commit.
 * Whatever fails, no file is left that no row names, and concurrent uploads
 * leave exactly one photo.
 */
export async function setUserPhoto(
  ctx: AppContext,
  storage: FileStorage,
  id: number,
  file: StoredFile,
): Promise<TUser> {
  try {
    const updated = await inTransaction(ctx, async (tx) => {
      const { row, access } = await lockEditable(tx, id);
      const saved = await updateUserRow(tx.db, id, { image: file.key });
      if (row.image && row.image !== file.key) {
        const old = row.image;
        tx.afterCommit(() => storage.delete(old));
      }
      return { row: saved, access };
    });
    return toUserDto(updated.row, updated.access);
  } catch (error) {
    await storage.delete(file.key);
    throw error;
  }
}

/** The photo for whoever may see the user: themselves, users.view or users.index. */
export async function readUserPhoto(ctx: AppContext, storage: FileStorage, id: number) {
  allow(userPolicy.viewPhoto(viewerOf(ctx), id));
  const found = await findUserWithAccess(ctx.db, id);
  const image = found?.row.image;
  const stored = image ? await storage.get(image) : undefined;
  if (!stored) throw AppError.notFound();
  return stored;
}

/**
 * A member who still holds a subscription is not deleted (issue 20 §3): the payout and the
 * installments need a person. The answer names the subscriptions; a withdrawal comes first. The
 * user row is locked, and a subscribe or a replacement holds it FOR KEY SHARE, so neither slips in.
 */
async function assertNoActiveSubscription(tx: TxContext, userId: number): Promise<void> {
  const held = rowsOf<{ title: string; day_number: number }>(
    await tx.db.execute(sql`select a.title, s.day_number from subscriptions s join associations a on a.id = s.association_id
      where s.user_id = ${userId} and s.status = 'active' order by s.id limit 10`),
  );
  if (held.length === 0) return;
  const named = held.map((h) => `${h.title} (${Number(h.day_number)})`).join('، ');
  throw new AppError(409, 'ledger.errors.member_has_subscriptions', { subscriptions: named });
}
