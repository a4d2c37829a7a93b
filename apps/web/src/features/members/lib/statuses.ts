import type { PaymentStatus } from '@portal/shared/schemas/associations';
import type { TurnMoveStatus } from '@portal/shared/schemas/turn-moves';

/**
 * The statuses the member's lists filter by, as plain constants: importing the shared schema
 * modules' own lists would bring zod (about 25 KB gzip) into each route's first load, over the
 * 350 KB budget. `satisfies` keeps them in step with the shared types.
 */
export const PAYMENT_STATUS_LIST = ['future', 'received', 'late'] as const satisfies readonly PaymentStatus[];
export const TURN_MOVE_STATUS_LIST = [0, 1, 2, 3] as const satisfies readonly TurnMoveStatus[];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return (PAYMENT_STATUS_LIST as readonly unknown[]).includes(value);
}
