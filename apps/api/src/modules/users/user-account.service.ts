import type { UserType } from '@portal/shared/enums';
import { holds, isStronger, userPolicy } from '@portal/shared/policy';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TUserDocument } from '@portal/shared/schemas/user-account';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, allow, viewerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { queuePasswordReset } from '../accounts/accounts.service.js';
import { requestDocumentUrl } from '../customer-requests/customer-requests.repository.js';
import { effectivePermissions, findUserAccess, updateUserRow } from './users.repository.js';
import { loadUserDto, lockEditable, prepareStatusChange } from './users.service.js';

/**
 * The staff's calls on one account (SPEC §7, docs/decisions/0022-staff-tools.md): activate or
 * deactivate, restore a deleted account, send a password-reset link, and a member's documents.
 */

async function answerUser(ctx: AppContext, id: number): Promise<TUser> {
  const user = await loadUserDto(ctx.db, id);
  if (!user) throw AppError.notFound();
  return user;
}

/** PUT /user/activate/{id}: the rules of the edit form's status switch (never oneself, never the last administrator). */
export async function setUserActive(ctx: AppContext, id: number, active: boolean): Promise<TUser> {
  await inTransaction(ctx, async (tx) => {
    const target = await lockEditable(tx, id);
    if (target.row.active === active) return;
    await prepareStatusChange(tx, target, active);
    await updateUserRow(tx.db, id, { active });
  });
  return answerUser(ctx, id);
}

/**
 * POST /user/restore/{id}/{type} (admin_users, who alone see deleted accounts): the account comes
 * back as it was, with no session (they were revoked at deletion). Its phone or email may have
 * been taken by a new account meanwhile: then it cannot come back (SPEC §8 "cannot restore user").
 */
export async function restoreUser(ctx: AppContext, id: number, type: UserType): Promise<TUser> {
  const viewer = viewerOf(ctx);
  allow(holds(viewer, 'admin_users'));
  try {
    await inTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.type, type), isNotNull(users.deletedAt)))
        .for('update');
      if (!row) throw AppError.notFound();
      const access = await findUserAccess(tx.db, id);
      allow(!isStronger(viewer, id, effectivePermissions(access)), 'users.errors.stronger_target');
      await tx.db.execute(sql`update users set deleted_at = null, updated_at = now() where id = ${id}`);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw AppError.conflict('users.errors.cannot_restore');
    throw error;
  }
  return answerUser(ctx, id);
}

/**
 * POST /user/reset/{id} (users.put): emails the user a link to set a new password, as "forgot
 * password" does; the current password keeps working until the link is used.
 */
export async function sendResetLink(ctx: AppContext, id: number): Promise<void> {
  allow(userPolicy.edit(viewerOf(ctx), id) && holds(viewerOf(ctx), 'users.put'));
  await inTransaction(ctx, async (tx) => {
    const { row } = await lockEditable(tx, id);
    if (!row.active) throw AppError.conflict('users.errors.reset_inactive');
    if (!row.email) throw AppError.conflict('users.errors.reset_no_email');
    await queuePasswordReset(tx, { ...row, email: row.email });
  });
}

/**
 * GET /user/archive/{id}: every document of the member's service requests, newest first; the
 * member themselves or staff who may see requests (show_requests). Each downloads through the
 * request's own authorized route.
 */
export async function userDocuments(ctx: AppContext, id: number): Promise<TUserDocument[]> {
  const viewer = viewerOf(ctx);
  allow(viewer.id === id || holds(viewer, 'show_requests'));
  const rows = rowsOf<{
    id: number;
    request_id: number;
    request_code: string;
    content_type: string;
    title: string;
    size: number;
    mime: string;
    created_at: string | Date;
  }>(
    await ctx.db.execute(sql`
      select f.id, f.request_id, c.code as request_code, f.content_type, f.title, f.size, f.mime, f.created_at
      from customer_request_files f
      join customer_requests c on c.id = f.request_id
      where c.created_by = ${id}
      order by f.created_at desc, f.id desc
      limit 500`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    request_id: Number(r.request_id),
    request_code: r.request_code,
    content_type: r.content_type,
    title: r.title,
    size: Number(r.size),
    mime: r.mime,
    url: requestDocumentUrl(Number(r.request_id), Number(r.id)),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
