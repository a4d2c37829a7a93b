import { randomInt } from 'node:crypto';
import type { Locale } from '@portal/shared/constants';
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
import type { Env } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { type ActorContext, inTransaction, type Tx } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { enqueueMail } from '../../lib/mail-queue.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { insertSession } from '../auth/sessions.repository.js';
import { loadUserDto } from '../users/load-user-dto.js';
import type { AccountLimiter } from './account-limiter.js';
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
  uniqueViolation,
} from './accounts.repository.js';

export type AccountDeps = {
  db: Database;
  env: Env;
  limiter: AccountLimiter;
  /** Wakes the mail worker once a transaction that queued mail has committed. */
  mail: { kick(): void };
};

/** A link into the web app (APP_URL + path), e.g. /activation/{token}. */
export function appLink(env: Env, path: string): string {
  return `${env.APP_URL.replace(/\/+$/, '')}${path}`;
}

export function userLocale(row: Pick<UserRow, 'locale'>): Locale {
  return row.locale === 'en' ? 'en' : 'ar';
}

function newCode(): string {
  return String(randomInt(0, 10 ** ACTIVATION_CODE_LENGTH)).padStart(ACTIVATION_CODE_LENGTH, '0');
}

/** Issues an activation link + code for the user's email and queues the message (inside the caller's transaction). */
async function queueActivation(deps: AccountDeps, tx: Tx, user: Pick<UserRow, 'id' | 'name' | 'email' | 'locale'>) {
  if (!user.email) throw new AppError(409, 'accounts.errors.no_email');
  const code = newCode();
  const token = await issueToken(tx, {
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
    params: { name: user.name, link: appLink(deps.env, `/activation/${token}`), code, hours: ACTIVATION_TTL_HOURS },
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
 * POST /register: a customer (type user, role user) whose email is not yet
 * activated; the activation link and code are queued in the same transaction.
 * The answer is a session, like login, so the client can go to /message.
 */
export async function register(
  deps: AccountDeps,
  input: TRegisterRequest,
  locale: Locale,
  actor: ActorContext,
  userAgent: string | null,
): Promise<TLoginResponseData> {
  deps.limiter.hit('register', [`email:${input.email}`, `phone:${input.mobile}`], actor.ip);
  const taken = await takenBy(deps.db, { phone: input.mobile, email: input.email });
  if (taken.phone || taken.email) throw conflict(conflictErrors(taken));

  const name = input.name?.trim() || `${input.first_name ?? ''} ${input.last_name ?? ''}`.trim();
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const { user, session } = await inTransaction(deps.db, { ...actor, action: 'register' }, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name,
        email: input.email,
        phone: input.mobile,
        passwordHash,
        address: input.address,
        type: 'user',
        locale,
      })
      .returning();
    if (!created) throw new Error('user insert returned nothing');
    await actAs(tx, created.id);
    await grantRole(tx, created.id, 'user');
    await queueActivation(deps, tx, created);
    const session = await insertSession(tx, {
      userId: created.id,
      tokenHash: hashToken(token),
      ip: actor.ip,
      userAgent,
      ttlMinutes: deps.env.SESSION_TTL_MINUTES,
    });
    return { user: created, session };
  }).catch(mapUserUniqueViolation);
  deps.mail.kick();
  return {
    access_token: token,
    expires_at: new Date(session.expiresAt).toISOString(),
    user: await loadUserDto(deps.db, user),
  };
}

/** POST /activation/{token}: the link of the activation email. */
export async function activateByToken(
  deps: AccountDeps,
  token: string,
  actor: ActorContext,
): Promise<TActivationResult> {
  deps.limiter.hit('activation', [], actor.ip);
  return inTransaction(deps.db, { ...actor, action: 'email.activate' }, async (tx) => {
    const row = await consumeToken(tx, token, 'activation');
    const user = row ? await findLiveUser(tx, row.userId) : undefined;
    // The secret proves one address: if the account's email changed since, it proves nothing.
    if (!row || !user?.email || user.email.toLowerCase() !== row.email) {
      throw new AppError(400, 'accounts.errors.link_invalid');
    }
    await actAs(tx, user.id);
    await markEmailVerified(tx, user.id);
    await revokeTokens(tx, user.id, ['activation']);
    return { email: user.email, email_verified: true as const };
  });
}

/**
 * POST /users/verify/email: the 6-digit code, for the signed-in user. Each
 * wrong code counts; the fifth burns the code (and its link): ask for a new one.
 */
export async function verifyEmailCode(
  deps: AccountDeps,
  userId: number,
  code: string,
  actor: ActorContext,
): Promise<TActivationResult> {
  deps.limiter.hit('verify-code', [`user:${userId}`], actor.ip);
  const user = await findLiveUser(deps.db, userId);
  if (!user) throw AppError.unauthenticated();
  if (user.emailVerifiedAt !== null) throw new AppError(409, 'accounts.errors.already_verified');

  const outcome = await inTransaction(deps.db, { ...actor, action: 'email.verify_code' }, async (tx) => {
    const row = await liveActivationForUpdate(tx, userId);
    if (!row?.codeHash || !user.email || row.email !== user.email.toLowerCase()) return 'expired' as const;
    if (!(await verifyPassword(row.codeHash, code))) {
      const burn = row.attempts + 1 >= ACTIVATION_CODE_MAX_ATTEMPTS;
      await recordCodeFailure(tx, row.id, burn);
      return burn ? ('expired' as const) : ('wrong' as const);
    }
    await markTokenUsed(tx, row.id);
    await markEmailVerified(tx, userId);
    await revokeTokens(tx, userId, ['activation']);
    return 'verified' as const;
  });
  if (outcome === 'expired') throw new AppError(400, 'accounts.errors.code_expired');
  if (outcome === 'wrong') {
    throw new AppError(400, 'accounts.errors.code_invalid', {}, [
      { field: 'code', key: 'accounts.errors.code_invalid' },
    ]);
  }
  return { email: user.email as string, email_verified: true };
}

/** POST /users/verify/email/resend: a new link and code; the previous ones stop working. */
export async function resendActivation(deps: AccountDeps, userId: number, actor: ActorContext): Promise<void> {
  deps.limiter.hit('resend', [`user:${userId}`], actor.ip);
  const user = await findLiveUser(deps.db, userId);
  if (!user) throw AppError.unauthenticated();
  if (user.emailVerifiedAt !== null) throw new AppError(409, 'accounts.errors.already_verified');
  if (!user.email) throw new AppError(409, 'accounts.errors.no_email');
  await inTransaction(deps.db, { ...actor, action: 'email.resend' }, (tx) => queueActivation(deps, tx, user));
  deps.mail.kick();
}

/**
 * POST /forgot-password: the same answer whether or not the email belongs to
 * an account; only a live, active account is sent a reset link.
 */
export async function forgotPassword(deps: AccountDeps, input: TForgotPasswordRequest, actor: ActorContext) {
  deps.limiter.hit('forgot', [`email:${input.email}`], actor.ip);
  const user = await findLiveUserByEmail(deps.db, input.email);
  if (!user?.email || !user.active) return;
  const email = user.email;
  await inTransaction(deps.db, { ...actor, userId: user.id, action: 'password.forgot' }, async (tx) => {
    const token = await issueToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      email: email.toLowerCase(),
      ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
    });
    await enqueueMail(tx, {
      userId: user.id,
      to: email,
      locale: userLocale(user),
      kind: 'password_reset',
      params: {
        name: user.name,
        link: appLink(deps.env, `/newpassword/${token}`),
        minutes: PASSWORD_RESET_TTL_MINUTES,
      },
    });
  });
  deps.mail.kick();
}

/**
 * POST /resetPassword: sets the new password with a live reset token (used
 * once), logs the user out of every session, and confirms by email. Following
 * the link proves the address, so an unverified email becomes verified.
 */
export async function resetPassword(deps: AccountDeps, input: TResetPasswordRequest, actor: ActorContext) {
  deps.limiter.hit('reset', [], actor.ip);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(deps.db, { ...actor, action: 'password.reset' }, async (tx) => {
    const row = await consumeToken(tx, input.token, 'password_reset');
    const user = row ? await findLiveUser(tx, row.userId) : undefined;
    if (!row || !user?.email || user.email.toLowerCase() !== row.email) {
      throw new AppError(400, 'accounts.errors.link_invalid');
    }
    await actAs(tx, user.id);
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await revokeTokens(tx, user.id, ['password_reset', 'activation']);
    await revokeAllSessions(tx, user.id);
    await enqueueMail(tx, {
      userId: user.id,
      to: user.email,
      locale: userLocale(user),
      kind: 'password_changed',
      params: { name: user.name },
    });
  });
  deps.mail.kick();
}

/**
 * POST /user/verify (staff, users.put): marks a user's phone and email as
 * verified by hand (e.g. after checking them at a branch); pending
 * activation secrets stop working.
 */
export async function staffVerifyUser(
  deps: AccountDeps,
  staffId: number,
  userId: number,
  actor: ActorContext,
): Promise<TUser> {
  deps.limiter.hit('user-verify', [`user:${staffId}`], actor.ip, 'staff');
  const user = await findLiveUser(deps.db, userId);
  if (!user) throw AppError.notFound();
  const updated = await inTransaction(deps.db, { ...actor, action: 'user.verify' }, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        phoneVerified: true,
        ...(user.email ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    await revokeTokens(tx, userId, ['activation']);
    return row;
  });
  if (!updated) throw AppError.notFound();
  return loadUserDto(deps.db, updated);
}
