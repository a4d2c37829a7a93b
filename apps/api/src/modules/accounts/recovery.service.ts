import {
  RECOVERY_ACTIVATION_TTL_HOURS,
  type RecoveryStatus,
  type TActivationResult,
  type TRecoveryAccount,
  type TRecoveryListRequest,
  type TRecoveryRequest,
  type TRecoveryState,
} from '@portal/shared/schemas/accounts';
import type { TListPage } from '@portal/shared/schemas/list';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { type RecoveryAccountRow, recoveryAccounts } from '../../db/schema/accounts.js';
import { users } from '../../db/schema/users.js';
import { inTransaction, type Reader } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { listPage, pageWindow } from '../../lib/list.js';
import { enqueueMail } from '../../lib/mail.js';
import { appLink, userLocale } from '../../lib/recipients.js';
import { isQualificationOfLevel, lookupKinds, specificationsOf } from '../lookups/lookups.repository.js';
import { notifyUser } from '../notifications/notifications.repository.js';
import { isRecoveryMode } from '../settings/settings.service.js';
import { actAs, consumeToken, findLiveUser, issueToken, revokeTokens, takenBy } from './accounts.repository.js';

function iso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function toDto(row: RecoveryAccountRow): TRecoveryAccount {
  return {
    id: row.id,
    user_id: row.userId,
    status: row.status as RecoveryStatus,
    ar_name: row.arName,
    en_name: row.enName,
    email: row.email,
    old_email: row.oldEmail,
    mobile: row.mobile,
    national_id: row.nationalId,
    university_degree_id: row.universityId,
    university_name: row.universityName,
    organization_degree_id: row.collegeId,
    organization_name: row.collegeName,
    degree_education_level_id: row.levelId,
    degree_qualification_id: row.qualificationId,
    degree_specification_id: row.specificationId,
    experience: row.experience,
    submitted_at: iso(row.submittedAt) ?? '',
    verified_at: iso(row.verifiedAt),
  };
}

async function recoveryOfUser(db: Reader, userId: number) {
  const [row] = await db.select().from(recoveryAccounts).where(eq(recoveryAccounts.userId, userId));
  return row;
}

/** GET /recovery: the signed-in user's recovery state; old_email is their current email, read-only. */
export async function recoveryState(ctx: AppContext): Promise<TRecoveryState> {
  const db = ctx.db;
  const userId = callerOf(ctx).userId;
  const [user, row, mode] = await Promise.all([
    findLiveUser(db, userId),
    recoveryOfUser(db, userId),
    isRecoveryMode(db),
  ]);
  if (!user) throw AppError.unauthenticated();
  return {
    recovery_mode: mode,
    data_required: mode && user.type === 'user' && user.dataCompletedAt === null,
    old_email: user.email,
    account: row ? toDto(row) : null,
  };
}

/** Checks each chosen lookup against its list: level → qualification (of that level) → specification (if offered). */
async function lookupErrors(db: Reader, input: TRecoveryRequest): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const chosen: [keyof TRecoveryRequest, number | undefined, string][] = [
    ['university_degree_id', input.university_degree_id, 'university'],
    ['organization_degree_id', input.organization_degree_id, 'college'],
    ['degree_education_level_id', input.degree_education_level_id, 'level'],
    ['degree_qualification_id', input.degree_qualification_id, 'qualification'],
    ['degree_specification_id', input.degree_specification_id, 'specification'],
  ];
  const kinds = await lookupKinds(
    db,
    chosen.flatMap(([, id]) => (id === undefined ? [] : [id])),
  );
  for (const [field, id, kind] of chosen) {
    if (id !== undefined && kinds.get(id) !== kind) {
      errors.push({ field, key: 'accounts.validation.option_unavailable' });
    }
  }
  if (errors.length > 0) return errors;
  if (!(await isQualificationOfLevel(db, input.degree_education_level_id, input.degree_qualification_id))) {
    return [{ field: 'degree_qualification_id', key: 'accounts.validation.option_unavailable' }];
  }
  const offered = await specificationsOf(db, input.degree_qualification_id);
  if (offered.length > 0 && input.degree_specification_id === undefined) {
    return [{ field: 'degree_specification_id', key: 'accounts.validation.specification_required' }];
  }
  if (input.degree_specification_id !== undefined && !offered.includes(input.degree_specification_id)) {
    return [{ field: 'degree_specification_id', key: 'accounts.validation.option_unavailable' }];
  }
  return [];
}

function recoveryConflict(fields: FieldError[]): AppError {
  return new AppError(409, fields[0]?.key ?? 'errors.conflict', {}, fields);
}

/**
 * POST /recovery: a customer completes their data while recovery mode is on.
 * A new (or never confirmed) email gets a confirmation link first
 * (pending_activation); otherwise the account waits for staff review
 * (pending_review) and `dataRequired` turns off.
 */
export async function submitRecovery(
  ctx: AppContext,
  input: TRecoveryRequest,
): Promise<{ account: TRecoveryAccount; messageKey: string }> {
  if (!(await isRecoveryMode(ctx.db))) throw new AppError(409, 'accounts.errors.recovery_off');
  const user = await findLiveUser(ctx.db, callerOf(ctx).userId);
  if (!user) throw AppError.unauthenticated();
  if (user.type !== 'user') throw new AppError(403, 'accounts.errors.recovery_customers_only');
  const existing = await recoveryOfUser(ctx.db, user.id);
  if (existing?.status === 'verified') throw new AppError(409, 'accounts.errors.recovery_locked');

  const invalid = await lookupErrors(ctx.db, input);
  if (invalid.length > 0) throw AppError.validation(invalid);

  const taken = await takenBy(ctx.db, { phone: input.mobile, email: input.email }, user.id);
  const [otherNationalId] = await ctx.db
    .select({ id: recoveryAccounts.id })
    .from(recoveryAccounts)
    .where(and(eq(recoveryAccounts.nationalId, input.national_id), ne(recoveryAccounts.userId, user.id)));
  const conflicts: FieldError[] = [];
  if (taken.email) conflicts.push({ field: 'email', key: 'accounts.errors.email_taken' });
  if (taken.phone) conflicts.push({ field: 'mobile', key: 'accounts.errors.mobile_taken' });
  if (otherNationalId) conflicts.push({ field: 'national_id', key: 'accounts.errors.national_id_taken' });
  if (conflicts.length > 0) throw recoveryConflict(conflicts);

  const currentEmail = user.email?.toLowerCase() ?? null;
  const needsConfirmation = input.email !== currentEmail || user.emailVerifiedAt === null;
  const status: RecoveryStatus = needsConfirmation ? 'pending_activation' : 'pending_review';
  const values = {
    userId: user.id,
    status,
    arName: input.ar_name,
    enName: input.en_name,
    email: input.email,
    oldEmail: user.email,
    mobile: input.mobile,
    nationalId: input.national_id,
    universityId: input.university_degree_id ?? null,
    universityName: input.university_name ?? null,
    collegeId: input.organization_degree_id ?? null,
    collegeName: input.organization_name ?? null,
    levelId: input.degree_education_level_id,
    qualificationId: input.degree_qualification_id,
    specificationId: input.degree_specification_id ?? null,
    experience: input.experience ?? null,
    submittedAt: sql`now()`,
    verifiedAt: null,
    verifiedBy: null,
  };
  const row = await inTransaction(
    ctx,
    async (tx) => {
      const [saved] = await tx.db
        .insert(recoveryAccounts)
        .values(values)
        .onConflictDoUpdate({ target: recoveryAccounts.userId, set: values })
        .returning();
      if (!saved) throw new Error('recovery upsert returned nothing');
      await tx.db
        .update(users)
        .set({ dataCompletedAt: needsConfirmation ? null : sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      if (needsConfirmation) {
        const token = await issueToken(tx.db, {
          userId: user.id,
          purpose: 'recovery_activation',
          email: input.email,
          ttlMinutes: RECOVERY_ACTIVATION_TTL_HOURS * 60,
        });
        await enqueueMail(tx, {
          userId: user.id,
          to: input.email,
          locale: userLocale(user),
          kind: 'recovery_activation',
          params: {
            name: input.ar_name && userLocale(user) === 'ar' ? input.ar_name : input.en_name,
            link: appLink(ctx.env, `/recoveryactivation/${token}`),
            hours: RECOVERY_ACTIVATION_TTL_HOURS,
          },
        });
      } else {
        await revokeTokens(tx.db, user.id, ['recovery_activation']);
      }
      return saved;
    },
    { action: 'recovery.submit' },
  ).catch((err: unknown) => {
    if (uniqueViolation(err) === 'recovery_accounts_national_id_key') {
      throw recoveryConflict([{ field: 'national_id', key: 'accounts.errors.national_id_taken' }]);
    }
    throw err;
  });
  return {
    account: toDto(row),
    messageKey: needsConfirmation ? 'accounts.messages.recovery_check_email' : 'accounts.messages.recovery_received',
  };
}

/**
 * POST /recovery/activation/{token}: confirms the email given in the recovery
 * data. The account's email becomes that address (verified), its data is
 * complete, and the recovery account waits for staff review.
 */
export async function activateRecovery(ctx: AppContext, token: string): Promise<TActivationResult> {
  return inTransaction(
    ctx,
    async (tx) => {
      const row = await consumeToken(tx.db, token, 'recovery_activation');
      const user = row ? await findLiveUser(tx.db, row.userId) : undefined;
      const recovery = user ? await recoveryOfUser(tx.db, user.id) : undefined;
      if (!row || !user || recovery?.status !== 'pending_activation' || recovery.email !== row.email) {
        throw new AppError(400, 'accounts.errors.link_invalid');
      }
      await actAs(tx.db, user.id);
      const taken = await takenBy(tx.db, { email: row.email }, user.id);
      if (taken.email)
        throw new AppError(409, 'accounts.errors.email_taken', {}, [
          { field: 'email', key: 'accounts.errors.email_taken' },
        ]);
      const emailChanged = user.email?.toLowerCase() !== row.email;
      await tx.db
        .update(users)
        .set({
          email: row.email,
          emailVerifiedAt: emailChanged ? sql`now()` : sql`coalesce(${users.emailVerifiedAt}, now())`,
          dataCompletedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
      await tx.db
        .update(recoveryAccounts)
        .set({ status: 'pending_review' })
        .where(eq(recoveryAccounts.id, recovery.id));
      // Secrets sent to the old address prove nothing any more.
      await revokeTokens(tx.db, user.id, ['activation', 'recovery_activation', 'password_reset']);
      return { email: row.email, email_verified: true as const };
    },
    { action: 'recovery.activate' },
  ).catch((err: unknown) => {
    if (uniqueViolation(err) === 'users_email_live_key') {
      throw new AppError(409, 'accounts.errors.email_taken', {}, [
        { field: 'email', key: 'accounts.errors.email_taken' },
      ]);
    }
    throw err;
  });
}

/** POST /recovery/accounts (users.index): recovery accounts for review, newest first. */
export async function listRecoveryAccounts(
  ctx: AppContext,
  query: TRecoveryListRequest,
): Promise<TListPage<TRecoveryAccount>> {
  const db = ctx.db;
  const where = query.status ? eq(recoveryAccounts.status, query.status) : undefined;
  return listPage(
    pageWindow(query.page, query.perPage),
    async (limit, offset) =>
      (
        await db
          .select()
          .from(recoveryAccounts)
          .where(where)
          .orderBy(desc(recoveryAccounts.id))
          .limit(limit)
          .offset(offset)
      ).map(toDto),
    async () => {
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(recoveryAccounts).where(where);
      return { total: count?.n ?? 0, atLeast: false };
    },
  );
}

/**
 * POST /recovery/verify (users.put): staff approve a recovery account waiting
 * for review. The recovery mobile becomes the login phone, the phone counts as
 * verified, and the customer is emailed the outcome.
 */
export async function verifyRecovery(ctx: AppContext, id: number): Promise<TRecoveryAccount> {
  const staffId = callerOf(ctx).userId;
  // Everything that decides the approval is read with the account locked: two approvals
  // (or an approval racing a refusal) apply one after the other.
  const row = await inTransaction(
    ctx,
    async (tx) => {
      const [recovery] = await tx.db.select().from(recoveryAccounts).where(eq(recoveryAccounts.id, id)).for('update');
      const user = recovery ? await findLiveUser(tx.db, recovery.userId) : undefined;
      if (!recovery || !user) throw AppError.notFound();
      if (recovery.status === 'verified') throw new AppError(409, 'accounts.errors.recovery_already_verified');
      if (recovery.status !== 'pending_review') throw new AppError(409, 'accounts.errors.recovery_not_ready');
      const taken = await takenBy(tx.db, { phone: recovery.mobile }, user.id);
      if (taken.phone) {
        throw new AppError(409, 'accounts.errors.mobile_taken', {}, [
          { field: 'mobile', key: 'accounts.errors.mobile_taken' },
        ]);
      }
      const [saved] = await tx.db
        .update(recoveryAccounts)
        .set({ status: 'verified', verifiedAt: sql`now()`, verifiedBy: staffId })
        .where(and(eq(recoveryAccounts.id, id), eq(recoveryAccounts.status, 'pending_review')))
        .returning();
      if (!saved) throw new AppError(409, 'accounts.errors.recovery_already_verified');
      await tx.db
        .update(users)
        .set({ phone: recovery.mobile, phoneVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await enqueueMail(tx, {
        userId: user.id,
        to: user.email ?? recovery.email,
        locale: userLocale(user),
        kind: 'recovery_verified',
        params: { name: user.name, link: appLink(ctx.env, '/login') },
      });
      await notifyUser(tx, user.id, {
        type: 'recovery_verified',
        titleKey: 'notifications.types.recovery_verified.title',
        messageKey: 'notifications.types.recovery_verified.message',
        params: { mobile: recovery.mobile },
        link: '/dashboard',
      });
      return saved;
    },
    { action: 'recovery.verify' },
  ).catch((err: unknown) => {
    if (uniqueViolation(err) === 'users_phone_live_key') {
      throw new AppError(409, 'accounts.errors.mobile_taken', {}, [
        { field: 'mobile', key: 'accounts.errors.mobile_taken' },
      ]);
    }
    throw err;
  });
  return toDto(row);
}

/**
 * POST /recovery/delete/{id} (users.delete): staff refuse a recovery account.
 * Its data is deleted, the customer must complete it again (`dataRequired`),
 * and they are emailed the outcome at their confirmed address.
 */
export async function deleteRecovery(ctx: AppContext, id: number): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      const [recovery] = await tx.db.delete(recoveryAccounts).where(eq(recoveryAccounts.id, id)).returning();
      if (!recovery) throw AppError.notFound();
      const user = await findLiveUser(tx.db, recovery.userId);
      if (!user) return;
      await tx.db.update(users).set({ dataCompletedAt: null, updatedAt: sql`now()` }).where(eq(users.id, user.id));
      await revokeTokens(tx.db, user.id, ['recovery_activation']);
      await notifyUser(tx, user.id, {
        type: 'recovery_refused',
        titleKey: 'notifications.types.recovery_refused.title',
        messageKey: 'notifications.types.recovery_refused.message',
        link: '/recovery',
      });
      const to = user.email ?? (recovery.status === 'pending_activation' ? null : recovery.email);
      if (to) {
        await enqueueMail(tx, {
          userId: user.id,
          to,
          locale: userLocale(user),
          kind: 'recovery_deleted',
          params: { name: user.name, link: appLink(ctx.env, '/login') },
        });
      }
    },
    { action: 'recovery.delete' },
  );
}
