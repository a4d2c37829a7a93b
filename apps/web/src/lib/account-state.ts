import type { TUser } from '@portal/shared/schemas/auth';

/**
 * A customer who registered but has not activated their email yet (the link or the 6-digit code):
 * they may use the app but not submit requests (DESIGN §2 Accounts), so the app says so and leads
 * them to /message. Staff accounts are created activated by other staff; this is about customers.
 */
export function needsActivation(user: Pick<TUser, 'type' | 'email_verified'> | null | undefined): boolean {
  return user?.type === 'user' && !user.email_verified;
}

/** The account's state as the account card shows it: switched off, waiting for activation, or active. */
export type AccountState = 'disabled' | 'not_activated' | 'active';

export function accountState(user: Pick<TUser, 'type' | 'email_verified' | 'active'>): AccountState {
  if (!user.active) return 'disabled';
  return needsActivation(user) ? 'not_activated' : 'active';
}
