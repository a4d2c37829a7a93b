import { randomInt } from 'node:crypto';
import type { Locale } from '@portal/shared/constants';
import { isStronger } from '@portal/shared/policy';
import {
  ACTIVATION_CODE_LENGTH,
  ACTIVATION_CODE_MAX_ATTEMPTS,
  ACTIVATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  type TActivationResult,
  type TForgotPasswordRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
} from '@portal/shared/schemas/accounts';
import type { TLoginResponseData, TUser } from '@portal/shared/schemas/auth';
import { eq, sql } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema/users.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { type AppContext, accessChanged, allow, callerOf, type TxContext, viewerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { enqueueJob } from '../../lib/jobs.js';
import { enqueueMail } from '../../lib/mail.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { appLink, userLocale } from '../../lib/recipients.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { insertSession } from '../auth/sessions.repository.js';
import { currentTermsVersion, termsVersionById } from '../terms/terms.service.js';
import { effectivePermissions, findUserAccess, lockUser } from '../users/users.repository.js';
import { loadUserDto } from '../users/users.service.js';
import {
  actAs,
  consumeToken,
  findLiveUser,
  findLiveUserByEmail,
  grantRole,
  issueToken,
  liveActivationForUpdate,
  markEmailVerified,
  markTokenUsed,
  recordCodeFailure,
  revokeAllSessions,
  revokeTokens,
  takenBy,
} from './accounts.repository.js';

function newCode(): string {
  return String(randomInt(0, 10 ** ACTIVATION_CODE_LENGTH)).padStart(ACTIVATION_CODE_LENGTH, '0');
}

/** Issues an activation link + code for the user's email and queues the message (inside the caller's transaction). */
async function queueActivation(tx: TxContext, user: Pick<UserRow, 'id' | 'name' | 'email' | 'locale'>) {
  if (!user.email) throw new AppError(409, 'accounts.errors.no_email');
  const code = newCode();
  const token = await issueToken(tx.db, {
    userId: user.id,
    purpose: 'activation',
    email: user.email.toLowerCase(),
    ttlMinutes: ACTIVATION_TTL_HOURS * 60,
    codeHash: await hashPassword(code),
  });
  await enqueueMail(tx, {
    userId: user.id,
    to: user.email,
    locale: userLocale(user),
    kind: 'activation',
    params: { name: user.name, link: appLink(tx.env, `/activation/${token}`), code, hours: ACTIVATION_TTL_HOURS },
  });
}

function conflictErrors(taken: { phone: boolean; email: boolean }): FieldError[] {
  const fields: FieldError[] = [];
  if (taken.email) fields.push({ field: 'email', key: 'accounts.errors.email_taken' });
  if (taken.phone) fields.push({ field: 'mobile', key: 'accounts.errors.mobile_taken' });
  return fields;
}

function conflict(fields: FieldError[]): AppError {
  return new AppError(409, fields[0]?.key ?? 'errors.conflict', {}, fields);
}

/** A unique-index race (both engines report 23505) becomes the same 409 as the pre-check. */
function mapUserUniqueViolation(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_phone_live_key') throw conflict(conflictErrors({ phone: true, email: false }));
  if (constraint === 'users_email_live_key') throw conflict(conflictErrors({ phone: false, email: true }));
  throw err;
}

/**
 * The terms version a registration accepts: the one the page showed, which must still be the
 * current text of its language (staff may have saved a new one meanwhile: the customer reads it
 * again), or the current text of the request's language.
 */
async function acceptedTerms(ctx: AppContext, versionId: number | undefined) {
  if (versionId === undefined) return currentTermsVersion(ctx.db, ctx.locale);
  const shown = await termsVersionById(ctx.db, versionId);
  const current = shown ? await currentTermsVersion(ctx.db, shown.lang as Locale) : undefined;
  if (!shown || current?.id !== shown.id) {
    throw new AppError(422, 'accounts.validation.terms_outdated', {}, [
      { field: 'accept_terms', key: 'accounts.validation.terms_outdated' },
    ]);
  }
  return shown;
}

/**
 * POST /register: a customer (type user, role user) whose email is not yet
 * activated; the activation link and code are queued in the same transaction.
 * The answer is a session, like login, so the client can go to /message.
 */
export async function register(
  ctx: AppContext,
  input: TRegisterRequest,
  userAgent: string | null,
): Promise<TLoginResponseData> {
  const taken = await takenBy(ctx.db, { phone: input.mobile, email: input.email });
  if (taken.phone || taken.email) throw conflict(conflictErrors(taken));

  const name = input.name?.trim() || `${input.first_name ?? ''} ${input.last_name ?? ''}`.trim();
  const terms = await acceptedTerms(ctx, input.terms_version_id);
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const { user, session } = await inTransaction(
    ctx,
    async (tx) => {
      const [created] = await tx.db
        .insert(users)
        .values({
          name,
          email: input.email,
          phone: input.mobile,
          passwordHash,
          address: input.address,
          type: 'user',
          locale: ctx.locale,
          termsVersionId: terms?.id ?? null,
          termsAcceptedAt: terms ? sql`now()` : null,
        })
        .returning();
      if (!created) throw new Error('user insert returned nothing');
      await actAs(tx.db, created.id);
      await grantRole(tx.db, created.id, 'user');
      await queueActivation(tx, created);
      const session = await insertSession(tx.db, {
        userId: created.id,
        tokenHash: hashToken(token),
        ip: ctx.actor.ip,
        userAgent,
        ttlMinutes: ctx.env.SESSION_TTL_MINUTES,
      });
      return { user: created, session };
    },
    { action: 'register' },
  ).catch(mapUserUniqueViolation);
  const dto = await loadUserDto(ctx.db, user.id);
  if (!dto) throw new Error('registered user vanished');
  return { access_token: token, expires_at: new Date(session.expiresAt).toISOString(), user: dto };
}

/** POST /activation/{token}: the link of the activation email. */
export async function activateByToken(ctx: AppContext, token: string): Promise<TActivationResult> {
  return inTransaction(
    ctx,
    async (tx) => {
      const row = await consumeToken(tx.db, token, 'activation');
      const user = row ? await findLiveUser(tx.db, row.userId) : undefined;
      // The secret proves one address: if the account's email changed since, it proves nothing.
      if (!row || !user?.email || user.email.toLowerCase() !== row.email) {
        throw new AppError(400, 'accounts.errors.link_invalid');
      }
      await actAs(tx.db, user.id);
      await markEmailVerified(tx.db, user.id);
      await revokeTokens(tx.db, user.id, ['activation']);
      return { email: user.email, email_verified: true as const };
    },
    { action: 'email.activate' },
  );
}

/**
 * POST /users/verify/email: the 6-digit code, for the signed-in user. Each
 * wrong code counts; the fifth burns the code (and its link): ask for a new one.
 */
export async function verifyEmailCode(ctx: AppContext, code: string): Promise<TActivationResult> {
  const userId = callerOf(ctx).userId;
  const user = await findLiveUser(ctx.db, userId);
  if (!user) throw AppError.unauthenticated();
  if (user.emailVerifiedAt !== null) throw new AppError(409, 'accounts.errors.already_verified');

  const outcome = await inTransaction(
    ctx,
    async (tx) => {
      const row = await liveActivationForUpdate(tx.db, userId);
      if (!row?.codeHash || !user.email || row.email !== user.email.toLowerCase()) return 'expired' as const;
      if (!(await verifyPassword(row.codeHash, code))) {
        const burn = row.attempts + 1 >= ACTIVATION_CODE_MAX_ATTEMPTS;
        await recordCodeFailure(tx.db, row.id, burn);
        return burn ? ('expired' as const) : ('wrong' as const);
      }
      await markTokenUsed(tx.db, row.id);
      await markEmailVerified(tx.db, userId);
      await revokeTokens(tx.db, userId, ['activation']);
      return 'verified' as const;
    },
    { action: 'email.verify_code' },
  );
  if (outcome === 'expired') throw new AppError(400, 'accounts.errors.code_expired');
  if (outcome === 'wrong') {
    throw new AppError(400, 'accounts.errors.code_invalid', {}, [
      { field: 'code', key: 'accounts.errors.code_invalid' },
    ]);
  }
  return { email: user.email as string, email_verified: true };
}

/** POST /users/verify/email/resend: a new link and code; the previous ones stop working. */
export async function resendActivation(ctx: AppContext): Promise<void> {
  const user = await findLiveUser(ctx.db, callerOf(ctx).userId);
  if (!user) throw AppError.unauthenticated();
  if (user.emailVerifiedAt !== null) throw new AppError(409, 'accounts.errors.already_verified');
  if (!user.email) throw new AppError(409, 'accounts.errors.no_email');
  await inTransaction(ctx, (tx) => queueActivation(tx, user), { action: 'email.resend' });
}

/** The job that looks up a forgotten-password email and sends the link (docs/decisions/0005, 0015). */
export const FORGOT_PASSWORD_JOB = 'password.forgot';

/**
 * POST /forgot-password: the same answer, and the same work, whether or not the email
 * belongs to an account: the request only queues a job with the email, so neither the
 * answer nor its timing tells a prober who has an account. The job (sendPasswordReset)
 * does the lookup, at the worker's next regular pass (JOBS_POLL_SECONDS), not on the request's
 * heels: woken at once, the token and mail of a known address held the database from the
 * prober's next call (issue 19: 75 ms against 40 ms on the in-process engine of turns 1–2).
 */
export async function forgotPassword(ctx: AppContext, input: TForgotPasswordRequest) {
  await inTransaction(ctx, (tx) => enqueueJob(tx, FORGOT_PASSWORD_JOB, { email: input.email }, { wake: false }));
}

/** The job of FORGOT_PASSWORD_JOB: only a live, active account is sent a reset link. */
export async function sendPasswordReset(ctx: AppContext, emailAddress: string): Promise<void> {
  const user = await findLiveUserByEmail(ctx.db, emailAddress);
  if (!user?.email || !user.active) return;
  const email = user.email;
  const asUser = { ...ctx, actor: { ...ctx.actor, userId: user.id } };
  await inTransaction(asUser, (tx) => queuePasswordReset(tx, { ...user, email }), { action: 'password.forgot' });
}

/** Inside the caller's transaction: a reset token and the email with its link (forgot password, staff's reset). */
export async function queuePasswordReset(
  tx: TxContext,
  user: Pick<UserRow, 'id' | 'name' | 'locale'> & { email: string },
): Promise<void> {
  const token = await issueToken(tx.db, {
    userId: user.id,
    purpose: 'password_reset',
    email: user.email.toLowerCase(),
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
  });
  await enqueueMail(tx, {
    userId: user.id,
    to: user.email,
    locale: userLocale(user),
    kind: 'password_reset',
    params: {
      name: user.name,
      link: appLink(tx.env, `/newpassword/${token}`),
      minutes: PASSWORD_RESET_TTL_MINUTES,
    },
  });
}

/**
 * POST /resetPassword: sets the new password with a live reset token (used
 * once), logs the user out of every session, and confirms by email. Following
 * the link proves the address, so an unverified email becomes verified.
 */
export async function resetPassword(ctx: AppContext, input: TResetPasswordRequest) {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(
    ctx,
    async (tx) => {
      const row = await consumeToken(tx.db, input.token, 'password_reset');
      const user = row ? await findLiveUser(tx.db, row.userId) : undefined;
      if (!row || !user?.email || user.email.toLowerCase() !== row.email) {
        throw new AppError(400, 'accounts.errors.link_invalid');
      }
      await actAs(tx.db, user.id);
      await tx.db
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
      await revokeTokens(tx.db, user.id, ['password_reset', 'activation']);
      await revokeAllSessions(tx.db, user.id);
      accessChanged(tx);
      await enqueueMail(tx, {
        userId: user.id,
        to: user.email,
        locale: userLocale(user),
        kind: 'password_changed',
        params: { name: user.name },
      });
    },
    { action: 'password.reset' },
  );
}

/**
 * POST /user/verify (staff, users.put): marks a user's phone and email as
 * verified by hand (e.g. after checking them at a branch); pending
 * activation secrets stop working.
 */
export async function staffVerifyUser(ctx: AppContext, userId: number): Promise<TUser> {
  const updated = await inTransaction(
    ctx,
    async (tx) => {
      const user = await lockUser(tx.db, userId);
      if (!user) throw AppError.notFound();
      // One rule with every other change to a user: nobody manages a stronger account.
      const access = await findUserAccess(tx.db, userId);
      allow(!isStronger(viewerOf(ctx), userId, effectivePermissions(access)), 'users.errors.stronger_target');
      const [row] = await tx.db
        .update(users)
        .set({
          phoneVerified: true,
          ...(user.email ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId))
        .returning();
      await revokeTokens(tx.db, userId, ['activation']);
      return row;
    },
    { action: 'user.verify' },
  );
  const dto = updated && (await loadUserDto(ctx.db, updated.id));
  if (!dto) throw AppError.notFound();
  return dto;
}
