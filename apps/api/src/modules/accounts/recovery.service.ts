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
import type { Database } from '../../db/client.js';
import { type RecoveryAccountRow, recoveryAccounts } from '../../db/schema/accounts.js';
import { users } from '../../db/schema/users.js';
import { type ActorContext, inTransaction, type Tx } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { enqueueMail } from '../../lib/mail-queue.js';
import { pageWindow, toListPage } from '../../lib/pagination.js';
import type { AuthState } from '../../plugins/auth.js';
import { isQualificationOfLevel, lookupKinds, specificationsOf } from '../lookups/lookups.repository.js';
import { notifyUser } from '../notifications/notifications.repository.js';
import { isRecoveryMode } from '../settings/settings.service.js';
import {
  actAs,
  consumeToken,
  findLiveUser,
  issueToken,
  revokeTokens,
  takenBy,
  uniqueViolation,
} from './accounts.repository.js';
import { type AccountDeps, appLink, userLocale } from './accounts.service.js';

type Reader = Database | Tx;

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

async function recoveryById(db: Reader, id: number) {
  const [row] = await db.select().from(recoveryAccounts).where(eq(recoveryAccounts.id, id));
  return row;
}

/** GET /recovery: the signed-in user's recovery state; old_email is their current email, read-only. */
export async function recoveryState(db: Database, userId: number): Promise<TRecoveryState> {
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
  deps: AccountDeps,
  auth: AuthState,
  input: TRecoveryRequest,
  actor: ActorContext,
): Promise<{ account: TRecoveryAccount; messageKey: string }> {
  deps.limiter.hit('recovery', [`user:${auth.userId}`], actor.ip);
  if (!(await isRecoveryMode(deps.db))) throw new AppError(409, 'accounts.errors.recovery_off');
  const user = await findLiveUser(deps.db, auth.userId);
  if (!user) throw AppError.unauthenticated();
  if (user.type !== 'user') throw new AppError(403, 'accounts.errors.recovery_customers_only');
  const existing = await recoveryOfUser(deps.db, user.id);
  if (existing?.status === 'verified') throw new AppError(409, 'accounts.errors.recovery_locked');

  const invalid = await lookupErrors(deps.db, input);
  if (invalid.length > 0) throw new AppError(422, 'errors.validation', {}, invalid);

  const taken = await takenBy(deps.db, { phone: input.mobile, email: input.email }, user.id);
  const [otherNationalId] = await deps.db
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
  const row = await inTransaction(deps.db, { ...actor, action: 'recovery.submit' }, async (tx) => {
    const [saved] = await tx
      .insert(recoveryAccounts)
      .values(values)
      .onConflictDoUpdate({ target: recoveryAccounts.userId, set: values })
      .returning();
    if (!saved) throw new Error('recovery upsert returned nothing');
    await tx
      .update(users)
      .set({ dataCompletedAt: needsConfirmation ? null : sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    if (needsConfirmation) {
      const token = await issueToken(tx, {
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
          link: appLink(deps.env, `/recoveryactivation/${token}`),
          hours: RECOVERY_ACTIVATION_TTL_HOURS,
        },
      });
    } else {
      await revokeTokens(tx, user.id, ['recovery_activation']);
    }
    return saved;
  }).catch((err: unknown) => {
    if (uniqueViolation(err) === 'recovery_accounts_national_id_key') {
      throw recoveryConflict([{ field: 'national_id', key: 'accounts.errors.national_id_taken' }]);
    }
    throw err;
  });
  if (needsConfirmation) deps.mail.kick();
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
export async function activateRecovery(
  deps: AccountDeps,
  token: string,
  actor: ActorContext,
): Promise<TActivationResult> {
  deps.limiter.hit('recovery-activation', [], actor.ip);
  return inTransaction(deps.db, { ...actor, action: 'recovery.activate' }, async (tx) => {
    const row = await consumeToken(tx, token, 'recovery_activation');
    const user = row ? await findLiveUser(tx, row.userId) : undefined;
    const recovery = user ? await recoveryOfUser(tx, user.id) : undefined;
    if (!row || !user || recovery?.status !== 'pending_activation' || recovery.email !== row.email) {
      throw new AppError(400, 'accounts.errors.link_invalid');
    }
    await actAs(tx, user.id);
    const taken = await takenBy(tx, { email: row.email }, user.id);
    if (taken.email)
      throw new AppError(409, 'accounts.errors.email_taken', {}, [
        { field: 'email', key: 'accounts.errors.email_taken' },
      ]);
    const emailChanged = user.email?.toLowerCase() !== row.email;
    await tx
      .update(users)
      .set({
        email: row.email,
        emailVerifiedAt: emailChanged ? sql`now()` : sql`coalesce(${users.emailVerifiedAt}, now())`,
        dataCompletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await tx.update(recoveryAccounts).set({ status: 'pending_review' }).where(eq(recoveryAccounts.id, recovery.id));
    // Secrets sent to the old address prove nothing any more.
    await revokeTokens(tx, user.id, ['activation', 'recovery_activation', 'password_reset']);
    return { email: row.email, email_verified: true as const };
  }).catch((err: unknown) => {
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
  db: Database,
  query: TRecoveryListRequest,
): Promise<TListPage<TRecoveryAccount>> {
  const window = pageWindow(query.page, query.perPage);
  const where = query.status ? eq(recoveryAccounts.status, query.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(recoveryAccounts)
      .where(where)
      .orderBy(desc(recoveryAccounts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(recoveryAccounts).where(where),
  ]);
  return toListPage(rows.map(toDto), count?.n ?? 0, window);
}

/**
 * POST /recovery/verify (users.put): staff approve a recovery account waiting
 * for review. The recovery mobile becomes the login phone, the phone counts as
 * verified, and the customer is emailed the outcome.
 */
export async function verifyRecovery(
  deps: AccountDeps,
  staffId: number,
  id: number,
  actor: ActorContext,
): Promise<TRecoveryAccount> {
  deps.limiter.hit('recovery-verify', [`user:${staffId}`], actor.ip, 'staff');
  const recovery = await recoveryById(deps.db, id);
  const user = recovery ? await findLiveUser(deps.db, recovery.userId) : undefined;
  if (!recovery || !user) throw AppError.notFound();
  if (recovery.status === 'verified') throw new AppError(409, 'accounts.errors.recovery_already_verified');
  if (recovery.status !== 'pending_review') throw new AppError(409, 'accounts.errors.recovery_not_ready');
  const taken = await takenBy(deps.db, { phone: recovery.mobile }, user.id);
  if (taken.phone) {
    throw new AppError(409, 'accounts.errors.mobile_taken', {}, [
      { field: 'mobile', key: 'accounts.errors.mobile_taken' },
    ]);
  }
  const row = await inTransaction(deps.db, { ...actor, action: 'recovery.verify' }, async (tx) => {
    const [saved] = await tx
      .update(recoveryAccounts)
      .set({ status: 'verified', verifiedAt: sql`now()`, verifiedBy: staffId })
      .where(and(eq(recoveryAccounts.id, id), eq(recoveryAccounts.status, 'pending_review')))
      .returning();
    if (!saved) throw new AppError(409, 'accounts.errors.recovery_already_verified');
    await tx
      .update(users)
      .set({ phone: recovery.mobile, phoneVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    const to = user.email ?? recovery.email;
    await enqueueMail(tx, {
      userId: user.id,
      to,
      locale: userLocale(user),
      kind: 'recovery_verified',
      params: { name: user.name, link: appLink(deps.env, '/login') },
    });
    await notifyUser(tx, user.id, {
      type: 'recovery_verified',
      titleKey: 'notifications.types.recovery_verified.title',
      messageKey: 'notifications.types.recovery_verified.message',
      params: { mobile: recovery.mobile },
      link: '/dashboard',
    });
    return saved;
  }).catch((err: unknown) => {
    if (uniqueViolation(err) === 'users_phone_live_key') {
      throw new AppError(409, 'accounts.errors.mobile_taken', {}, [
        { field: 'mobile', key: 'accounts.errors.mobile_taken' },
      ]);
    }
    throw err;
  });
  deps.mail.kick();
  return toDto(row);
}

/**
 * POST /recovery/delete/{id} (users.delete): staff refuse a recovery account.
 * Its data is deleted, the customer must complete it again (`dataRequired`),
 * and they are emailed the outcome at their confirmed address.
 */
export async function deleteRecovery(
  deps: AccountDeps,
  staffId: number,
  id: number,
  actor: ActorContext,
): Promise<void> {
  deps.limiter.hit('recovery-delete', [`user:${staffId}`], actor.ip, 'staff');
  const recovery = await recoveryById(deps.db, id);
  if (!recovery) throw AppError.notFound();
  const user = await findLiveUser(deps.db, recovery.userId);
  await inTransaction(deps.db, { ...actor, action: 'recovery.delete' }, async (tx) => {
    await tx.delete(recoveryAccounts).where(eq(recoveryAccounts.id, id));
    if (!user) return;
    await tx.update(users).set({ dataCompletedAt: null, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeTokens(tx, user.id, ['recovery_activation']);
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
        params: { name: user.name, link: appLink(deps.env, '/login') },
      });
    }
  });
  deps.mail.kick();
}
