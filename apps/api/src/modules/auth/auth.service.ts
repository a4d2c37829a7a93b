import type { TLoginRequest, TLoginResponseData } from '@portal/shared/schemas/auth';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, accessChanged } from '../../lib/context.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { RateCounter } from '../../plugins/rate-limit.js';
import { findUserByPhone } from '../users/users.repository.js';
import { loadUserDto } from '../users/users.service.js';
import { insertSession, revokeSession } from './sessions.repository.js';

/**
 * The login throttle (docs/decisions/0012-rate-limits.md, OWASP Authentication
 * cheat sheet): failures count per phone *and* address together (that pair is
 * refused past LOGIN_MAX_FAILURES), per address (past LOGIN_IP_MAX_FAILURES),
 * and per phone from every address, which only slows that phone down: a
 * stranger failing from many addresses can delay a real user's login but never
 * lock them out. A successful login starts the phone's counts afresh.
 */
export type LoginThrottle = {
  pair: RateCounter;
  address: RateCounter;
  phone: RateCounter;
  /** Successful logins per phone: a new "epoch" whose failure counters start at zero. */
  successes: RateCounter;
  /** Sleeps before answering (tests pass a recorder). */
  delay(ms: number): Promise<void>;
};

/** Slow-down of a phone failing from many addresses: 250 ms doubling per failure past the limit, capped. */
export function phoneSlowdownMs(failures: number, max: number, capMs: number): number {
  if (failures < max) return 0;
  return Math.min(capMs, 250 * 2 ** Math.min(failures - max, 20));
}

/**
 * Phone + password login. The same answer for an unknown phone and a wrong
 * password, so the login reveals nothing about who has an account.
 */
export async function login(
  ctx: AppContext,
  throttle: LoginThrottle,
  input: TLoginRequest,
  userAgent: string | null,
): Promise<TLoginResponseData> {
  const ip = ctx.actor.ip ?? 'unknown';
  const epoch = (await throttle.successes.peek(input.phone)).count;
  const phoneKey = `${input.phone}#${epoch}`;
  const pairKey = `${input.phone}#${epoch}@${ip}`;
  const [pair, address, phone] = await Promise.all([
    throttle.pair.peek(pairKey),
    throttle.address.peek(ip),
    throttle.phone.peek(phoneKey),
  ]);
  const blocked = [
    [pair, throttle.pair.max],
    [address, throttle.address.max],
  ] as const;
  const wait = Math.max(0, ...blocked.filter(([s, max]) => s.count >= max).map(([s]) => s.retryAfterSeconds));
  if (wait > 0) throw AppError.tooManyRequests(wait);
  const slow = phoneSlowdownMs(phone.count, throttle.phone.max, ctx.env.LOGIN_SLOWDOWN_MAX_MS);
  if (slow > 0) await throttle.delay(slow);

  const user = await findUserByPhone(ctx.db, input.phone);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await Promise.all([throttle.pair.hit(pairKey), throttle.address.hit(ip), throttle.phone.hit(phoneKey)]);
    throw new AppError(401, 'errors.invalid_data');
  }
  if (!user.active) throw new AppError(403, 'errors.account_disabled');
  const token = newToken();
  // The audit row names the user who just logged in.
  const asUser = { ...ctx, actor: { ...ctx.actor, userId: user.id } };
  const session = await inTransaction(
    asUser,
    (tx) =>
      insertSession(tx.db, {
        userId: user.id,
        tokenHash: hashToken(token),
        ip: ctx.actor.ip,
        userAgent,
        ttlMinutes: ctx.env.SESSION_TTL_MINUTES,
      }),
    { action: 'login' },
  );
  await throttle.successes.hit(input.phone);
  const dto = await loadUserDto(ctx.db, user.id);
  if (!dto) throw new AppError(401, 'errors.invalid_data');
  return { access_token: token, expires_at: new Date(session.expiresAt).toISOString(), user: dto };
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      await revokeSession(tx.db, sessionId);
      accessChanged(tx);
    },
    { action: 'logout' },
  );
}
