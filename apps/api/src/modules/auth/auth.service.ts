import type { TLoginRequest, TLoginResponseData } from '@portal/shared/schemas/auth';
import type { Env } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { type ActorContext, inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { Throttle } from '../../lib/throttle.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { loadUserDto } from '../users/load-user-dto.js';
import { findUserByPhone } from '../users/users.repository.js';
import { insertSession, revokeSession } from './sessions.repository.js';

export type AuthDeps = { db: Database; env: Env; throttle: Throttle };

/**
 * Phone + password login. Failures are counted per phone and per IP; past the
 * limit the caller waits (429). The same answer for an unknown phone and a
 * wrong password, so the login reveals nothing about who has an account.
 */
export async function login(
  deps: AuthDeps,
  input: TLoginRequest,
  actor: ActorContext,
  userAgent: string | null,
): Promise<TLoginResponseData> {
  const phoneKey = `login:phone:${input.phone}`;
  const ipKey = `login:ip:${actor.ip ?? 'unknown'}`;
  const wait = Math.max(
    deps.throttle.retryAfter(phoneKey, deps.env.LOGIN_MAX_FAILURES),
    deps.throttle.retryAfter(ipKey, deps.env.LOGIN_IP_MAX_FAILURES),
  );
  if (wait > 0) throw AppError.tooManyRequests(wait);

  const user = await findUserByPhone(deps.db, input.phone);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    deps.throttle.fail(phoneKey);
    deps.throttle.fail(ipKey);
    throw new AppError(401, 'errors.invalid_data');
  }
  if (!user.active) throw new AppError(403, 'errors.account_disabled');

  const token = newToken();
  const session = await inTransaction(deps.db, { ...actor, userId: user.id, action: 'login' }, (tx) =>
    insertSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      ip: actor.ip,
      userAgent,
      ttlMinutes: deps.env.SESSION_TTL_MINUTES,
    }),
  );
  deps.throttle.reset(phoneKey);
  return {
    access_token: token,
    expires_at: new Date(session.expiresAt).toISOString(),
    user: await loadUserDto(deps.db, user),
  };
}

export async function logout(db: Database, sessionId: number, actor: ActorContext): Promise<void> {
  await inTransaction(db, { ...actor, action: 'logout' }, (tx) => revokeSession(tx, sessionId));
}
