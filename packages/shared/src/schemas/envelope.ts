import { z } from 'zod';

/** Success envelope of DESIGN §3. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string().optional(), data });
}

export const ZErrorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.array(z.object({ title: z.string(), field: z.string().optional() })),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
