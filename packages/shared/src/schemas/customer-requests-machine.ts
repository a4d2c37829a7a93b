import { z } from 'zod';
import {
  PAYMENT_AMOUNT_MAX,
  PAYMENT_REFERENCE_MAX_LENGTH,
  REQUEST_NOTE_MAX_LENGTH,
} from './customer-requests-policy.js';
import { amountField, codeText, requiredText, wholeNumber } from './fields.js';

export * from './customer-requests-policy.js';

/** The fee an accept sets (EGP): the shared amount rule (Arabic digits and separators read as typed). */
export const paymentAmountField = amountField('requests.validation.payment_amount', { max: PAYMENT_AMOUNT_MAX });
/** Its payment reference: stored with Latin digits whatever was typed ("FAWRY-٧" is "FAWRY-7"). */
export const paymentReferenceField = codeText(
  'requests.validation.payment_reference_required',
  PAYMENT_REFERENCE_MAX_LENGTH,
);

/**
 * POST /customers_requests/action/{id}: the dialog's input per action type (SPEC §5): the
 * payment needs an amount and a reference, a rejection a reason id and a note, a cancellation a
 * reason. next and reset take nothing.
 */
export const ZRequestActionRequest = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('next') }),
    z.object({
      type: z.literal('next-for-pay'),
      payment_amount: paymentAmountField,
      payment_reference: paymentReferenceField,
    }),
    z.object({
      type: z.literal('reject'),
      rejection_reason_id: wholeNumber('requests.validation.rejection_reason_required', {
        min: 1,
        max: 2_147_483_647,
      }),
      rejection_note: requiredText('requests.validation.rejection_note_required', REQUEST_NOTE_MAX_LENGTH),
    }),
    z.object({
      type: z.literal('cancel'),
      reason: requiredText('requests.validation.cancel_reason_required', REQUEST_NOTE_MAX_LENGTH),
    }),
    z.object({ type: z.literal('reset') }),
  ],
  { error: 'validation.invalid_value' },
);
export type TRequestActionRequest = z.infer<typeof ZRequestActionRequest>;
