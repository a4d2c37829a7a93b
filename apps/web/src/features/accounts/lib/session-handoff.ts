import type { TLoginResponseData, TUser } from '@portal/shared/schemas/auth';

/**
 * A new session handed from a guest page (register, login) to the session page
 * it leads to (/message, /recovery). Signing in while still on a guest-only
 * page makes the guest guard send the user to / first, so the guest page hands
 * the session over and the target page signs in once it is showing
 * (see AccountSession in app/routes/accounts/account-session.tsx).
 */
let pending: TLoginResponseData | null = null;

export function handOffSession(data: TLoginResponseData): void {
  pending = data;
}

export function peekHandedOffSession(): TLoginResponseData | null {
  return pending;
}

export function takeHandedOffSession(): TLoginResponseData | null {
  const data = pending;
  pending = null;
  return data;
}

/**
 * Recovery mode (DESIGN §2 Accounts): the login answer's user.dataRequired says
 * the customer must complete their data at /recovery before anything else.
 */
export function needsRecoveryData(user: TUser): boolean {
  return user.dataRequired;
}
