import { z } from 'zod';

/** Success envelope of DESIGN §3. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string().optional(), data });
}

/**
 * Error envelope of DESIGN §3, as apps/api/src/plugins/errors.ts sends it for every refusal:
 * `code` is the catalogue key without its `errors.` prefix (stable for clients), `message` and
 * each `errors[].title` are translated by Accept-Language.
 */
export const ZErrorEnvelope = z.object({
  status: z.literal('error'),
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ title: z.string(), field: z.string().optional() })),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
