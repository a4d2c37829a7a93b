import { z } from 'zod';
import { toLatinNumber } from '../text.js';
import {
  PAYMENT_AMOUNT_MAX,
  PAYMENT_REFERENCE_MAX_LENGTH,
  REQUEST_NOTE_MAX_LENGTH,
} from './customer-requests-policy.js';
import { nameText, requiredText, wholeNumber } from './fields.js';

export * from './customer-requests-policy.js';

/**
 * An amount in EGP: a number or its decimal text, more than 0, at most two decimals (piastres),
 * Arabic digits and the Arabic decimal and thousands separators accepted ("١٬٢٥٠٫٥٠"), normalised
 * here so the dialog and the server read the same number. Kept in pounds here; the server stores piastres.
 */
export const paymentAmountField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = toLatinNumber(v);
    return /^(?:\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : v;
  },
  z
    .number({ error: 'requests.validation.payment_amount' })
    .refine((n) => Number.isFinite(n) && n > 0 && n <= PAYMENT_AMOUNT_MAX, {
      error: 'requests.validation.payment_amount',
    })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: 'requests.validation.payment_amount',
    }),
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
      payment_reference: nameText('requests.validation.payment_reference_required', PAYMENT_REFERENCE_MAX_LENGTH),
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
