import type { TRecoveryAccount } from '@portal/shared/schemas/accounts';

/** What /recovery hands to /recovarymessage: the status the recovery data got. */
export type RecoveryMessageState = { status?: TRecoveryAccount['status'] } | null;
